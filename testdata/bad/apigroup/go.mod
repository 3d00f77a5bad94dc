module k8s.io/api/resource/v1

go 1.26.0

require k8s.io/apimachinery v0.37.2

require k8s.io/utils v0.0.0-20260626114624-be93311217bd // indirect

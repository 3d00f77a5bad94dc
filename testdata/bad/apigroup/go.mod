module k8s.io/api/resource/v1

go 1.26.0

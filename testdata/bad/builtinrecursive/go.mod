module example.com/builtinrecursive

go 1.26.0

require k8s.io/api v0.37.2

replace k8s.io/api => ./api

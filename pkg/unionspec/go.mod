module github.com/union-gen/union-gen/pkg/unionspec

go 1.24.0

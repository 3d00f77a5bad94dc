// Package apis holds example API types with union markers. The generated
// files next to them are committed; regenerate them with `go generate
// ./examples/apis` or hack/update-codegen.sh.
package apis

//go:generate go run github.com/union-gen/union-gen/cmd/union-gen --go-header-file ../../hack/boilerplate.go.txt ./...

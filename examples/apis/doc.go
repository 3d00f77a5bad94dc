// Package apis holds example API types with union markers. The generated
// files next to them are committed. `go generate ./examples/apis` rewrites
// union-gen's; hack/update-codegen.sh also runs openapi-gen and removes
// outputs that are no longer generated.
package apis

//go:generate go run github.com/union-gen/union-gen/cmd/union-gen --go-header-file ../../hack/boilerplate.go.txt --openapi-output-pkg github.com/union-gen/union-gen/examples/apis/openapi ./...

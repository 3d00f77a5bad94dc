// Package kinds has members of every kind whose "set" state is visible. Its
// OpenAPI definitions are named after a model package, not the Go path.
//
// +k8s:openapi-model-package=io.example.kinds
package kinds

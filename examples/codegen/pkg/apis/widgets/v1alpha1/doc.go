/*
Copyright The Widgets Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// +k8s:deepcopy-gen=package
// +groupName=widgets.example.com

// Package v1alpha1 is the v1alpha1 version of the widgets.example.com API.
package v1alpha1

// The alternative to hack/update-codegen.sh's union-gen line: `go generate
// ./...`, with union-gen on PATH, writes the same zz_generated.unions.go.
//go:generate union-gen --go-header-file ../../../../hack/boilerplate.go.txt .

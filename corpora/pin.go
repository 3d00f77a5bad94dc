//go:build pin

// This file is never built: it pins in this module's go.mod and go.sum the
// corpora, so that the test finds them in the module cache and the go
// command verifies them without the checksum database, and what the test
// builds union-gen from.
package corpora

import (
	_ "github.com/openshift/api/config/v1"
	_ "github.com/spf13/pflag"
	_ "k8s.io/api/core/v1"
	_ "k8s.io/code-generator/cmd/validation-gen/validators"
	_ "k8s.io/gengo/v2/generator"
	_ "k8s.io/klog/v2"

	_ "github.com/union-gen/union-gen/cmd/union-gen/args"
	_ "github.com/union-gen/union-gen/cmd/union-gen/reference"
	_ "github.com/union-gen/union-gen/pkg/targets"
)

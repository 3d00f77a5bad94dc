// union-gen generates normalization and validation of Kubernetes API unions
// (KEP-1027) from +unionDiscriminator and +unionMember markers.
package main

import (
	"github.com/union-gen/union-gen/internal/command"
	"github.com/union-gen/union-gen/pkg/crd"
)

func main() {
	// A CRD's own rules are estimated where they are written in union-gen's
	// CEL, and bounded elsewhere: the API server's estimator would bring its
	// modules into the module of every user (see the apiservercel module).
	command.Main(crd.SubsetRules{})
}

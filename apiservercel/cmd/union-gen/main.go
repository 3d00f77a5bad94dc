// union-gen generates normalization and validation of Kubernetes API unions
// (KEP-1027) from +unionDiscriminator and +unionMember markers. This build
// estimates a CRD's own rules with the API server's code, so that the
// unions' rules that it adds to a CRD never take it over the API server's
// limit on the cost of a version's rules.
package main

import (
	"github.com/union-gen/union-gen/apiservercel"
	"github.com/union-gen/union-gen/internal/command"
)

func main() {
	command.Main(apiservercel.Rules{})
}

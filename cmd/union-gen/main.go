// union-gen generates normalization and validation of Kubernetes API unions
// (KEP-1027) from +unionDiscriminator and +unionMember markers.
package main

import "github.com/union-gen/union-gen/internal/command"

func main() {
	command.Main()
}

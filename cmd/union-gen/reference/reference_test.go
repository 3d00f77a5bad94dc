package reference

import (
	"bytes"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/golden"
)

// TestReferenceFile checks that docs/reference.md, which the README links
// to, is what `union-gen --docs` prints; -update rewrites it.
func TestReferenceFile(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "../../../docs/reference.md", b.Bytes())
}

package reference

import (
	"os"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/golden"
)

const readme = "../../README.md"

// TestREADME checks that the README's marker and error tables are the ones
// `union-gen --docs` prints; -update rewrites them from the registries.
func TestREADME(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, section := range []struct{ name, table string }{
		{"markers", MarkerTable()},
		{"dialects", DialectTable()},
		{"errors", RuleTable()},
	} {
		begin := "<!-- BEGIN union-gen --docs " + section.name + " -->\n"
		end := "<!-- END union-gen --docs " + section.name + " -->\n"
		before, rest, ok := strings.Cut(got, begin)
		_, after, ok2 := strings.Cut(rest, end)
		if !ok || !ok2 {
			t.Fatalf("README has no lines %q and %q around the %s table", begin, end, section.name)
		}
		got = before + begin + section.table + end + after
	}
	golden.Check(t, readme, []byte(got))
}

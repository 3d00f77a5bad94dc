package reference

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/union-gen/union-gen/cmd/union-gen/args"
)

const readme = "../../../README.md"

// block is a fenced code block of the README and the comment line above it,
// which says how the block is held true.
type block struct {
	line       int
	annotation string
	text       string
}

// readmeBlocks returns the README's fenced code blocks.
func readmeBlocks(t *testing.T, text string) []block {
	t.Helper()
	var blocks []block
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		b := block{line: i + 1}
		if i > 0 {
			b.annotation = lines[i-1]
		}
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		b.text = strings.Join(body, "\n") + "\n"
		blocks = append(blocks, b)
	}
	return blocks
}

var annotation = regexp.MustCompile(`^<!-- (excerpts?|run|quoted): (.+) -->$`)

// TestREADMEBlocks holds the README's code blocks true: each is an excerpt of
// a file that the tests check (generated files, examples, scripts), or
// excerpts of one separated by blank lines, commands that
// examples/kubebuilder's test runs, or a quotation of what another program
// prints, as the comment line above it says.
func TestREADMEBlocks(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	blocks := readmeBlocks(t, string(data))
	if len(blocks) == 0 {
		t.Fatal("the README has no code block")
	}
	for _, b := range blocks {
		m := annotation.FindStringSubmatch(b.annotation)
		if m == nil {
			t.Errorf("README.md:%d: the code block has no <!-- excerpt: FILE -->, <!-- excerpts: FILE -->, <!-- run: DIR --> or <!-- quoted: WHAT --> line above it", b.line)
			continue
		}
		switch kind, arg := m[1], m[2]; kind {
		case "excerpt", "excerpts":
			file, err := os.ReadFile(filepath.Join("../../..", arg))
			if err != nil {
				t.Errorf("README.md:%d: %v", b.line, err)
				continue
			}
			parts := []string{b.text}
			if kind == "excerpts" {
				parts = strings.SplitAfter(b.text, "\n\n")
			}
			for _, part := range parts {
				if !strings.Contains(string(file), strings.TrimSuffix(part, "\n")) {
					t.Errorf("README.md:%d: the code block is not an excerpt of %s; copy it from there:\n%s", b.line, arg, part)
				}
			}
		case "run":
			if arg != "examples/kubebuilder" {
				t.Errorf("README.md:%d: commands are run in examples/kubebuilder only, not %s", b.line, arg)
			}
		}
	}
}

// TestREADMELength keeps the README a page that users read top to bottom:
// the reference is in docs/.
func TestREADMELength(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n >= 300 {
		t.Errorf("README.md has %d lines; keep it under 300, and move reference material to docs/", n)
	}
}

// TestREADMELinks checks that the README's links to files of the
// repository lead to files that exist.
func TestREADMELinks(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)(#[^)]*)?\)`).FindAllStringSubmatch(string(data), -1) {
		if _, err := os.Stat(filepath.Join("../../..", m[1])); err != nil {
			t.Errorf("README.md links to %s: %v", m[1], err)
		}
	}
}

// readmeTable returns the rows of the first table under the README's
// heading, without its header and separator lines.
func readmeTable(t *testing.T, heading string) []string {
	t.Helper()
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no heading %q", heading)
	}
	var rows []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "|") {
			rows = append(rows, line)
		} else if len(rows) > 0 {
			break
		}
	}
	if len(rows) < 3 {
		t.Fatalf("README.md has no table under %q", heading)
	}
	return rows[2:]
}

// TestREADMEFlags: the README's flags table names the flags that --help
// lists, no more and no fewer, each with --help's default: the value in
// backticks, the one its usage names where the flag's own is empty (which
// tells union-gen that it was not given), "none" for an empty one, "off"
// for false.
func TestREADMEFlags(t *testing.T) {
	defaults := map[string]string{}
	usageDefault := regexp.MustCompile(`\(default "([^"]+)"\)$`)
	args.New().FlagSet().VisitAll(func(f *pflag.Flag) {
		switch m := usageDefault.FindStringSubmatch(f.Usage); {
		case f.DefValue == "" && m != nil:
			defaults[f.Name] = "`" + m[1] + "`"
		case f.DefValue == "" || f.DefValue == "[]":
			defaults[f.Name] = "none"
		case f.DefValue == "false":
			defaults[f.Name] = "off"
		default:
			defaults[f.Name] = "`" + f.DefValue + "`"
		}
	})
	var named []string
	for _, row := range readmeTable(t, "## Flags") {
		cells := strings.Split(strings.Trim(row, "| "), " | ")
		for _, m := range regexp.MustCompile("`-{1,2}([a-z-]+)`").FindAllStringSubmatch(cells[0], -1) {
			named = append(named, m[1])
			if want, ok := defaults[m[1]]; ok && cells[len(cells)-1] != want {
				t.Errorf("README.md's flags table gives --%s the default %s; --help's is %s", m[1], cells[len(cells)-1], want)
			}
		}
	}
	slices.Sort(named)
	flags := slices.Sorted(maps.Keys(defaults))
	if !slices.Equal(named, flags) {
		t.Errorf("README.md's flags table names %v; --help lists %v", named, flags)
	}
}

// TestREADMEMarkers: each row of the README's markers table is the row of
// docs/reference.md (MarkerTable) of its marker, less the rules column.
func TestREADMEMarkers(t *testing.T) {
	reference := map[string]string{}
	for _, row := range strings.Split(strings.TrimSpace(MarkerTable()), "\n")[2:] {
		marker, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " | ")
		reference[marker] = row[:strings.LastIndex(row, " | ")] + " |"
	}
	for _, row := range readmeTable(t, "## Markers") {
		marker, _, _ := strings.Cut(strings.TrimPrefix(row, "| "), " | ")
		if want, ok := reference[marker]; !ok {
			t.Errorf("README.md's marker %s is not in docs/reference.md", marker)
		} else if row != want {
			t.Errorf("README.md's row of %s is not docs/reference.md's (less its rules); copy it:\n%s", marker, want)
		}
	}
}

package reference

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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

var annotation = regexp.MustCompile(`^<!-- (excerpt|run|quoted): (.+) -->$`)

// TestREADMEBlocks holds the README's code blocks true: each is an excerpt of
// a file that the tests check (generated files, examples, scripts), a
// command that examples/kubebuilder's test runs, or a quotation of what
// another program prints, as the comment line above it says.
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
			t.Errorf("README.md:%d: the code block has no <!-- excerpt: FILE -->, <!-- run: DIR --> or <!-- quoted: WHAT --> line above it", b.line)
			continue
		}
		switch kind, arg := m[1], m[2]; kind {
		case "excerpt":
			file, err := os.ReadFile(filepath.Join("../../..", arg))
			if err != nil {
				t.Errorf("README.md:%d: %v", b.line, err)
			} else if !strings.Contains(string(file), b.text) {
				t.Errorf("README.md:%d: the code block is not an excerpt of %s; copy it from there:\n%s", b.line, arg, b.text)
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

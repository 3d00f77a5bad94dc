package webhook_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDockerfile runs what of the image's Dockerfile this machine can, as
// written, with no container engine or registry: its build stage's ENV and
// RUN lines in a shell at the repository root (the build context), the
// output directory moved to a temporary one; and it checks that each file
// the final stage copies from the context is there and not left out by
// .dockerignore, and that the image runs as a user that is not root. docker build itself is not run here.
func TestDockerfile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds union-webhook (-short)")
	}
	data, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var script []string
	var copies []string
	var user string
	for _, line := range strings.Split(string(data), "\n") {
		instruction, rest, _ := strings.Cut(line, " ")
		switch instruction {
		case "ENV":
			script = append(script, "export "+rest)
		case "RUN":
			script = append(script, strings.ReplaceAll(rest, "/out/", out+"/"))
		case "COPY":
			if args := strings.Fields(rest); !strings.HasPrefix(args[0], "--from") && args[0] != "." {
				copies = append(copies, args[0])
			}
		case "USER":
			user = rest
		}
	}
	if len(script) < 2 || len(copies) == 0 {
		t.Fatalf("Dockerfile: no ENV and RUN lines, or no COPY of a file: %q %q", script, copies)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "bash", "-euc", strings.Join(script, "\n"))
	cmd.Dir = root
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the build stage: %v\n%s", err, output)
	}
	if _, err := os.Stat(filepath.Join(out, "union-webhook")); err != nil {
		t.Errorf("the build stage makes no union-webhook: %v", err)
	}
	ignore, err := os.ReadFile(filepath.Join(root, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range copies {
		if _, err := os.Stat(filepath.Join(root, c)); err != nil {
			t.Errorf("COPY %s: %v", c, err)
		}
		for _, pattern := range strings.Fields(string(ignore)) {
			if c == pattern || strings.HasPrefix(c, pattern+"/") {
				t.Errorf("COPY %s: .dockerignore leaves it out of the build context (%s)", c, pattern)
			}
		}
	}
	if user == "" || strings.HasPrefix(user, "0") || strings.HasPrefix(user, "root") {
		t.Errorf("the image runs as %q, want a user that is not root", user)
	}
}

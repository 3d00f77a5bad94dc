package moduletest

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestBelow(t *testing.T) {
	for _, c := range []struct{ name, pattern, want string }{
		{"TestCRDModule", "", ""},
		{"TestCRDModule", "TestCRDModule", ""},
		{"TestCRDModule", "Module", ""},
		{"TestCRDModule", "TestCRDModule/TestDifferentialCEL", "TestDifferentialCEL"},
		{"TestCRDModule", "^TestCRDModule$/^TestDifferentialCEL$/sub", "^TestDifferentialCEL$/sub"},
		{"TestCRDModule", "TestCRDModule/TestA|TestKubeModule/TestB|TestCRDModule/TestC", "TestA|TestC"},
		{"TestCRDModule", "TestCRDModule/TestA|CRD", ""},
		{"TestCRDModule", "TestKubeModule/TestA", ""},
		{"TestCRDModule", "TestCRDModule/Test(A|B/C)", "Test(A|B/C)"},
		{"TestCRDModule", `TestCRDModule/Test[/|]x\|y`, `Test[/|]x\|y`},
		{"TestX/sub", "TestX/sub/TestA", "TestA"},
		{"TestX/sub", "TestX/other/TestA", ""},
	} {
		if got := below(c.name, c.pattern); got != c.want {
			t.Errorf("below(%q, %q) = %q, want %q", c.name, c.pattern, got, c.want)
		}
	}
}

// TestNestedRun runs GoTest as the repository runs it: from a test of a
// parent module, on a module nested in it. A module outside the repository
// cannot import this internal package, so the parent gets a copy of its
// source.
func TestNestedRun(t *testing.T) {
	goLine := goDirective(t, "../../../go.mod")
	parent := t.TempDir()
	write(t, parent, "go.mod", "module example.com/parent\n\n"+goLine+"\n")
	sources, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range sources {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		write(t, parent, "moduletest/"+name, string(src))
	}
	write(t, parent, "driver/driver_test.go", `package driver

import (
	"testing"

	"example.com/parent/moduletest"
)

func TestNested(t *testing.T) { moduletest.GoTest(t, "../nested") }
`)
	write(t, parent, "nested/go.mod", "module example.com/nested\n\n"+goLine+"\n")
	nested := func(body string) {
		write(t, parent, "nested/nested_test.go", "package nested\n\nimport \"testing\"\n\n"+body)
	}

	nested("func TestPass(t *testing.T) {}\n")
	if out, err := goTest(t, parent); err != nil {
		t.Fatalf("passing nested test: %v\n%s", err, out)
	}
	nested("func TestPass(t *testing.T) { t.Fatal(\"nested failure\") }\n")
	out, err := goTest(t, parent)
	if err == nil || !strings.Contains(out, "nested failure") || strings.Contains(out, "(cached)") {
		t.Fatalf("the same command after the nested test was made to fail: %v, want the nested failure, not cached\n%s", err, out)
	}

	nested(`func TestPass(t *testing.T) {}

func TestShort(t *testing.T) {
	if !testing.Short() {
		t.Fatal("not -short")
	}
}

func TestFail(t *testing.T) { t.Fatal("ran") }
`)
	out, err = goTest(t, parent, "-v", "-short", "-run", "TestNested/TestPass|TestNested/TestShort")
	if err != nil || !strings.Contains(out, "--- PASS: TestShort") {
		t.Fatalf("-run selecting nested tests, with -short and -v: %v, want a pass that shows TestShort's\n%s", err, out)
	}
	if out, err := goTest(t, parent, "-short", "-run", "TestNested", "-skip", "TestNested/TestFail"); err != nil {
		t.Fatalf("-skip of a nested test: %v\n%s", err, out)
	}
}

// goDirective returns the go line of a go.mod, so that the test modules
// use the language version that GoTest's source is written for.
func goDirective(t *testing.T, gomod string) string {
	t.Helper()
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	for sc := bufio.NewScanner(bytes.NewReader(data)); sc.Scan(); {
		if strings.HasPrefix(sc.Text(), "go ") {
			return sc.Text()
		}
	}
	t.Fatalf("%s has no go line", gomod)
	return ""
}

func write(t *testing.T, dir, name, content string) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// goTest runs `go test [args] ./...` in dir with this test's environment;
// GOWORK=off keeps a workspace around the temporary directory out of it.
func goTest(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), "go", append(append([]string{"test"}, args...), "./...")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

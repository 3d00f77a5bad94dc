package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoTool installs union-gen in another module the way users do, with
// `go get -tool`, and runs it through `go generate` and `go tool`.
func TestGoTool(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	module := t.TempDir()
	writeModuleFile(t, filepath.Join(module, "go.mod"), `module example.com/consumer

go 1.26.0

require github.com/union-gen/union-gen v0.0.0

replace github.com/union-gen/union-gen => `+root+`

replace github.com/union-gen/union-gen/pkg/openapiext => `+root+`/pkg/openapiext

replace github.com/union-gen/union-gen/pkg/unionspec => `+root+`/pkg/unionspec

replace github.com/union-gen/union-gen/pkg/unstructuredunions => `+root+"/pkg/unstructuredunions\n")
	writeModuleFile(t, filepath.Join(module, "apis", "types.go"), `package apis

//go:generate go tool union-gen .

// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

type S struct {
	// +unionDiscriminator
	Kind Kind `+"`json:\"kind\"`"+`
	// +unionMember
	// +optional
	A *int `+"`json:\"a,omitempty\"`"+`
}
`)

	// The consumer gets this repository's go.sum: every module in its graph
	// is in ours, so `go get` verifies each against a known checksum and
	// never asks the checksum database, which CI runners often cannot reach.
	// `go get` reads the go.mod file of every module in the graph, some of
	// which building union-gen does not need, and the generated code imports
	// k8s.io/apimachinery: downloading our modules puts them all in the
	// module cache first (from the module proxy, if they are not there yet).
	// The consumer then works without the proxy: a lookup of
	// github.com/union-gen/union-gen there would fail, as it is not published.
	// `go mod tidy` is left out: it wants the modules of our dependencies'
	// tests as well, whose checksums our go.sum lacks; -mod=mod lets vet
	// record what the generated file imports instead.
	download := exec.Command("go", "mod", "download")
	download.Dir = root
	if out, err := download.CombinedOutput(); err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	sums, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeModuleFile(t, filepath.Join(module, "go.sum"), string(sums))
	env := append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	for _, args := range [][]string{
		{"get", "-tool", "github.com/union-gen/union-gen/cmd/union-gen"},
		{"generate", "./..."},
		{"vet", "./..."},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = module
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	generated, err := os.ReadFile(filepath.Join(module, "apis", "zz_generated.unions.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(generated), "func (in *S) ValidateUnions(old *S, fldPath *field.Path) field.ErrorList") {
		t.Errorf("generated file lacks ValidateUnions:\n%s", generated)
	}
}

func writeModuleFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

package unstructuredtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// oldModule is a webhook and an OpenAPI server on Kubernetes 1.33's
// libraries, the oldest that union-gen supports, that import the packages
// users import.
const oldModule = `module example.com/oldhook

go 1.24.0

require (
	k8s.io/api v0.33.4
	k8s.io/apimachinery v0.33.4
	k8s.io/kube-openapi v0.0.0-20250318190949-c8a335a9a2ff
)
`

const oldMain = `package main

import (
	"fmt"

	admissionv1 "k8s.io/api/admission/v1"
	"k8s.io/kube-openapi/pkg/common"

	"github.com/union-gen/union-gen/pkg/openapiext"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

func main() {
	var review admissionv1.AdmissionReview
	var get common.GetOpenAPIDefinitions
	_, err := unstructuredunions.LoadFile(nil)
	fmt.Println(review.Kind, err, openapiext.WithUnions(get, nil) != nil)
}
`

// TestOldKubernetesModule: a module on Kubernetes 1.33's libraries that
// imports pkg/unstructuredunions and pkg/openapiext builds, and keeps its
// k8s.io versions: those packages are modules of their own whose
// requirements are 1.33's.
func TestOldKubernetesModule(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of k8s.io v0.33 (-short)")
	}
	dir := t.TempDir()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(oldModule), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(oldMain), 0o644); err != nil {
		t.Fatal(err)
	}
	goCmd := func(args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(t.Context(), "go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	// Not yet published: the packages are taken from this repository.
	for _, p := range []string{"openapiext", "unionspec", "unstructuredunions"} {
		goCmd("mod", "edit", "-require=github.com/union-gen/union-gen/pkg/"+p+"@v0.0.0-00010101000000-000000000000",
			"-replace=github.com/union-gen/union-gen/pkg/"+p+"="+filepath.Join(root, "pkg", p))
	}
	goCmd("mod", "tidy")
	goCmd("build", "./...")
	got := goCmd("list", "-m", "k8s.io/api", "k8s.io/apimachinery", "k8s.io/kube-openapi")
	if want := "k8s.io/api v0.33.4\nk8s.io/apimachinery v0.33.4\nk8s.io/kube-openapi v0.0.0-20250318190949-c8a335a9a2ff\n"; got != want {
		t.Errorf("the module's k8s.io versions are now\n%swant\n%s", got, want)
	}
}

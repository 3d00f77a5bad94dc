package widgets_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oldGoMod is the project's go.mod on Kubernetes 1.33's libraries, the
// oldest that union-gen supports, with the controller-gen of that release.
const oldGoMod = `module example.com/widgets

go 1.24.0

require (
	k8s.io/api v0.33.4
	k8s.io/apimachinery v0.33.4
	k8s.io/client-go v0.33.4
	sigs.k8s.io/controller-runtime v0.21.0
	sigs.k8s.io/controller-tools v0.18.0
)

tool sigs.k8s.io/controller-tools/cmd/controller-gen
`

// TestOldKubernetes: the project on Kubernetes 1.33's libraries, with the
// controller-gen of that release, runs the README's commands (union-gen
// built from the clone, make manifests) without GOBIN, gets the union's
// rules, and still builds with its k8s.io versions as they were, which
// `go get -tool` of union-gen would raise.
func TestOldKubernetes(t *testing.T) {
	dir := project(t)
	for _, f := range []string{"go.sum", "api/v1/zz_generated.unions.go", "config/crd/bases/apps.example.com_widgets.unions-policy.yaml"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(oldGoMod), 0o644); err != nil {
		t.Fatal(err)
	}
	goOutput(t, dir, "mod", "tidy")
	versions := goOutput(t, dir, "list", "-m", "all")

	const oldControllerTools = "v0.18.0"
	installAsMake(t, dir, "controller-gen", oldControllerTools, goOutput(t, dir, "tool", "-n", "controller-gen"))
	runREADME(t, dir, "GOBIN=", "CONTROLLER_TOOLS_VERSION="+oldControllerTools,
		"PATH="+filepath.Join(dir, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	checkRules(t, dir)
	if got, want := read(t, filepath.Join(dir, "api/v1/zz_generated.unions.go")), read(t, "api/v1/zz_generated.unions.go"); got != want {
		t.Errorf("the union methods differ from the checked-in ones:\n%s", got)
	}
	goOutput(t, dir, "build", "./...")
	if got := goOutput(t, dir, "list", "-m", "all"); got != versions {
		t.Errorf("the module graph changed:\n%s\nwas\n%s", got, versions)
	}
	for _, m := range []string{"k8s.io/api v0.33.4", "k8s.io/apimachinery v0.33.4", "k8s.io/client-go v0.33.4", "sigs.k8s.io/controller-runtime v0.21.0"} {
		if !strings.Contains(versions+"\n", "\n"+m+"\n") {
			t.Errorf("the project's module graph lacks %s:\n%s", m, versions)
		}
	}
}

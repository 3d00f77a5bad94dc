package targets

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/testsupport/gengoload"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// The packages of testdata/internal, laid out as k8s.io/kubernetes lays
// out apps: internal types without json tags, the package that converts
// them (its doc.go has +k8s:conversion-gen), and the versioned types.
const (
	internalDir      = "./testdata/internal/"
	internalPkg      = "github.com/union-gen/union-gen/pkg/targets/testdata/internal/apps"
	versionedTypePkg = "github.com/union-gen/union-gen/pkg/targets/testdata/internal/api/apps/v1"
)

// TestInternalTypes: a package of internal types gets the methods of its
// unions, whose error paths are the JSON names of the versioned types that
// conversion fills from them, and whose lists are matched with the old
// object's by the versioned fields' list-map keys; the internal and
// versioned packages get the same file but for its package clause. The package that converts them
// has no unions, and no file.
func TestInternalTypes(t *testing.T) {
	files := generate(t, internalDir+"apps", internalDir+"apps/v1", internalDir+"api/apps/v1")
	read := func(dir string) []byte {
		abs, err := filepath.Abs(filepath.Join(internalDir, dir, goldenFile))
		if err != nil {
			t.Fatal(err)
		}
		return files[abs]
	}
	internal, versioned := read("apps"), read("api/apps/v1")
	if internal == nil || versioned == nil || read("apps/v1") != nil {
		t.Fatalf("generated files: %v; want those of apps and api/apps/v1", slices.Sorted(func(yield func(string) bool) {
			for path := range files {
				if !yield(path) {
					return
				}
			}
		}))
	}
	if !bytes.Contains(internal, []byte(`fldPath.Child("rollingUpdate")`)) {
		t.Errorf("the internal package's errors do not name the member by its versioned JSON name:\n%s", internal)
	}
	if got := bytes.Replace(internal, []byte("\npackage apps\n"), []byte("\npackage v1\n"), 1); !bytes.Equal(got, versioned) {
		t.Errorf("the internal and versioned files differ but for the package clause:\n%s\n---\n%s", internal, versioned)
	}
}

// TestInternalTypesSameRules: the model of an internal union holds the
// rules of its versioned union, as data; unpaired, its fields have no JSON
// names, and each is an error that says how to pair the package.
func TestInternalTypesSameRules(t *testing.T) {
	universe, pkgs := gengoload.Load(t, "", internalDir+"apps", internalDir+"api/apps/v1", internalDir+"unpaired")
	model, problems := unions.Build(universe, pkgs, unions.Options{BuildTags: buildTags, Versioned: map[string]string{internalPkg: versionedTypePkg}})
	var jsonNames []string
	for _, p := range problems {
		if p.Rule == report.JSONName {
			jsonNames = append(jsonNames, p.Message)
		}
	}
	if len(jsonNames) != 2 || len(problems) != 2 || !strings.Contains(jsonNames[0], "+k8s:conversion-gen=github.com/union-gen/union-gen/pkg/targets/testdata/internal/unpaired") {
		t.Errorf("problems: %v; want the two fields of unpaired's union, each without a JSON name", problems)
	}
	for _, name := range []string{"Deployment", "DeploymentSpec", "DeploymentStrategy", "Step"} {
		internal, versioned := model.Plans[types.Name{Package: internalPkg, Name: name}], model.Plans[types.Name{Package: versionedTypePkg, Name: name}]
		if internal == nil || versioned == nil {
			t.Fatalf("%s: plans internal %v, versioned %v", name, internal, versioned)
		}
		// The description as data, which the policy, CRD and unstructured
		// backends read: its JSON, where walks name the structs they go
		// to by their Go names.
		got := strings.ReplaceAll(asJSON(t, internal.Description), internalPkg+".", versionedTypePkg+".")
		if want := asJSON(t, versioned.Description); got != want {
			t.Errorf("%s: the internal description\n  %s\nis not the versioned\n  %s", name, got, want)
		}
	}
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Package imports holds the layers that docs/development.md draws to the
// code's imports: the model imports no backend, no backend imports another,
// and the CRD and policy backends, which read only the description, depend
// on no marker, model or gengo type.
package imports

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const module = "github.com/union-gen/union-gen/"

// layers says, for each package, which packages it must not depend on,
// directly or not.
var layers = map[string][]string{
	"pkg/unions":     {"pkg/generators", "pkg/crd", "pkg/policy", "pkg/builtin", "pkg/targets", "pkg/unstructuredunions"},
	"pkg/generators": {"pkg/crd", "pkg/policy", "pkg/builtin", "pkg/targets", "pkg/unstructuredunions"},
	"pkg/crd":        {"pkg/unions", "pkg/markers", "pkg/load", "pkg/policy", "pkg/generators", "pkg/builtin", "pkg/targets", "pkg/unstructuredunions", "k8s.io/gengo/v2"},
	"pkg/policy":     {"pkg/unions", "pkg/markers", "pkg/load", "pkg/crd", "pkg/generators", "pkg/builtin", "pkg/targets", "pkg/unstructuredunions", "k8s.io/gengo/v2"},
	"pkg/backend":    {"pkg/unions", "pkg/markers", "pkg/crd", "pkg/policy", "pkg/generators", "k8s.io/gengo/v2"},
	"pkg/celprint":   {"pkg/unions", "pkg/markers", "pkg/crd", "pkg/policy", "pkg/generators", "k8s.io/gengo/v2"},
	"pkg/builtin":    {"pkg/generators", "pkg/crd", "pkg/policy", "pkg/targets"},
	"pkg/load":       {"pkg/markers", "pkg/unions"},
	"pkg/markers":    {"pkg/unions", "pkg/load"},
}

// TestLayers: no package of layers depends on one it must not.
func TestLayers(t *testing.T) {
	patterns := make([]string, 0, len(layers))
	for pkg := range layers {
		patterns = append(patterns, module+pkg)
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps, Dir: "../.."}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(layers) {
		t.Fatalf("loaded %d packages, want %d", len(pkgs), len(layers))
	}
	for _, p := range pkgs {
		name := strings.TrimPrefix(p.PkgPath, module)
		deps := map[string]bool{}
		packages.Visit([]*packages.Package{p}, nil, func(d *packages.Package) { deps[d.PkgPath] = true })
		for _, banned := range layers[name] {
			path := banned
			if !strings.HasPrefix(banned, "k8s.io/") {
				path = module + banned
			}
			for dep := range deps {
				if dep == path || strings.HasPrefix(dep, path+"/") {
					t.Errorf("%s depends on %s (%s)", name, banned, dep)
					break
				}
			}
		}
	}
}

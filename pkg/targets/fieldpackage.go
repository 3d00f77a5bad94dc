package targets

import (
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/generator"

	"github.com/union-gen/union-gen/pkg/report"
)

// fieldPackage is the package that the generated methods import beside the
// standard library.
const fieldPackage = "k8s.io/apimachinery/pkg/util/validation/field"

// checkFieldPackage reports, at the go.mod of each module of the packages
// that get methods (targets), that fieldPackage does not resolve in the run's
// build, so that no code that cannot build is written. The packages of a
// run resolve their imports in one build list: where gengo loaded
// fieldPackage, as every package that imports metav1 does, it resolves.
func checkFieldPackage(c *generator.Context, targets []generator.Target) report.Problems {
	if len(targets) == 0 || c.Universe[fieldPackage] != nil && c.Universe[fieldPackage].Dir != "" {
		return nil
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName}, fieldPackage)
	if err != nil {
		return report.Problems{{Rule: report.NoFieldPackage, Message: fmt.Sprintf("cannot tell whether %s resolves, which the generated methods import: %v", fieldPackage, err)}}
	}
	var reasons []string
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			// go list's advice to go get the package follows a ";".
			reason, _, _ := strings.Cut(e.Msg, ";")
			reasons = append(reasons, reason)
		}
	}
	if len(reasons) == 0 {
		return nil
	}
	byModule := map[string][]string{}
	for _, t := range targets {
		goMod := moduleFile(t.Dir())
		byModule[goMod] = append(byModule[goMod], t.Path())
	}
	var problems report.Problems
	for _, goMod := range slices.Sorted(maps.Keys(byModule)) {
		problems = append(problems, report.Problem{Pos: token.Position{Filename: goMod, Line: 1, Column: 1}, Rule: report.NoFieldPackage,
			Message: fmt.Sprintf("the generated methods of %s import %s, which this module does not provide (%s): run `go get k8s.io/apimachinery` here, then union-gen again",
				strings.Join(byModule[goMod], ", "), fieldPackage, strings.Join(reasons, "; "))})
	}
	return problems
}

// moduleFile is the go.mod of the module of the package in dir: the first
// above it, or dir's own go.mod where there is none.
func moduleFile(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "go.mod")
		}
		if filepath.Dir(d) == d {
			return filepath.Join(dir, "go.mod")
		}
	}
}

package corpora

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// unionLike matches a marker of any union dialect, also wrapped in
// validation-gen's stability levels: +union, +unionDiscriminator,
// +unionMember, +unionDeprecated, +k8s:unionMember, +k8s:zeroOrOneOfMember,
// +k8s:modeDiscriminator, +k8s:ifMode, +oneOf and +zeroOrOneOf among them.
var unionLike = regexp.MustCompile(`^\+(k8s:[a-z]+\([^)]*\)=\+)*(union|k8s:union|k8s:zeroOrOneOf|k8s:modeDiscriminator|k8s:ifMode|oneOf=|zeroOrOneOf=|k8s:discriminator|k8s:member)`)

// markerPlace is a union-like marker and what it is written on.
type markerPlace struct {
	pos         token.Position
	text        string
	typ, field  string
	first, last int // the lines of the field, from its comment to itself
}

// silentMarkers returns the union-like markers of the Go files of the module
// in dir that union-gen neither read, into a union of the model, nor warned
// about: a marker on a type is read where the type has a union, one on a
// field where the field is a union's discriminator or member; a warning
// on the lines of the field or type, or one of its struct that quotes the
// marker, counts as said. It also returns how many markers it saw.
func silentMarkers(t *testing.T, dir, module string, model *unions.Model, problems report.Problems) (silent []markerPlace, seen int) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasPrefix(d.Name(), "zz_generated") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := module
		if rel != "." {
			pkg += "/" + filepath.ToSlash(rel)
		}
		for _, m := range markersOf(fset, f) {
			seen++
			if !readOrWarned(model.Plans[types.Name{Package: pkg, Name: m.typ}], m, problems) {
				silent = append(silent, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return silent, seen
}

// markersOf returns the union-like markers of the struct types of a file.
func markersOf(fset *token.FileSet, f *ast.File) []markerPlace {
	var out []markerPlace
	find := func(doc *ast.CommentGroup, typ, field string, end token.Pos) {
		if doc == nil {
			return
		}
		for _, c := range doc.List {
			text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			if unionLike.MatchString(text) {
				out = append(out, markerPlace{pos: fset.Position(c.Pos()), text: text, typ: typ, field: field,
					first: fset.Position(doc.Pos()).Line, last: fset.Position(end).Line})
			}
		}
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range g.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok {
				continue
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			doc := ts.Doc
			if doc == nil {
				doc = g.Doc
			}
			find(doc, ts.Name.Name, "", st.Pos())
			for _, field := range st.Fields.List {
				for _, name := range field.Names {
					find(field.Doc, ts.Name.Name, name.Name, field.End())
				}
			}
		}
	}
	return out
}

// readOrWarned reports whether union-gen read the marker into a union of
// plan, or warned about it.
func readOrWarned(plan *unions.Plan, m markerPlace, problems report.Problems) bool {
	if plan != nil {
		for _, u := range plan.Unions {
			if m.field == "" || u.Requires == unionspec.Discriminated && u.Discriminator.GoName == m.field ||
				slices.ContainsFunc(u.Members, func(member *unions.Member) bool { return member.GoName == m.field }) {
				return true
			}
		}
	}
	// A warning on the marker's lines, or one of its struct that names the
	// marker (a group's is at its first field).
	return slices.ContainsFunc(problems, func(p report.Problem) bool {
		return p.Warning && p.Pos.Filename == m.pos.Filename &&
			(m.first <= p.Pos.Line && p.Pos.Line <= m.last || strings.Contains(p.Subject, "."+m.typ+".") && strings.Contains(p.Message, m.text))
	})
}

// silentSection checks that union-gen reads every union-like marker of the
// module or warns about it, and says so for the report.
func silentSection(t *testing.T, dir, module string, model *unions.Model, problems report.Problems) string {
	t.Helper()
	silent, seen := silentMarkers(t, dir, module, model, problems)
	for _, m := range silent {
		t.Errorf("%s:%d: %s.%s: union-gen neither reads %s nor warns about it", m.pos.Filename, m.pos.Line, m.typ, m.field, m.text)
	}
	return fmt.Sprintf("\nNo union-like marker is ignored: of the %d that the module's types carry (`+union`, `+unionDiscriminator`, validation-gen's union and mode tags, `+oneOf`, `+zeroOrOneOf`), union-gen reads every one into a union, or warns at its field or type.\n", seen)
}

package unions

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/union-gen/union-gen/internal/gosource"
	"github.com/union-gen/union-gen/pkg/markers"
)

// source gives file positions to declarations. gengo's types carry none, so
// the packages that use union markers are parsed once more, here, on demand.
type source struct {
	fset      *token.FileSet
	buildTags []string
	pkgs      map[string]*pkgSource
	// unionDocs holds, by package directory, unionTypes' answers.
	unionDocs map[string]map[string]bool
}

// pkgSource is the syntax of one package, indexed by declaration name.
type pkgSource struct {
	// comments are the package comments of every file.
	comments []string
	types    map[string]typeDecl
	// untyped holds, by enum type name, the untyped constants written in
	// const blocks after constants of that type.
	untyped map[string][]untypedConst
	// consts holds the spec that declares each constant.
	consts map[string]*ast.ValueSpec
	// vars holds, by type name, the variables of that type with a string
	// literal, which some authors write for what must be constants.
	vars map[string][]untypedConst
}

type typeDecl struct {
	spec *ast.TypeSpec
	// doc is the spec's comment, or its declaration's for a lone spec.
	doc *ast.CommentGroup
}

func newSource(buildTags []string) *source {
	return &source{fset: token.NewFileSet(), buildTags: buildTags, pkgs: map[string]*pkgSource{}, unionDocs: map[string]map[string]bool{}}
}

// pkg parses the package in dir once. A package that cannot be read yields an
// empty index: gengo has already loaded it, so positions are then only missing.
func (s *source) pkg(dir string) *pkgSource {
	if p, ok := s.pkgs[dir]; ok {
		return p
	}
	p := &pkgSource{types: map[string]typeDecl{}, untyped: map[string][]untypedConst{}, consts: map[string]*ast.ValueSpec{}, vars: map[string][]untypedConst{}}
	s.pkgs[dir] = p
	for _, f := range gosource.Parse(s.fset, dir, s.buildTags, false) {
		p.comments = append(p.comments, markers.PackageComments(f)...)
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch gd.Tok {
			case token.CONST:
				s.indexConsts(p, gd)
			case token.VAR:
				s.indexVars(p, gd)
			case token.TYPE:
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					p.types[ts.Name.Name] = typeDecl{spec: ts, doc: gosource.TypeDoc(gd, ts)}
				}
			}
		}
	}
	return p
}

// unionTypes returns the names of the types of the package in dir whose doc
// comment has a union marker. gengo gives no doc comment to the types of a
// package that is not an input, so they are read here, but only from the
// files that mention "+union", which most packages have none of: the
// package is not parsed whole, as pkg parses it.
func (s *source) unionTypes(dir string) map[string]bool {
	if names, ok := s.unionDocs[dir]; ok {
		return names
	}
	names := map[string]bool{}
	s.unionDocs[dir] = names
	for _, f := range gosource.ParseMentioning(s.fset, dir, s.buildTags, "+"+markers.LegacyUnionMarker) {
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					if doc := gosource.TypeDoc(gd, ts); doc != nil && markers.HasUnionMarker(strings.Split(doc.Text(), "\n")) {
						names[ts.Name.Name] = true
					}
				}
			}
		}
	}
	return names
}

// cgoUnionMarkers returns the position of the first union marker of each
// file of the package in dir that imports "C": with cgo off, as union-gen
// reads packages, such a file is not in the package.
func (s *source) cgoUnionMarkers(dir string) []token.Position {
	var out []token.Position
	for _, f := range gosource.Parse(s.fset, dir, s.buildTags, true) {
		for _, c := range f.Comments {
			if markers.HasUnionMarker(strings.Split(c.Text(), "\n")) {
				out = append(out, s.position(c.Pos()))
				break
			}
		}
	}
	return out
}

func (s *source) position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return s.fset.Position(pos)
}

// typePos is the position of a type's name.
func (s *source) typePos(dir, typeName string) token.Position {
	if d, ok := s.pkg(dir).types[typeName]; ok {
		return s.position(d.spec.Name.Pos())
	}
	return token.Position{}
}

// typeDoc is the doc comment of a type, as lines without comment markers.
func (s *source) typeDoc(dir, typeName string) []string {
	if d, ok := s.pkg(dir).types[typeName]; ok && d.doc != nil {
		return strings.Split(strings.TrimSuffix(d.doc.Text(), "\n"), "\n")
	}
	return nil
}

// field finds a struct field by name; embedded fields are named by their type.
func (s *source) field(dir, typeName, fieldName string) *ast.Field {
	d, ok := s.pkg(dir).types[typeName]
	if !ok {
		return nil
	}
	st, ok := d.spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 && embeddedName(f.Type) == fieldName {
			return f
		}
		for _, n := range f.Names {
			if n.Name == fieldName {
				return f
			}
		}
	}
	return nil
}

func embeddedName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.StarExpr:
		return embeddedName(t.X)
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.IndexExpr:
		return embeddedName(t.X)
	case *ast.IndexListExpr:
		return embeddedName(t.X)
	}
	return ""
}

// fieldPos is the position of a struct field's name.
func (s *source) fieldPos(dir, typeName, fieldName string) token.Position {
	f := s.field(dir, typeName, fieldName)
	if f == nil {
		return s.typePos(dir, typeName)
	}
	for _, n := range f.Names {
		if n.Name == fieldName {
			return s.position(n.Pos())
		}
	}
	return s.position(f.Type.Pos())
}

// fieldMarkerPos is the position of the "+" of comment line i of a field's
// doc comment, as gengo reported the lines.
func (s *source) fieldMarkerPos(dir, typeName, fieldName string, lines []string, i int) token.Position {
	if f := s.field(dir, typeName, fieldName); f != nil {
		if pos, ok := s.commentLinePos(f.Doc, lines, i); ok {
			return pos
		}
	}
	return s.fieldPos(dir, typeName, fieldName)
}

// typeMarkerPos is the position of the "+" of comment line i of a type's doc
// comment, as gengo reported the lines.
func (s *source) typeMarkerPos(dir, typeName string, lines []string, i int) token.Position {
	if d, ok := s.pkg(dir).types[typeName]; ok {
		if pos, ok := s.commentLinePos(d.doc, lines, i); ok {
			return pos
		}
	}
	return s.typePos(dir, typeName)
}

// commentLinePos finds comment line i of lines in doc. gengo drops some
// lines of a comment (directives, blank edges), so the line is found by its
// text, counting repeats of it.
func (s *source) commentLinePos(doc *ast.CommentGroup, lines []string, i int) (token.Position, bool) {
	if doc == nil || i < 0 || i >= len(lines) {
		return token.Position{}, false
	}
	want := strings.TrimSpace(lines[i])
	occurrence := 0
	for _, earlier := range lines[:i] {
		if strings.TrimSpace(earlier) == want {
			occurrence++
		}
	}
	for _, c := range doc.List {
		text := strings.TrimPrefix(c.Text, "//")
		if strings.TrimSpace(text) != want {
			continue
		}
		if occurrence > 0 {
			occurrence--
			continue
		}
		return s.markerPos(c), true
	}
	return token.Position{}, false
}

// markerPos is the position of the "+" of the marker on a comment line.
func (s *source) markerPos(c *ast.Comment) token.Position {
	return s.position(c.Pos() + token.Pos(len("//")+strings.Index(strings.TrimPrefix(c.Text, "//"), "+")))
}

// untypedConst is a constant written in a const block after constants of an
// enum type, but without the type: Go makes it an untyped string constant.
type untypedConst struct {
	name  string
	value string
	pos   token.Position
}

// untypedEnumConsts finds the constants that the author probably meant as
// values of enumName: untyped string constants with a value, in a block
// whose earlier specs are typed enumName.
func (s *source) untypedEnumConsts(dir, enumName string) []untypedConst {
	return s.pkg(dir).untyped[enumName]
}

// indexConsts records the spec of each constant of a const block, and its
// untyped string constants under the type of the typed specs before them.
func (s *source) indexConsts(p *pkgSource, gd *ast.GenDecl) {
	typeName := ""
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		for _, n := range vs.Names {
			p.consts[n.Name] = vs
		}
		if vs.Type != nil {
			typeName = ""
			if id, ok := vs.Type.(*ast.Ident); ok {
				typeName = id.Name
			}
			continue
		}
		if typeName == "" || len(vs.Values) == 0 {
			continue
		}
		for i, n := range vs.Names {
			if i >= len(vs.Values) {
				break
			}
			lit, ok := vs.Values[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			p.untyped[typeName] = append(p.untyped[typeName], untypedConst{name: n.Name, value: unquote(lit.Value), pos: s.position(n.Pos())})
		}
	}
}

// indexVars records the variables of a named type given a string literal.
func (s *source) indexVars(p *pkgSource, gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		id, ok := vs.Type.(*ast.Ident)
		if !ok {
			continue
		}
		for i, n := range vs.Names {
			if i >= len(vs.Values) {
				break
			}
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				p.vars[id.Name] = append(p.vars[id.Name], untypedConst{name: n.Name, value: unquote(lit.Value), pos: s.position(n.Pos())})
			}
		}
	}
}

// enumVars are the variables of type enumName of the package in dir that
// are given a string literal.
func (s *source) enumVars(dir, enumName string) []untypedConst {
	return s.pkg(dir).vars[enumName]
}

func unquote(lit string) string {
	if v, err := strconv.Unquote(lit); err == nil {
		return v
	}
	return lit
}

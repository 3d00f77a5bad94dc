// Package load reads of the input packages what gengo's types do not give:
// their syntax, for positions, the files that hold a package's markers and
// what the type checker leaves out of gengo's types (Source), and the type
// checker's errors and the type arguments of generic types (TypeCheck).
// What a marker is, package markers says: its callers pass it in.
package load

import (
	"go/ast"
	"go/token"
	gotypes "go/types"
	"strconv"
	"strings"

	"github.com/union-gen/union-gen/internal/gosource"
)

// Source gives file positions to declarations. gengo's types carry none, so
// the packages that use union markers are parsed once more, here, on demand.
type Source struct {
	fset      *token.FileSet
	buildTags []string
	pkgs      map[string]*pkgSource
	// unionDocs holds UnionTypes' answers, by package directory and mention.
	unionDocs map[string]map[string]bool
}

// pkgSource is the syntax of one package, indexed by declaration name.
type pkgSource struct {
	types map[string]typeDecl
	// untyped holds, by enum type name, the untyped constants written in
	// const blocks after constants of that type.
	untyped map[string][]UntypedConst
	// consts holds the spec that declares each constant.
	consts map[string]*ast.ValueSpec
	// vars holds, by type name, the variables of that type with a string
	// literal, which some authors write for what must be constants.
	vars map[string][]UntypedConst
}

type typeDecl struct {
	spec *ast.TypeSpec
	// doc is the spec's comment, or its declaration's for a lone spec.
	doc *ast.CommentGroup
}

// NewSource parses the packages of the build tags, each once, on demand.
func NewSource(buildTags []string) *Source {
	return &Source{fset: token.NewFileSet(), buildTags: buildTags, pkgs: map[string]*pkgSource{}, unionDocs: map[string]map[string]bool{}}
}

// pkg parses the package in dir once. A package that cannot be read yields an
// empty index: gengo has already loaded it, so positions are then only missing.
func (s *Source) pkg(dir string) *pkgSource {
	if p, ok := s.pkgs[dir]; ok {
		return p
	}
	p := &pkgSource{types: map[string]typeDecl{}, untyped: map[string][]UntypedConst{}, consts: map[string]*ast.ValueSpec{}, vars: map[string][]UntypedConst{}}
	s.pkgs[dir] = p
	for _, f := range gosource.Parse(s.fset, dir, s.buildTags, false) {
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

// FilesMentioning parses the files of the package in dir whose text
// contains text, apart from the index of its declarations: the few files of
// a package that hold some marker.
func (s *Source) FilesMentioning(dir, text string) []*ast.File {
	return gosource.ParseMentioning(s.fset, dir, s.buildTags, text)
}

// UnionTypes returns the names of the types of the package in dir whose doc
// comment has a union marker, which isUnion tells (package markers knows
// them). gengo gives no doc comment to the types of a package that is not
// an input, so they are read here, but only from the files whose text
// contains mention, which most packages have none of: the package is not
// parsed whole, as pkg parses it. The answer is kept by dir and mention:
// a later call with the same ones gets it, whatever its isUnion.
func (s *Source) UnionTypes(dir, mention string, isUnion func(lines []string) bool) map[string]bool {
	key := dir + "\x00" + mention
	if names, ok := s.unionDocs[key]; ok {
		return names
	}
	names := map[string]bool{}
	s.unionDocs[key] = names
	for _, f := range gosource.ParseMentioning(s.fset, dir, s.buildTags, mention) {
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					if doc := gosource.TypeDoc(gd, ts); doc != nil && isUnion(strings.Split(doc.Text(), "\n")) {
						names[ts.Name.Name] = true
					}
				}
			}
		}
	}
	return names
}

// CgoUnionMarkers returns the position of the first union marker, which
// isUnion tells, of each file of the package in dir that imports "C": with
// cgo off, as union-gen reads packages, such a file is not in the package.
func (s *Source) CgoUnionMarkers(dir string, isUnion func(lines []string) bool) []token.Position {
	var out []token.Position
	for _, f := range gosource.Parse(s.fset, dir, s.buildTags, true) {
		for _, c := range f.Comments {
			if isUnion(strings.Split(c.Text(), "\n")) {
				out = append(out, s.Position(c.Pos()))
				break
			}
		}
	}
	return out
}

// Position is the position of pos in the parsed files; none where pos is not
// valid.
func (s *Source) Position(pos token.Pos) token.Position {
	if !pos.IsValid() {
		return token.Position{}
	}
	return s.fset.Position(pos)
}

// TypePos is the position of a type's name.
func (s *Source) TypePos(dir, typeName string) token.Position {
	if d, ok := s.pkg(dir).types[typeName]; ok {
		return s.Position(d.spec.Name.Pos())
	}
	return token.Position{}
}

// TypeDoc is the doc comment of a type, as lines without comment markers.
func (s *Source) TypeDoc(dir, typeName string) []string {
	if d, ok := s.pkg(dir).types[typeName]; ok && d.doc != nil {
		return strings.Split(strings.TrimSuffix(d.doc.Text(), "\n"), "\n")
	}
	return nil
}

// Field finds a struct field by name; embedded fields are named by their type.
func (s *Source) Field(dir, typeName, fieldName string) *ast.Field {
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

// FieldPos is the position of a struct field's name.
func (s *Source) FieldPos(dir, typeName, fieldName string) token.Position {
	f := s.Field(dir, typeName, fieldName)
	if f == nil {
		return s.TypePos(dir, typeName)
	}
	for _, n := range f.Names {
		if n.Name == fieldName {
			return s.Position(n.Pos())
		}
	}
	return s.Position(f.Type.Pos())
}

// FieldMarkerPos is the position of the "+" of comment line i of a field's
// doc comment, as gengo reported the lines.
func (s *Source) FieldMarkerPos(dir, typeName, fieldName string, lines []string, i int) token.Position {
	if f := s.Field(dir, typeName, fieldName); f != nil {
		if pos, ok := s.commentLinePos(f.Doc, lines, i); ok {
			return pos
		}
	}
	return s.FieldPos(dir, typeName, fieldName)
}

// TypeMarkerPos is the position of the "+" of comment line i of a type's doc
// comment, as gengo reported the lines.
func (s *Source) TypeMarkerPos(dir, typeName string, lines []string, i int) token.Position {
	if d, ok := s.pkg(dir).types[typeName]; ok {
		if pos, ok := s.commentLinePos(d.doc, lines, i); ok {
			return pos
		}
	}
	return s.TypePos(dir, typeName)
}

// commentLinePos finds comment line i of lines in doc. gengo drops some
// lines of a comment (directives, blank edges), so the line is found by its
// text, counting repeats of it.
func (s *Source) commentLinePos(doc *ast.CommentGroup, lines []string, i int) (token.Position, bool) {
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
func (s *Source) markerPos(c *ast.Comment) token.Position {
	return s.Position(c.Pos() + token.Pos(len("//")+strings.Index(strings.TrimPrefix(c.Text, "//"), "+")))
}

// UntypedConst is a constant written in a const block after constants of an
// enum type, but without the type: Go makes it an untyped string constant.
type UntypedConst struct {
	Name  string
	Value string
	Pos   token.Position
}

// UntypedEnumConsts finds the constants that the author probably meant as
// values of enumName: untyped string constants with a value, in a block
// whose earlier specs are typed enumName.
func (s *Source) UntypedEnumConsts(dir, enumName string) []UntypedConst {
	return s.pkg(dir).untyped[enumName]
}

// indexConsts records the spec of each constant of a const block, and its
// untyped string constants under the type of the typed specs before them.
func (s *Source) indexConsts(p *pkgSource, gd *ast.GenDecl) {
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
			p.untyped[typeName] = append(p.untyped[typeName], UntypedConst{Name: n.Name, Value: unquote(lit.Value), Pos: s.Position(n.Pos())})
		}
	}
}

// indexVars records the variables of a named type given a string literal.
func (s *Source) indexVars(p *pkgSource, gd *ast.GenDecl) {
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
				p.vars[id.Name] = append(p.vars[id.Name], UntypedConst{Name: n.Name, Value: unquote(lit.Value), Pos: s.Position(n.Pos())})
			}
		}
	}
}

// EnumVars are the variables of type enumName of the package in dir that
// are given a string literal.
func (s *Source) EnumVars(dir, enumName string) []UntypedConst {
	return s.pkg(dir).vars[enumName]
}

func unquote(lit string) string {
	if v, err := strconv.Unquote(lit); err == nil {
		return v
	}
	return lit
}

// Span is the source of a declaration, from its first to its last line and
// column.
type Span struct{ From, To token.Position }

// Holds reports whether p is within the span.
func (s Span) Holds(p token.Position) bool {
	after := func(a, b token.Position) bool { return a.Line > b.Line || a.Line == b.Line && a.Column >= b.Column }
	return s.From.IsValid() && p.Filename == s.From.Filename && after(p, s.From) && after(s.To, p)
}

// NodeSpan is the Span of a node of the source's files.
func (s *Source) NodeSpan(n ast.Node) Span {
	return Span{s.Position(n.Pos()), s.Position(n.End())}
}

// ConstSpan is the Span of a constant's declaration: its spec, which may
// declare others too.
func (s *Source) ConstSpan(dir, name string) Span {
	if vs, ok := s.pkg(dir).consts[name]; ok {
		return s.NodeSpan(vs)
	}
	return Span{}
}

// FieldSpan is the Span of a struct field's declaration.
func (s *Source) FieldSpan(dir, typeName, fieldName string) Span {
	if f := s.Field(dir, typeName, fieldName); f != nil {
		return s.NodeSpan(f)
	}
	return Span{}
}

// TypeSpan is the Span of a type's declaration.
func (s *Source) TypeSpan(dir, typeName string) Span {
	if d, ok := s.pkg(dir).types[typeName]; ok {
		return s.NodeSpan(d.spec)
	}
	return Span{}
}

// FieldTypeText is a field's type as written.
func (s *Source) FieldTypeText(dir, typeName, fieldName string) string {
	if f := s.Field(dir, typeName, fieldName); f != nil {
		return gotypes.ExprString(f.Type)
	}
	return "of " + fieldName
}

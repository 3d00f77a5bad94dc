package unions

import (
	"cmp"
	"fmt"
	"go/token"
	"maps"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/load"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
)

// DescribedMarker is a marker that a description gives a Go field that does
// not carry it: the model reads it as the field's own, and reports a problem
// with it at Pos.
type DescribedMarker struct {
	Type  types.Name     // the struct
	Field string         // its Go field name
	Line  string         // the marker line, e.g. "+unionMember=RollingUpdate,optional"
	Pos   token.Position // where the description says it (a line of pkg/builtin/unions.yaml)
}

// collector is the one reader of markers in the model, as controller-tools'
// markers collector is: each type's and each field's comment lines, with
// the Described markers of its fields, are parsed once, on first use, and
// each marker line's position is found once. Most types of a large input
// (k8s.io/api) never need theirs, so nothing is read before it is asked.
type collector struct {
	universe types.Universe
	src      *load.Source
	// types holds the markers of each type read so far.
	types map[types.Name]*typeMarks
	// described holds Options.Described by struct and Go field name.
	described map[types.Name]map[string][]DescribedMarker
	// unionMarkedCache holds unionMarked's answers for the types it
	// scanned.
	unionMarkedCache map[types.Name]bool
}

// typeMarks are the markers of a type's comment and of its fields.
type typeMarks struct {
	marks markers.TypeMarkers
	errs  []markers.SyntaxError
	// union is set when the type's comment has a union marker, spelled
	// right or not.
	union bool
	// fields are the struct's, in the order of its members.
	fields []*fieldMarks
	// pos holds the position of each comment line once found.
	pos []token.Position
}

// fieldMarks are the markers of one struct field.
type fieldMarks struct {
	marks markers.FieldMarkers
	errs  []markers.SyntaxError
	// union is set when a line has a union marker, spelled right or not,
	// and gated when one puts the field under an openshift feature gate.
	union, gated bool
	// pos holds the position of each of the lines read (fieldLines), which
	// the line indexes of marks and errs count, once found; those of
	// Described markers are known from the start.
	pos []token.Position
}

func newCollector(universe types.Universe, src *load.Source, described []DescribedMarker) *collector {
	c := &collector{universe: universe, src: src, types: map[types.Name]*typeMarks{}, described: map[types.Name]map[string][]DescribedMarker{}, unionMarkedCache: map[types.Name]bool{}}
	for _, d := range described {
		if c.described[d.Type] == nil {
			c.described[d.Type] = map[string][]DescribedMarker{}
		}
		c.described[d.Type][d.Field] = append(c.described[d.Type][d.Field], d)
	}
	return c
}

// undescribed reports, at the marker, the Described markers that the model
// does not read: whose struct is none of the input packages', or whose
// field the struct has not.
func (c *collector) undescribed(inputs []string) report.Problems {
	var out report.Problems
	for _, name := range slices.SortedFunc(maps.Keys(c.described), func(a, b types.Name) int { return strings.Compare(a.String(), b.String()) }) {
		var t *types.Type
		if pkg := c.universe[name.Package]; pkg != nil && slices.Contains(inputs, name.Package) {
			t = pkg.Types[name.Name]
		}
		for _, field := range slices.Sorted(maps.Keys(c.described[name])) {
			if t != nil && t.Kind == types.Struct && slices.ContainsFunc(t.Members, func(m types.Member) bool { return m.Name == field }) {
				continue
			}
			for _, d := range c.described[name][field] {
				out = append(out, report.Problem{Pos: d.Pos, Subject: name.String() + "." + field, Rule: report.Malformed,
					Message: fmt.Sprintf("%s is for field %s of %s, which no input package has", d.Line, field, name)})
			}
		}
	}
	return out
}

// typeOf returns the markers of t and of its fields, reading them on the
// first call.
func (c *collector) typeOf(t *types.Type) *typeMarks {
	if tm, ok := c.types[t.Name]; ok {
		return tm
	}
	tm := &typeMarks{union: markers.HasUnionMarker(t.CommentLines), pos: make([]token.Position, len(t.CommentLines))}
	tm.marks, tm.errs = markers.ParseType(t.CommentLines)
	if t.Kind == types.Struct {
		tm.fields = make([]*fieldMarks, len(t.Members))
		for i, m := range t.Members {
			tm.fields[i] = c.fieldOf(t, m)
		}
	}
	c.types[t.Name] = tm
	return tm
}

func (c *collector) fieldOf(t *types.Type, m types.Member) *fieldMarks {
	f := &fieldMarks{pos: make([]token.Position, len(m.CommentLines))}
	for _, d := range c.described[t.Name][m.Name] {
		f.pos = append(f.pos, d.Pos)
	}
	lines := c.fieldLines(t, m)
	f.marks, f.errs = markers.ParseField(lines)
	f.union, f.gated = markers.HasUnionMarker(lines), markers.FeatureGated(lines)
	return f
}

// fieldLines are gengo's comment lines of field m of t, then the lines of
// its Described markers.
func (c *collector) fieldLines(t *types.Type, m types.Member) []string {
	described := c.described[t.Name][m.Name]
	if len(described) == 0 {
		return m.CommentLines
	}
	lines := slices.Clone(m.CommentLines)
	for _, d := range described {
		lines = append(lines, d.Line)
	}
	return lines
}

// field returns the markers of the field of t at index i.
func (c *collector) field(t *types.Type, i int) *fieldMarks {
	return c.typeOf(t).fields[i]
}

// unionMarked reports whether t's comment or a field's has a union marker,
// spelled right or not: from the markers read, or else by scanning the
// lines only, once, for the many types whose markers the model never reads
// (those without unions, those of other packages).
func (c *collector) unionMarked(t *types.Type) bool {
	if tm, ok := c.types[t.Name]; ok {
		return tm.union || slices.ContainsFunc(tm.fields, func(f *fieldMarks) bool { return f.union })
	}
	if marked, ok := c.unionMarkedCache[t.Name]; ok {
		return marked
	}
	marked := markers.HasUnionMarker(t.CommentLines) || slices.ContainsFunc(t.Members, func(m types.Member) bool {
		return markers.HasUnionMarker(c.fieldLines(t, m))
	})
	c.unionMarkedCache[t.Name] = marked
	return marked
}

// fieldLinePos is the position of the "+" of line i of the markers of the
// field of t at index f.
func (c *collector) fieldLinePos(t *types.Type, f, i int) token.Position {
	fm, m := c.field(t, f), t.Members[f]
	if i < 0 || i >= len(fm.pos) {
		return c.src.FieldMarkerPos(c.dir(t), declName(t), m.Name, m.CommentLines, i)
	}
	if !fm.pos[i].IsValid() {
		fm.pos[i] = c.src.FieldMarkerPos(c.dir(t), declName(t), m.Name, m.CommentLines, i)
	}
	return fm.pos[i]
}

// typeLinePos is the position of the "+" of line i of t's comment.
func (c *collector) typeLinePos(t *types.Type, i int) token.Position {
	tm := c.typeOf(t)
	if i < 0 || i >= len(tm.pos) {
		return c.src.TypeMarkerPos(c.dir(t), declName(t), t.CommentLines, i)
	}
	if !tm.pos[i].IsValid() {
		tm.pos[i] = c.src.TypeMarkerPos(c.dir(t), declName(t), t.CommentLines, i)
	}
	return tm.pos[i]
}

func (c *collector) dir(t *types.Type) string {
	return c.universe.Package(t.Name.Package).Dir
}

// enumMarkers are the markers of a discriminator's type, as gengo gives its
// comment and as its source has it: gengo gives none to the types of a
// package that is not an input. doc is the source's comment.
func (c *collector) enumMarkers(et *types.Type) (fromSource, fromGengo markers.TypeMarkers, doc []string) {
	doc = c.src.TypeDoc(c.dir(et), et.Name.Name)
	fromSource, _ = markers.ParseType(doc)
	return fromSource, c.typeOf(et).marks, doc
}

// firstUnionMarker returns the position of the first union marker of
// struct t, of a package that is not an input, in its type comment or else
// on a field, and the field it is on ("" for the type's).
func (c *collector) firstUnionMarker(t *types.Type) (pos token.Position, field string) {
	dir, name := c.dir(t), declName(t)
	doc := t.CommentLines
	if len(doc) == 0 {
		doc = c.src.TypeDoc(dir, name)
	}
	if i := unionMarkerLine(doc); i >= 0 {
		return c.src.TypeMarkerPos(dir, name, doc, i), ""
	}
	for _, m := range t.Members {
		if i := unionMarkerLine(m.CommentLines); i >= 0 {
			return c.src.FieldMarkerPos(dir, name, m.Name, m.CommentLines, i), m.Name
		}
	}
	return c.src.TypePos(dir, name), ""
}

// unionMarkerLine is the index of the first of lines that is a union
// marker, or -1.
func unionMarkerLine(lines []string) int {
	for i := range lines {
		if markers.HasUnionMarker(lines[i : i+1]) {
			return i
		}
	}
	return -1
}

// xValidationRules are the rules of the +kubebuilder:validation:XValidation
// markers of struct t and of its fields (by Go name, "" for the type's),
// with the positions of the markers.
func (c *collector) xValidationRules(t *types.Type) map[string][]backend.MarkedRule {
	out := map[string][]backend.MarkedRule{}
	for i, line := range t.CommentLines {
		if rule, ok := markers.XValidationRule(line); ok {
			out[""] = append(out[""], backend.MarkedRule{Rule: rule, Pos: c.typeLinePos(t, i)})
		}
	}
	for f, m := range t.Members {
		for i, line := range m.CommentLines {
			if rule, ok := markers.XValidationRule(line); ok {
				out[m.Name] = append(out[m.Name], backend.MarkedRule{Rule: rule, Pos: c.fieldLinePos(t, f, i)})
			}
		}
	}
	return out
}

// apis reads the group and version of each of the input packages (paths,
// sorted) from the package comments of its files, as controller-gen does
// (Model.APIs): only the files that mention each marker are parsed.
func (c *collector) apis(paths []string) map[GroupVersion][]*types.Package {
	apis := map[GroupVersion][]*types.Package{}
	for _, path := range paths {
		pkg := c.universe.Package(path)
		group := c.packageMarker(pkg.Dir, "groupName")
		if group == "" {
			continue
		}
		gv := GroupVersion{group, cmp.Or(c.packageMarker(pkg.Dir, "versionName"), pkg.Name)}
		apis[gv] = append(apis[gv], pkg)
	}
	return apis
}

// packageMarker is the value of the first +name=value of the package
// comments of the files of the package in dir, in file order; a file that
// does not mention +name= has none, and is not parsed.
func (c *collector) packageMarker(dir, name string) string {
	for _, f := range c.src.FilesMentioning(dir, "+"+name+"=") {
		if v := markers.TagValue(markers.PackageComments(f), name); v != "" {
			return v
		}
	}
	return ""
}

// definitionName is openapi-gen's name of the definition of t: its
// +k8s:openapi-model-package, from the type's comment or the package's
// doc.go, then the type name; else the Go import path and the type name.
func (c *collector) definitionName(t *types.Type) string {
	for _, lines := range [][]string{t.CommentLines, c.universe.Package(t.Name.Package).Comments} {
		if pkg := markers.TagValue(lines, markers.OpenAPIModelPackageMarker); pkg != "" {
			return pkg + "." + t.Name.Name
		}
	}
	return t.Name.Package + "." + t.Name.Name
}

// cgoUnionMarkers are the positions of the first union marker of each file
// of the package in dir that imports "C".
func (c *collector) cgoUnionMarkers(dir string) []token.Position {
	return c.src.CgoUnionMarkers(dir, markers.HasUnionMarker)
}

// sourceUnionType reports whether the doc comment of type t, which gengo
// gave none, has a union marker in its source.
func (c *collector) sourceUnionType(t *types.Type) bool {
	return c.src.UnionTypes(c.dir(t), "+"+markers.LegacyUnionMarker, markers.HasUnionMarker)[declName(t)]
}

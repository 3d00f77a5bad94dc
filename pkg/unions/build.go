package unions

import (
	"fmt"
	"go/token"
	gotypes "go/types"
	"maps"
	"path"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/load"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Options are the settings of a run that the model depends on.
type Options struct {
	// BuildTags are the tags the packages were loaded with, so that positions
	// come from the same files.
	BuildTags []string
	// Ratcheting is the mode of the unions whose discriminator has no
	// "+unionRatcheting".
	Ratcheting unionspec.Ratcheting
	// OpenAPI is set when the run writes UnionDefinitions, which leaves out
	// the unions that x-kubernetes-unions cannot say: each is reported.
	OpenAPI bool
	// Checked is what the type checker tells of the input packages
	// (load.TypeCheck): its errors are errors where they touch a union's
	// fields, one warning for the others.
	Checked load.Checked
	// Described are markers that a description gives Go fields that do not
	// carry them (pkg/builtin's unions of k8s.io/api), each at its place in
	// the description: the model reads them as the field's own, and places
	// problems about them there.
	Described []DescribedMarker
	// Versioned pairs packages of internal types, whose fields have no
	// json tags, with the package of the versioned types that conversion
	// fills from them, by import path: a struct of the internal package
	// takes its fields' JSON names from the versioned struct of its name.
	Versioned map[string]string
}

// Build reads the union markers of every struct type of the input packages,
// checks them and returns the model. All problems are returned together; the
// model must not be used when any of them is an error.
func Build(universe types.Universe, inputs []string, opts Options) (*Model, report.Problems) {
	src := load.NewSource(opts.BuildTags)
	b := &builder{
		opts:     opts,
		universe: universe,
		src:      src,
		marks:    newCollector(universe, src, opts.Described),
		json:     newJSONTypes(versionedStructs(universe, opts.Versioned)),
		model:    &Model{Plans: map[types.Name]*Plan{}, goWalks: map[*unionspec.Walk]*Walk{}, goFields: map[*unionspec.Field]*backend.ReachingField{}, universe: universe},
		unions:   map[types.Name][]*Union{},
		reaching: map[types.Name]bool{},
		enums:    map[types.Name]*enumInfo{},
		claims:   map[types.Name][]structTagClaim{},
		names:    namer.NewRawNamer("", nil),
		consts:   map[*gotypes.Package]map[*gotypes.TypeName]typedConsts{},

		typeErrorsReported: map[int]bool{},
	}
	b.problems = b.marks.undescribed(inputs)
	var all, structs []*types.Type
	for _, path := range slices.Sorted(slices.Values(inputs)) {
		pkg := universe.Package(path)
		for _, pos := range b.marks.cgoUnionMarkers(pkg.Dir) {
			b.report(pos, "", report.CgoFile, false, "union markers in a file that imports \"C\": union-gen reads packages with cgo off, so that its output does not depend on the machine, and so does not see this file; move the types to a file without cgo")
		}
		for _, name := range slices.Sorted(maps.Keys(pkg.Types)) {
			t := pkg.Types[name]
			all = append(all, t)
			if t.Kind == types.Struct {
				structs = append(structs, t)
			}
		}
	}
	b.structTags(structs)
	for _, t := range all {
		switch {
		case t.Kind == types.Struct:
			b.structType(t)
		case b.marks.unionMarked(t):
			b.typeMarkers(t)
		}
	}
	for _, t := range structs {
		if len(t.TypeParams) == 0 {
			b.checkJSONNames(t)
		}
	}
	b.plan(structs)
	b.outsideUnions(structs, inputs)
	b.otherTypeErrors()
	b.keepForBackends(inputs)
	return b.model, b.problems
}

// keepForBackends reads, while the syntax is at hand, what the backends ask
// the model of the input packages after Build: the XValidation rules and
// openapi-gen's names of the plans' structs, the APIs' groups and versions,
// and where their types are declared.
func (b *builder) keepForBackends(inputs []string) {
	b.model.xValidation = map[types.Name]map[string][]backend.MarkedRule{}
	b.model.definitionNames = map[types.Name]string{}
	for name, plan := range b.model.Plans {
		b.model.xValidation[name] = b.marks.xValidationRules(plan.Struct)
		b.model.definitionNames[name] = b.marks.definitionName(plan.Struct)
	}
	b.model.apis = b.marks.apis(slices.Sorted(slices.Values(inputs)))
	b.model.typePos = map[types.Name]token.Position{}
	for _, pkgs := range b.model.apis {
		for _, pkg := range pkgs {
			for _, t := range pkg.Types {
				b.model.typePos[t.Name] = b.src.TypePos(pkg.Dir, declName(t))
			}
		}
	}
}

type builder struct {
	opts     Options
	universe types.Universe
	src      *load.Source
	// marks are the markers of the types, each read once.
	marks *collector
	// json is what JSON sees of the types, each walked once.
	json     *jsonTypes
	model    *Model
	problems report.Problems
	// unions holds the unions of each struct as they are checked.
	unions map[types.Name][]*Union
	// reaching holds the structs that have or reach a union.
	reaching map[types.Name]bool
	// enums caches each discriminator type's resolution, so that a shared
	// enum is read and reported on once.
	enums map[types.Name]*enumInfo
	// names writes types as Go does in messages: pkg.Type, *pkg.Type, []pkg.Type.
	names namer.Namer
	// consts caches the constants of each package, by type.
	consts map[*gotypes.Package]map[*gotypes.TypeName]typedConsts
	// claims holds, for each struct named by union:"..." struct tags, the
	// fields whose tags name it.
	claims map[types.Name][]structTagClaim
	// typeErrorsReported holds the indexes of Options.Checked.TypeErrors
	// reported as errors of a union's fields.
	typeErrorsReported map[int]bool
}

// unionField is a struct field with its parsed markers.
type unionField struct {
	Field
	marks  markers.FieldMarkers
	member *types.Member
	// json is what JSON sees of the field.
	json *jsonField
	// index is the field's place in its struct.
	index int
	// valid is false once the field's markers or shape were reported.
	valid bool
	// inferred is set once the field is an inferred member of one of its
	// struct's unions, which the struct's other discriminators leave it to.
	inferred bool
}

func (b *builder) dir(t *types.Type) string {
	return b.universe.Package(t.Name.Package).Dir
}

// declName is the name a type is declared with: gengo names an instance of a
// generic type with its parameters, as in "Choice[T]".
func declName(t *types.Type) string {
	name, _, _ := strings.Cut(t.Name.Name, "[")
	return name
}

func (b *builder) subject(t *types.Type, field string) string {
	pkg := b.universe.Package(t.Name.Package).Name
	if pkg == "" {
		// gengo names the packages of the patterns only; the namer of
		// messages names the others so too.
		pkg = path.Base(t.Name.Package)
	}
	s := pkg + "." + declName(t)
	if field != "" {
		s += "." + field
	}
	return s
}

func (b *builder) report(pos token.Position, subject string, rule report.ID, warning bool, format string, args ...any) {
	b.problems = append(b.problems, report.Problem{Pos: pos, Subject: subject, Rule: rule, Message: fmt.Sprintf(format, args...), Warning: warning})
}

// fieldError reports a problem with a field, at the field.
func (b *builder) fieldError(t *types.Type, field string, rule report.ID, format string, args ...any) {
	b.report(b.src.FieldPos(b.dir(t), declName(t), field), b.subject(t, field), rule, false, format, args...)
}

// markerProblem reports a problem with a field's marker, at the marker.
func (b *builder) markerProblem(t *types.Type, f *unionField, marker string, rule report.ID, warning bool, format string, args ...any) {
	if line, ok := f.marks.Lines[marker]; ok {
		b.lineProblem(t, f, line, rule, warning, format, args...)
		return
	}
	b.report(b.src.FieldPos(b.dir(t), declName(t), f.GoName), b.subject(t, f.GoName), rule, warning, format, args...)
}

// lineProblem reports a problem with a field's marker on its comment line
// of index line.
func (b *builder) lineProblem(t *types.Type, f *unionField, line int, rule report.ID, warning bool, format string, args ...any) {
	b.report(b.marks.fieldLinePos(t, f.index, line), b.subject(t, f.GoName), rule, warning, format, args...)
}

// typeMarkers reads the markers of a type's comment, reporting malformed ones.
func (b *builder) typeMarkers(t *types.Type) markers.TypeMarkers {
	tm := b.marks.typeOf(t)
	for _, e := range tm.errs {
		b.report(b.marks.typeLinePos(t, e.Line), b.subject(t, ""), e.Rule, false, "%s", e.Message)
	}
	return tm.marks
}

func (b *builder) structType(t *types.Type) {
	for _, f := range b.json.of(t).fields {
		if b.anonymousStructWithMarkers(f.typ, map[*jsonType]bool{}) {
			b.fieldError(t, f.member.Name, report.Anonymous, "union markers in an anonymous struct type are not supported: declare a named struct type for the field")
		}
	}
	claims := b.claims[t.Name]
	if !b.marks.unionMarked(t) && len(claims) == 0 {
		return
	}
	tm := b.typeMarkers(t)
	if len(t.TypeParams) > 0 {
		b.report(b.src.TypePos(b.dir(t), declName(t)), b.subject(t, ""), report.Generic, false, "union markers on generic types are not supported")
		return
	}

	fields := make([]*unionField, len(t.Members))
	byName := map[string]*unionField{}
	for i := range t.Members {
		m := &t.Members[i]
		fm := b.marks.field(t, i)
		for _, e := range fm.errs {
			b.report(b.marks.fieldLinePos(t, i, e.Line), b.subject(t, m.Name), e.Rule, false, "%s", e.Message)
		}
		jf := b.json.of(t).fields[i]
		f := &unionField{Field: Field{GoName: m.Name, JSONName: jf.name, Type: m.Type, Gated: fm.gated}, marks: fm.marks, member: m, json: jf, index: i, valid: true}
		fields[i] = f
		byName[f.GoName] = f
		byName[f.JSONName] = f
		b.checkDialects(t, f)
		switch {
		case f.marked() && load.Invalid(f.Type):
			b.fieldTypeErrors(t, f)
			f.valid = false
		case f.marked() && !b.checkSerialized(t, f):
			f.valid = false
		}
	}

	declared := b.declaredUnions(t, tm, fields, byName, claims)
	b.checkRatcheting(t, fields, declared)
	var built []*Union
	for _, s := range declared {
		if u := b.union(t, s); u != nil {
			built = append(built, u)
		}
	}
	if len(built) > 0 {
		b.unions[t.Name] = built
	}
}

// union checks a union's discriminator and members and builds it, or returns
// nil when its discriminator is unusable.
func (b *builder) union(t *types.Type, s *declaredUnion) *Union {
	u := &Union{Requires: s.requires}
	var beyondEnum []string
	if s.disc != nil {
		if u, beyondEnum = b.discriminator(t, s); u == nil {
			return nil
		}
	}
	u.Dialect = s.dialect
	u.Ratcheting = b.opts.Ratcheting
	if s.disc != nil && s.disc.marks.Ratcheting != unionspec.RatchetingOff {
		u.Ratcheting = s.disc.marks.Ratcheting
	}
	// While the members are read, every constant is a value.
	base := u.Enum.Values
	if len(beyondEnum) > 0 {
		u.Enum.Values = slices.Sorted(slices.Values(append(slices.Clone(base), beyondEnum...)))
	}
	if s.infer {
		b.inferMembers(t, s, u)
	}
	for _, m := range s.members {
		b.member(t, m, u)
	}
	if len(beyondEnum) > 0 {
		u.withVariant(base)
	}
	if u.Requires == unionspec.Discriminated {
		switch u.Enum.Source {
		case EnumGuessed:
			b.guess(t, s, u)
		case EnumModes:
			u.modes()
		}
		b.checkDefaultSelects(t, s, u)
	}
	u.Rules = u.Describe()
	if u.Requires == unionspec.Discriminated && u.choices() == nil && b.opts.OpenAPI {
		b.markerProblem(t, s.disc, s.discMarker, report.OpenAPIUnion, true,
			"a value of %s selects several members, or a member is selected by several values, which x-kubernetes-unions cannot say: the union is left out of UnionDefinitions; its Go methods check it", s.disc.GoName)
	}
	return u
}

// anonymousStructWithMarkers reports whether a value of type t holds an
// anonymous struct with union markers: such a struct can have no methods.
func (b *builder) anonymousStructWithMarkers(jt *jsonType, seen map[*jsonType]bool) bool {
	if seen[jt] {
		return false
	}
	seen[jt] = true
	switch t := jt.Type; t.Kind {
	case types.Pointer, types.Slice, types.Array, types.Map:
		return b.anonymousStructWithMarkers(jt.elem, seen)
	case types.Struct:
		if t.Name.Package != "" {
			return false
		}
		if b.marks.unionMarked(t) {
			return true
		}
		for _, f := range jt.fields {
			if b.anonymousStructWithMarkers(f.typ, seen) {
				return true
			}
		}
	}
	return false
}

// checkSerialized reports a union field that JSON does not name.
func (b *builder) checkSerialized(t *types.Type, f *unionField) bool {
	switch {
	case !token.IsExported(f.GoName):
		b.fieldError(t, f.GoName, report.JSONName, "union fields must be exported: unexported fields are not serialized")
		return false
	case f.json.inline:
		b.fieldError(t, f.GoName, report.JSONName, "an inlined embedded struct cannot be a union field: give the field a name and a JSON tag")
		return false
	case f.json.tag == "" || f.JSONName == "-":
		hint := ""
		if !slices.ContainsFunc(b.json.of(t).fields, func(f *jsonField) bool { return f.tag != "" }) {
			hint = fmt.Sprintf("; for internal types, which have none, add to the inputs the versioned package whose doc.go says +k8s:conversion-gen=%s", t.Name.Package)
		}
		b.fieldError(t, f.GoName, report.JSONName, "union fields need a JSON name: add a tag such as `json:\"%s,omitempty\"`%s", lowerFirst(f.GoName), hint)
		return false
	case f.json.tag != f.JSONName:
		b.fieldError(t, f.GoName, report.JSONName, "encoding/json ignores the JSON name %q, which has a character it does not take (it takes letters, digits, spaces and %s), and names the property %q: write a name of those characters", f.json.tag, strings.TrimSpace(typeinfo.JSONNameSymbols), f.JSONName)
		return false
	}
	return true
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

package markers

import (
	"fmt"
	"go/constant"
	"go/token"
	gotypes "go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
)

// Build reads the union markers of every struct type of the input packages,
// checks them and returns the model. All problems are returned together; the
// model must not be used when any of them is an error. buildTags are the tags
// the packages were loaded with, so that positions come from the same files.
func Build(universe types.Universe, inputs []string, buildTags []string) (*Model, Problems) {
	b := &builder{
		universe: universe,
		src:      newSource(buildTags),
		model: &Model{
			Unions:      map[types.Name][]*Union{},
			Reaching:    map[types.Name]bool{},
			ListMapKeys: map[FieldRef][]KeyField{},
		},
		enums:  map[types.Name]*enumInfo{},
		names:  namer.NewRawNamer("", nil),
		consts: map[*gotypes.Package]map[*gotypes.TypeName][]string{},
	}
	var structs []*types.Type
	for _, path := range slices.Sorted(slices.Values(inputs)) {
		pkg := universe.Package(path)
		for _, name := range slices.Sorted(maps.Keys(pkg.Types)) {
			switch t := pkg.Types[name]; {
			case t.Kind == types.Struct:
				b.structType(t)
				structs = append(structs, t)
			case HasUnionMarker(t.CommentLines):
				b.typeMarkers(t)
			}
		}
	}
	b.reach(structs)
	return b.model, b.problems
}

type builder struct {
	universe types.Universe
	src      *source
	model    *Model
	problems Problems
	// enums caches each discriminator type's resolution, so that a shared
	// enum is read and reported on once.
	enums map[types.Name]*enumInfo
	// names writes types as Go does in messages: pkg.Type, *pkg.Type, []pkg.Type.
	names namer.Namer
	// consts caches the string constants of each package, by type.
	consts map[*gotypes.Package]map[*gotypes.TypeName][]string
}

type enumInfo struct {
	enum Enum
	// problem says why the type is not a usable enum; "" when it is.
	problem string
	untyped []untypedConst
}

// unionField is a struct field with its parsed markers.
type unionField struct {
	Field
	markers FieldMarkers
	member  *types.Member
	// valid is false once the field's markers or shape were reported.
	valid bool
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
	s := b.universe.Package(t.Name.Package).Name + "." + declName(t)
	if field != "" {
		s += "." + field
	}
	return s
}

func (b *builder) report(pos token.Position, subject string, warning bool, format string, args ...any) {
	b.problems = append(b.problems, Problem{Pos: pos, Subject: subject, Message: fmt.Sprintf(format, args...), Warning: warning})
}

// fieldError reports a problem with a field, at the field.
func (b *builder) fieldError(t *types.Type, field, format string, args ...any) {
	b.report(b.src.fieldPos(b.dir(t), declName(t), field), b.subject(t, field), false, format, args...)
}

// markerProblem reports a problem with a field's marker, at the marker.
func (b *builder) markerProblem(t *types.Type, f *unionField, marker string, warning bool, format string, args ...any) {
	pos := b.src.fieldPos(b.dir(t), declName(t), f.GoName)
	if line, ok := f.markers.Lines[marker]; ok {
		pos = b.src.fieldMarkerPos(b.dir(t), declName(t), f.GoName, f.member.CommentLines, line)
	}
	b.report(pos, b.subject(t, f.GoName), warning, format, args...)
}

// typeMarkers reads the markers of a type's comment, reporting malformed ones.
func (b *builder) typeMarkers(t *types.Type) TypeMarkers {
	tm, errs := ParseType(t.CommentLines)
	for _, e := range errs {
		pos := b.src.typeMarkerPos(b.dir(t), declName(t), t.CommentLines, e.Line)
		b.report(pos, b.subject(t, ""), false, "%s", e.Message)
	}
	return tm
}

func (b *builder) structType(t *types.Type) {
	for _, m := range t.Members {
		if anonymousStructWithMarkers(m.Type, map[*types.Type]bool{}) {
			b.fieldError(t, m.Name, "union markers in an anonymous struct type are not supported: declare a named struct type for the field")
		}
	}
	if !b.hasUnionMarkers(t) {
		return
	}
	if b.typeMarkers(t).LegacyUnion {
		b.report(b.src.typePos(b.dir(t), declName(t)), b.subject(t, ""), true,
			"a +union struct (kube-openapi's 2019 design) is left to openapi-gen; to have union-gen normalize and validate it, "+
				"remove +union, mark the discriminator's type +enum and each member +unionMember")
		return
	}
	if len(t.TypeParams) > 0 {
		b.report(b.src.typePos(b.dir(t), declName(t)), b.subject(t, ""), false, "union markers on generic types are not supported")
		return
	}

	var discriminators, members []*unionField
	fields := map[string]*unionField{}
	for i := range t.Members {
		m := &t.Members[i]
		fm, errs := ParseField(m.CommentLines)
		for _, e := range errs {
			b.report(b.src.fieldMarkerPos(b.dir(t), declName(t), m.Name, m.CommentLines, e.Line), b.subject(t, m.Name), false, "%s", e.Message)
		}
		f := &unionField{Field: Field{GoName: m.Name, JSONName: JSONName(*m), Type: m.Type}, markers: fm, member: m, valid: true}
		fields[f.GoName] = f
		fields[f.JSONName] = f
		switch {
		case fm.Discriminator && fm.Member != nil:
			b.markerProblem(t, f, MemberMarker, false, "a field cannot be both +%s and +%s: the discriminator is not a member", DiscriminatorMarker, MemberMarker)
			f.valid = false
		case fm.DiscriminatedBy != "" && fm.Member == nil:
			b.markerProblem(t, f, DiscriminatedByMarker, false, "+%s needs +%s on the same field", DiscriminatedByMarker, MemberMarker)
		}
		if (fm.Discriminator || fm.Member != nil) && !b.checkSerialized(t, f) {
			f.valid = false
		}
		// An invalid discriminator still claims its members, so that they
		// are not also reported as having none.
		switch {
		case fm.Discriminator:
			discriminators = append(discriminators, f)
		case fm.Member != nil && f.valid:
			members = append(members, f)
		}
	}

	unions := map[*unionField]*Union{}
	for _, d := range discriminators {
		if d.valid {
			unions[d] = b.discriminator(t, d)
		}
	}
	for _, m := range members {
		if d := b.discriminatorOf(t, m, discriminators, fields); d != nil && unions[d] != nil {
			b.member(t, m, unions[d], d)
		}
	}
	for _, d := range discriminators {
		if u := unions[d]; u != nil {
			b.model.Unions[t.Name] = append(b.model.Unions[t.Name], u)
		}
	}
}

func (b *builder) hasUnionMarkers(t *types.Type) bool {
	if HasUnionMarker(t.CommentLines) {
		return true
	}
	for _, m := range t.Members {
		if HasUnionMarker(m.CommentLines) {
			return true
		}
	}
	return false
}

// anonymousStructWithMarkers reports whether a value of type t holds an
// anonymous struct with union markers: such a struct can have no methods.
func anonymousStructWithMarkers(t *types.Type, seen map[*types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array, types.Map:
		return anonymousStructWithMarkers(t.Elem, seen)
	case types.Struct:
		if t.Name.Package != "" {
			return false
		}
		for _, m := range t.Members {
			if HasUnionMarker(m.CommentLines) || anonymousStructWithMarkers(m.Type, seen) {
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
		b.fieldError(t, f.GoName, "union fields must be exported: unexported fields are not serialized")
		return false
	case IsInline(*f.member):
		b.fieldError(t, f.GoName, "an inlined embedded struct cannot be a union field: give the field a name and a JSON tag")
		return false
	case jsonTag(*f.member)[0] == "" || f.JSONName == "-":
		b.fieldError(t, f.GoName, "union fields need a JSON name: add a tag such as `json:\"%s,omitempty\"`", lowerFirst(f.GoName))
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

// discriminator checks a discriminator field and starts its union, or
// returns nil.
func (b *builder) discriminator(t *types.Type, d *unionField) *Union {
	info := b.enum(d.Type)
	if info.problem != "" {
		b.markerProblem(t, d, DiscriminatorMarker, false, "%s", info.problem)
		return nil
	}
	u := &Union{Struct: t, Discriminator: d.Field, Enum: info.enum}
	if raw := d.markers.Default; raw != nil {
		value, err := ParseDefault(*raw)
		switch {
		case err != nil:
			b.markerProblem(t, d, DefaultMarker, false, "%v", err)
		case !u.Enum.Has(value):
			b.markerProblem(t, d, DefaultMarker, false, "+default=%s is not a value of enum %s; valid values: %s", *raw, b.names.Name(u.Enum.Type), quoteAll(u.Enum.Values))
		default:
			u.Default = &value
		}
	}
	return u
}

// enum resolves a discriminator type to an enum once: each discriminator of a
// type that is no enum is told why, and the type's own mistakes (untyped
// constants) are reported once.
func (b *builder) enum(et *types.Type) *enumInfo {
	if info, ok := b.enums[et.Name]; ok {
		return info
	}
	info := &enumInfo{}
	b.enums[et.Name] = info
	name := b.names.Name(et)
	switch {
	case et.Kind == types.Pointer && isNamedString(et.Elem):
		info.problem = fmt.Sprintf("discriminator type %s must not be a pointer: use %s", name, b.names.Name(et.Elem))
		return info
	case !isNamedString(et):
		info.problem = fmt.Sprintf("discriminator type %s must be a named string type marked +enum, e.g. `type Kind string` with typed constants `const KindA Kind = \"A\"`", name)
		return info
	}
	enumDir := b.dir(et)
	fromSource, _ := ParseType(b.src.typeDoc(enumDir, et.Name.Name))
	fromGengo, _ := ParseType(et.CommentLines)
	if !fromSource.Enum && !fromGengo.Enum {
		info.problem = fmt.Sprintf("discriminator type %s is not marked +enum: add \"// +enum\" above `type %s string`%s",
			name, et.Name.Name, declaredAt(b.src.typePos(enumDir, et.Name.Name)))
		return info
	}
	info.enum = Enum{Type: et, Values: b.enumValues(et)}
	info.untyped = b.src.untypedEnumConsts(enumDir, et.Name.Name)
	for _, c := range info.untyped {
		b.report(c.pos, b.universe.Package(et.Name.Package).Name+"."+c.name, false,
			"constant %s = %q is untyped, so it is not a value of enum %s; declare it as `%s %s = %q`",
			c.name, c.value, et.Name.Name, c.name, et.Name.Name, c.value)
	}
	if len(info.enum.Values) == 0 {
		info.problem = fmt.Sprintf("enum %s has no typed constants, so the discriminator has no valid value: declare them as `const X %s = \"X\"`%s",
			name, et.Name.Name, declaredAt(b.src.typePos(enumDir, et.Name.Name)))
	}
	return info
}

func isNamedString(t *types.Type) bool {
	return t.Kind == types.Alias && t.Underlying.Kind == types.Builtin && t.Underlying.Name.Name == "string"
}

// declaredAt says where a type is declared, for hints that send the reader there.
func declaredAt(pos token.Position) string {
	if !pos.IsValid() {
		return ""
	}
	return fmt.Sprintf(" (declared at %s:%d)", displayPath(pos.Filename), pos.Line)
}

// enumValues collects the values of the constants of type et, in whichever
// package et is declared: gengo only records constants of input packages.
func (b *builder) enumValues(et *types.Type) []string {
	named, ok := gotypes.Unalias(et.GoType).(*gotypes.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	values := slices.Clone(b.stringConsts(named.Obj().Pkg())[named.Obj()])
	slices.Sort(values)
	return slices.Compact(values)
}

// stringConsts groups a package's string constants by their named type. A
// package is scanned once, however many enums it declares: scanning it per
// enum made generation quadratic in the number of unions.
func (b *builder) stringConsts(pkg *gotypes.Package) map[*gotypes.TypeName][]string {
	if byType, ok := b.consts[pkg]; ok {
		return byType
	}
	byType := map[*gotypes.TypeName][]string{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*gotypes.Const)
		if !ok || c.Val().Kind() != constant.String {
			continue
		}
		if named, ok := gotypes.Unalias(c.Type()).(*gotypes.Named); ok {
			byType[named.Obj()] = append(byType[named.Obj()], constant.StringVal(c.Val()))
		}
	}
	b.consts[pkg] = byType
	return byType
}

// discriminatorOf finds the discriminator a member belongs to.
func (b *builder) discriminatorOf(t *types.Type, m *unionField, discriminators []*unionField, fields map[string]*unionField) *unionField {
	by := m.markers.DiscriminatedBy
	if by == "" {
		switch len(discriminators) {
		case 1:
			return discriminators[0]
		case 0:
			b.markerProblem(t, m, MemberMarker, false,
				"member has no discriminator in %s: add +%s to the field that selects it (a union's discriminator and members must be in one struct)",
				t.Name.Name, DiscriminatorMarker)
		default:
			names := make([]string, len(discriminators))
			for i, d := range discriminators {
				names[i] = d.GoName
			}
			b.markerProblem(t, m, MemberMarker, false,
				"%s has %d discriminators (%s): add +%s=<field> to say which one selects this member",
				t.Name.Name, len(discriminators), strings.Join(names, ", "), DiscriminatedByMarker)
		}
		return nil
	}
	f, ok := fields[by]
	switch {
	case !ok:
		b.markerProblem(t, m, DiscriminatedByMarker, false,
			"+%s=%s: %s has no field %s (a union's discriminator and members must be in one struct)", DiscriminatedByMarker, by, t.Name.Name, by)
	case !f.markers.Discriminator:
		b.markerProblem(t, m, DiscriminatedByMarker, false,
			"+%s=%s: field %s is not marked +%s", DiscriminatedByMarker, by, f.GoName, DiscriminatorMarker)
	default:
		return f
	}
	return nil
}

// member checks a member field and adds it to its union.
func (b *builder) member(t *types.Type, m *unionField, u *Union, d *unionField) {
	if u == nil {
		// The discriminator was reported already; its members cannot be checked.
		return
	}
	ok := true
	if why := b.memberTypeProblem(m.Type); why != "" {
		b.fieldError(t, m.GoName, "%s", why)
		ok = false
	}
	if !m.markers.Optional && !hasJSONOption(*m.member, "omitempty") && !hasJSONOption(*m.member, "omitzero") {
		if m.markers.Required {
			b.fieldError(t, m.GoName, "members must be optional: replace \"// +required\" with \"// +optional\"")
		} else {
			b.fieldError(t, m.GoName, "members must be optional: add \"// +optional\" or omitempty to the json tag")
		}
		ok = false
	}
	value := m.markers.Member.Value
	if value == "" {
		value = m.GoName
	}
	if !u.Enum.Has(value) {
		b.markerProblem(t, m, MemberMarker, false, "%s", b.notAValue(u, value))
		ok = false
	}
	if other := u.Selected(value); other != nil {
		b.markerProblem(t, m, MemberMarker, false, "value %q of discriminator %s already selects member %s", value, d.GoName, other.GoName)
		ok = false
	}
	if !ok {
		return
	}
	if !strings.EqualFold(value, m.JSONName) {
		b.markerProblem(t, m, MemberMarker, true, "member value %q does not match its JSON name %q (KEP-1027: they should match, ignoring case)", value, m.JSONName)
	}
	u.Members = append(u.Members, &Member{Field: m.Field, Value: value, Optional: m.markers.Member.Optional})
}

// notAValue explains why value is not a value of the union's enum, with the
// likeliest fix.
func (b *builder) notAValue(u *Union, value string) string {
	name := u.Enum.Type.Name.Name
	for _, c := range b.enums[u.Enum.Type.Name].untyped {
		if c.value == value {
			return fmt.Sprintf("%q is not a value of enum %s: constant %s is untyped; declare it as `%s %s = %q`", value, name, c.name, c.name, name, value)
		}
	}
	for _, v := range u.Enum.Values {
		if strings.EqualFold(v, value) {
			return fmt.Sprintf("%q is not a value of enum %s; did you mean +%s=%s?", value, name, MemberMarker, v)
		}
	}
	return fmt.Sprintf("%q is not a value of enum %s; valid values: %s (write +%s=<value> to use another value than the field name)",
		value, name, quoteAll(u.Enum.Values), MemberMarker)
}

func quoteAll(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(quoted, ", ")
}

// memberTypeProblem says why "set" cannot be told from "unset" for a member
// of type t, or "" when it can: pointers, slices and maps by nil or length,
// scalars by their zero value.
func (b *builder) memberTypeProblem(t *types.Type) string {
	u := Underlying(t)
	switch {
	case u.Kind == types.Pointer || u.Kind == types.Slice || u.Kind == types.Map || IsScalar(u):
		return ""
	case u.Kind == types.Struct:
		return fmt.Sprintf("member type %s cannot be told unset from set: use a pointer, *%s", b.names.Name(t), b.names.Name(t))
	case u.Kind == types.Array:
		return fmt.Sprintf("member type %s cannot be told unset from set: use a slice, []%s", b.names.Name(t), b.names.Name(u.Elem))
	}
	return fmt.Sprintf("member type %s cannot be told unset from set: use a pointer to a struct, a slice, a map, a string, a bool or a number", b.names.Name(t))
}

// Underlying follows named non-struct types to what they are declared as.
func Underlying(t *types.Type) *types.Type {
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	return t
}

// IsScalar reports whether t is a builtin string, bool or number type.
func IsScalar(t *types.Type) bool {
	if t.Kind != types.Builtin {
		return false
	}
	switch t.Name.Name {
	case "string", "bool", "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "byte", "rune":
		return true
	}
	return false
}

// JSONName is the name encoding/json gives the field: the json tag's name,
// else the Go name; "" for an embedded struct that is inlined.
func JSONName(m types.Member) string {
	switch tag := jsonTag(m)[0]; {
	case tag != "":
		return tag
	case m.Embedded:
		return ""
	}
	return m.Name
}

// IsInline reports whether encoding/json inlines the field's struct into the
// parent object.
func IsInline(m types.Member) bool {
	return m.Embedded && JSONName(m) == ""
}

func hasJSONOption(m types.Member, option string) bool {
	return slices.Contains(jsonTag(m)[1:], option)
}

// jsonTag is the field's json tag split at commas: the name, then options.
func jsonTag(m types.Member) []string {
	return strings.Split(reflect.StructTag(m.Tags).Get("json"), ",")
}

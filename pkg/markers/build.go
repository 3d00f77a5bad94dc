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
		enums: map[types.Name]*enumInfo{},
		names: namer.NewRawNamer("", nil),
	}
	for _, path := range slices.Sorted(slices.Values(inputs)) {
		pkg := universe.Package(path)
		for _, name := range slices.Sorted(maps.Keys(pkg.Types)) {
			if t := pkg.Types[name]; t.Kind == types.Struct {
				b.structType(t)
			}
		}
	}
	b.reach(inputs)
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
}

type enumInfo struct {
	enum     Enum
	ok       bool
	untyped  []untypedConst
	declared token.Position
}

// unionField is a struct field with its parsed markers.
type unionField struct {
	Field
	markers FieldMarkers
	member  *types.Member
}

func (b *builder) dir(t *types.Type) string {
	return b.universe.Package(t.Name.Package).Dir
}

func (b *builder) subject(t *types.Type, field string) string {
	s := b.universe.Package(t.Name.Package).Name + "." + t.Name.Name
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
	b.report(b.src.fieldPos(b.dir(t), t.Name.Name, field), b.subject(t, field), false, format, args...)
}

// markerProblem reports a problem with a field's marker, at the marker.
func (b *builder) markerProblem(t *types.Type, f *unionField, marker string, warning bool, format string, args ...any) {
	pos := b.src.fieldPos(b.dir(t), t.Name.Name, f.GoName)
	if line, ok := f.markers.Lines[marker]; ok {
		pos = b.markerLinePos(t, f.member, line)
	}
	b.report(pos, b.subject(t, f.GoName), warning, format, args...)
}

// markerLinePos is the position of comment line i of a member.
func (b *builder) markerLinePos(t *types.Type, m *types.Member, i int) token.Position {
	line := m.CommentLines[i]
	occurrence := 0
	for _, earlier := range m.CommentLines[:i] {
		if strings.TrimSpace(earlier) == strings.TrimSpace(line) {
			occurrence++
		}
	}
	return b.src.markerPos(b.dir(t), t.Name.Name, m.Name, line, occurrence)
}

func (b *builder) structType(t *types.Type) {
	if !b.hasUnionMarkers(t) {
		return
	}
	if _, errs := ParseType(t.CommentLines); len(errs) > 0 {
		for _, e := range errs {
			b.report(b.src.typePos(b.dir(t), t.Name.Name), b.subject(t, ""), false, "%s", e.Message)
		}
	}
	if len(t.TypeParams) > 0 {
		b.report(b.src.typePos(b.dir(t), t.Name.Name), b.subject(t, ""), false, "union markers on generic types are not supported")
		return
	}

	var discriminators, members []*unionField
	fields := map[string]*unionField{}
	for i := range t.Members {
		m := &t.Members[i]
		fm, errs := ParseField(m.CommentLines)
		for _, e := range errs {
			b.report(b.markerLinePos(t, m, e.Line), b.subject(t, m.Name), false, "%s", e.Message)
		}
		f := &unionField{Field: Field{GoName: m.Name, JSONName: JSONName(*m), Type: m.Type}, markers: fm, member: m}
		fields[f.GoName] = f
		fields[f.JSONName] = f
		switch {
		case fm.Discriminator && fm.Member != nil:
			b.markerProblem(t, f, MemberMarker, false, "a field cannot be both +%s and +%s: the discriminator is not a member", DiscriminatorMarker, MemberMarker)
			continue
		case fm.DiscriminatedBy != "" && fm.Member == nil:
			b.markerProblem(t, f, DiscriminatedByMarker, false, "+%s needs +%s on the same field", DiscriminatedByMarker, MemberMarker)
		}
		if fm.Discriminator || fm.Member != nil {
			if !b.checkSerialized(t, f) {
				continue
			}
		}
		if fm.Discriminator {
			discriminators = append(discriminators, f)
		}
		if fm.Member != nil {
			members = append(members, f)
		}
	}

	unions := map[*unionField]*Union{}
	for _, d := range discriminators {
		if u := b.discriminator(t, d); u != nil {
			unions[d] = u
		}
	}
	for _, m := range members {
		d := b.discriminatorOf(t, m, discriminators, fields)
		if d == nil {
			continue
		}
		b.member(t, m, unions[d], d)
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

// checkSerialized reports a union field that JSON cannot see.
func (b *builder) checkSerialized(t *types.Type, f *unionField) bool {
	switch {
	case !token.IsExported(f.GoName):
		b.fieldError(t, f.GoName, "union fields must be exported: unexported fields are not serialized")
		return false
	case jsonTag(*f.member)[0] == "" || f.JSONName == "-" || f.member.Embedded:
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

// discriminator checks a discriminator field and starts its union.
func (b *builder) discriminator(t *types.Type, d *unionField) *Union {
	info := b.enum(t, d)
	if !info.ok {
		return nil
	}
	u := &Union{Struct: t, Discriminator: d.Field, Enum: info.enum}
	if raw := d.markers.Default; raw != nil {
		value, err := ParseDefault(*raw)
		switch {
		case err != nil:
			b.markerProblem(t, d, DiscriminatorMarker, false, "%v", err)
		case !u.Enum.Has(value):
			b.markerProblem(t, d, DiscriminatorMarker, false, "+default=%s is not a value of enum %s; valid values: %s", *raw, u.Enum.Type.Name.Name, quoteAll(u.Enum.Values))
		default:
			u.Default = &value
		}
	}
	return u
}

// enum resolves the discriminator's type to an enum, reporting why it is not one.
func (b *builder) enum(t *types.Type, d *unionField) *enumInfo {
	et := d.Type
	if info, ok := b.enums[et.Name]; ok {
		return info
	}
	info := &enumInfo{}
	b.enums[et.Name] = info
	if et.Kind != types.Alias || et.Underlying.Kind != types.Builtin || et.Underlying.Name.Name != "string" {
		b.markerProblem(t, d, DiscriminatorMarker, false,
			"discriminator type %s must be a named string type marked +enum, e.g. `type %sType string`", b.names.Name(et), d.GoName)
		return info
	}
	enumDir := b.dir(et)
	isEnum, _ := ParseType(b.src.typeDoc(enumDir, et.Name.Name))
	if !isEnum {
		isEnum, _ = ParseType(et.CommentLines)
	}
	if !isEnum {
		b.markerProblem(t, d, DiscriminatorMarker, false,
			"discriminator type %s is not marked +enum: add \"// +enum\" above `type %s string`", b.names.Name(et), et.Name.Name)
		return info
	}
	info.enum = Enum{Type: et, Values: enumValues(et)}
	info.untyped = b.src.untypedEnumConsts(enumDir, et.Name.Name)
	for _, c := range info.untyped {
		b.report(c.pos, b.universe.Package(et.Name.Package).Name+"."+c.name, false,
			"constant %s = %q is untyped, so it is not a value of enum %s; declare it as `%s %s = %q`",
			c.name, c.value, et.Name.Name, c.name, et.Name.Name, c.value)
	}
	if len(info.enum.Values) == 0 {
		b.markerProblem(t, d, DiscriminatorMarker, false,
			"enum %s has no typed constants, so the discriminator has no valid value: declare them as `const X %s = \"X\"`", b.names.Name(et), et.Name.Name)
		return info
	}
	info.ok = true
	return info
}

// enumValues collects the values of the constants of type et, in whichever
// package et is declared: gengo only records constants of input packages.
func enumValues(et *types.Type) []string {
	named, ok := gotypes.Unalias(et.GoType).(*gotypes.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	scope := named.Obj().Pkg().Scope()
	var values []string
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*gotypes.Const)
		if !ok || !gotypes.Identical(c.Type(), named) || c.Val().Kind() != constant.String {
			continue
		}
		values = append(values, constant.StringVal(c.Val()))
	}
	slices.Sort(values)
	return slices.Compact(values)
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
	if !hasVisibleSetState(m.Type) {
		b.fieldError(t, m.GoName, "member type %s has no unset state that can be told from a set one: use a pointer (*%s), slice, map, string, bool or number",
			b.names.Name(m.Type), b.names.Name(m.Type))
		ok = false
	}
	if !m.markers.Optional && !hasJSONOption(*m.member, "omitempty") && !hasJSONOption(*m.member, "omitzero") {
		b.fieldError(t, m.GoName, "members must be optional: add \"// +optional\" and omitempty to the json tag")
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

// hasVisibleSetState reports whether "set" can be told from "unset" for a
// value of t: pointers, slices and maps by nil or length, scalars by zero.
func hasVisibleSetState(t *types.Type) bool {
	t = Underlying(t)
	switch t.Kind {
	case types.Pointer, types.Slice, types.Map:
		return true
	case types.Builtin:
		return IsScalar(t)
	}
	return false
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

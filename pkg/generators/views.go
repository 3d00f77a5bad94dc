package generators

import (
	"fmt"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The views are what the templates print: the model's unions and walks as
// Go expressions of one generated method. They hold no logic of their own;
// the rules come from the model.

// symbols are the names of the field package's symbols, as imported, and
// what a check does when it fails in the method being written.
type symbols struct {
	FieldPath, ErrorList, Error, Required, Forbidden, NotSupported, Invalid, Join string
	// ValueOf is reflect.ValueOf, which tells a struct member set.
	ValueOf string
	Fail    string
}

// methodsView is the data of the templates of one struct's methods.
type methodsView struct {
	*symbols
	Type   string
	Unions []*unionView
	// Counts are the unions without a discriminator.
	Counts []*countView
	// The fields through which the struct reaches unions, as NormalizeUnions
	// and unionsErrors walk them.
	Normalize, Validate []*walkView
	// FastChecks and ValidChecks are the checks of ValidateUnions and of
	// UnionsValid.
	FastChecks, ValidChecks *checksView
}

// checksView is the data of the "checks" template: a struct's unions and
// the fields through which it reaches others, tested without field paths.
type checksView struct {
	Unions []*unionView
	Counts []*countView
	Walks  []*walkView
}

// countView is a union without a discriminator as the generated methods test
// it: by the number of its members that are set (docs/semantics.md V4).
type countView struct {
	*symbols
	// Sets tests each member of in, Names are the members' JSON names as Go
	// literals, in the same order.
	Sets, Names string
	// ExactlyOne is set when no member set is an error too; Wrong is the
	// comparison that finds the number of members set wrong.
	ExactlyOne bool
	Wrong      string
	// The messages and origin of the errors, as Go literals.
	NoneMessage, SeveralMessage, Origin string
	// Kept is as in unionView.
	Kept string
}

func newCountView(u *unions.Union, sym *symbols) *countView {
	sets := make([]string, len(u.Members))
	names := make([]string, len(u.Members))
	for i, m := range u.Members {
		sets[i] = fmt.Sprintf(sym.presence(m).set, "in."+m.GoName)
		names[i] = strconv.Quote(m.JSONName)
	}
	v := &countView{
		symbols:        sym,
		Sets:           strings.Join(sets, ", "),
		Names:          strings.Join(names, ", "),
		ExactlyOne:     u.Kind == unions.ExactlyOne,
		Wrong:          "> 1",
		NoneMessage:    strconv.Quote(u.NoneMessage()),
		SeveralMessage: strconv.Quote(u.SeveralMessage()),
		Origin:         strconv.Quote(u.Origin()),
	}
	if v.ExactlyOne {
		v.Wrong = "!= 1"
	}
	return v
}

// unionView is a union as the generated methods test it.
type unionView struct {
	*symbols
	// Type is the struct's name, Disc the discriminator's Go name and
	// Normalize the method that clears the members it no longer selects.
	Type, Disc, Normalize string
	// InDisc and OldDisc are the discriminator's values in in and old.
	InDisc, OldDisc string
	// Values are the enum's values, as Go literals.
	Values    string
	NoneValue bool
	// Path and RequiredMessage are the discriminator's path and its message
	// for an empty value.
	Path, RequiredMessage string
	Members               []*memberView
	// NormalizeWhen is the condition under which NormalizeUnions calls
	// Normalize: the discriminator changed and, in a union of few members,
	// one of them is set in both objects without being selected, the only
	// case in which normalization clears anything.
	NormalizeWhen string
	// Cases are the rows of the selection table as the checks test them.
	Cases []*caseView
	// Kept is the condition under which an update keeps the union as it was,
	// so that it is not validated; "" when the union does not ratchet.
	Kept string
}

// caseView is a set of discriminator values that select the same member (or
// none), and the condition under which an object with one of them is
// invalid: the selected member unset, unless optional, or another one set.
type caseView struct {
	*symbols
	Values, Invalid string
}

// memberView is a member as the generated methods test it.
type memberView struct {
	*symbols
	Disc, GoName string
	// InDisc and OldDisc are the discriminator's values in in and old.
	InDisc, OldDisc string
	// Value is the selecting value as a Go literal.
	Value    string
	Optional bool
	// InSet, OldSet and InUnset test the member of in and of old.
	InSet, OldSet, InUnset string
	// Zero clears the member.
	Zero                                                      string
	Path, RequiredMessage, ForbiddenMessage, UnchangedMessage string
}

func newUnionView(u *unions.Union, typeName string, sym *symbols) *unionView {
	disc := u.Discriminator
	v := &unionView{
		symbols:         sym,
		Type:            typeName,
		Disc:            disc.GoName,
		InDisc:          discValue("in", disc),
		OldDisc:         discValue("old", disc),
		Normalize:       "unionsNormalize" + disc.GoName,
		Values:          unions.Quote(u.Enum.Values),
		NoneValue:       u.NoneValue,
		Path:            childPath(disc.JSONName),
		RequiredMessage: strconv.Quote(u.DiscriminatorRequiredMessage()),
	}
	var empty []string
	for _, c := range u.Choices {
		if c.Member == nil {
			empty = append(empty, c.Value)
		}
	}
	if len(empty) > 0 {
		v.Cases = append(v.Cases, &caseView{symbols: sym, Values: unions.Quote(empty), Invalid: invalidWhen(u, nil, sym)})
	}
	for _, m := range u.Members {
		test := sym.presence(m)
		v.Members = append(v.Members, &memberView{
			symbols:          sym,
			Disc:             disc.GoName,
			InDisc:           v.InDisc,
			OldDisc:          v.OldDisc,
			GoName:           m.GoName,
			Value:            strconv.Quote(m.Value),
			Optional:         m.Optional,
			InSet:            fmt.Sprintf(test.set, "in."+m.GoName),
			OldSet:           fmt.Sprintf(test.set, "old."+m.GoName),
			InUnset:          fmt.Sprintf(test.unset, "in."+m.GoName),
			Zero:             fmt.Sprintf(test.zero, "in."+m.GoName),
			Path:             childPath(m.JSONName),
			RequiredMessage:  strconv.Quote(u.RequiredMessage(m)),
			ForbiddenMessage: strconv.Quote(u.ForbiddenMessage(m)),
			UnchangedMessage: strconv.Quote(u.UnchangedMessage(m)),
		})
		v.Cases = append(v.Cases, &caseView{symbols: sym, Values: strconv.Quote(m.Value), Invalid: invalidWhen(u, m, sym)})
	}
	v.NormalizeWhen = v.InDisc + " != " + v.OldDisc
	if len(v.Members) <= scanMembersMax {
		stale := make([]string, len(v.Members))
		for i, m := range v.Members {
			stale[i] = m.InSet + " && " + m.OldSet + " && " + v.InDisc + " != " + m.Value
		}
		v.NormalizeWhen = "(" + strings.Join(stale, " || ") + ") && " + v.NormalizeWhen
	}
	return v
}

// scanMembersMax is the largest union whose members NormalizeUnions tests
// before it compares the discriminators. A member costs a load and a branch,
// usually not taken; comparing two strings costs a runtime.memequal call. On
// an unchanged update of a union of one member the test is the cheaper by
// far, with five members they cost the same, with twelve the comparison is
// cheaper by a nanosecond (docs/benchmarks.md).
const scanMembersMax = 4

// keptWhen is the condition under which an update keeps a ratcheting union
// as its mode defines it ("" when it does not ratchet). deepEqual is the
// expression of the function that compares two values the API server's way.
func keptWhen(u *unions.Union, sym *symbols, deepEqual func() string) string {
	if u.Ratcheting == unionspec.RatchetingOff {
		return ""
	}
	var conds []string
	if u.Kind == unions.Discriminated {
		conds = append(conds, discValue("in", u.Discriminator)+" == "+discValue("old", u.Discriminator))
	}
	for _, m := range u.Members {
		test := sym.presence(m)
		in, old := "in."+m.GoName, "old."+m.GoName
		switch {
		case u.Ratcheting == unionspec.RatchetingMembership:
			conds = append(conds, fmt.Sprintf("(%s) == (%s)", fmt.Sprintf(test.set, in), fmt.Sprintf(test.set, old)))
		case m.Presence.Scalar():
			conds = append(conds, in+" == "+old)
		default:
			conds = append(conds, fmt.Sprintf("%s(%s, %s)", deepEqual(), in, old))
		}
	}
	return strings.Join(conds, " && ")
}

// discValue is the value of a discriminator of the object obj: a pointer
// discriminator (which validation-gen and KEP-1027 2019 allow) is "" when nil.
func discValue(obj string, disc unions.Field) string {
	if disc.Type.Kind == types.Pointer {
		return "unionsDeref(" + obj + "." + disc.GoName + ")"
	}
	return obj + "." + disc.GoName
}

// invalidWhen is the condition under which a union whose discriminator
// selects the given member (nil: none) is invalid, or "" when it never is.
func invalidWhen(u *unions.Union, selected *unions.Member, sym *symbols) string {
	var conds []string
	for _, m := range u.Members {
		test := sym.presence(m)
		switch {
		case m != selected:
			conds = append(conds, fmt.Sprintf(test.set, "in."+m.GoName))
		case !m.Optional:
			conds = append(conds, fmt.Sprintf(test.unset, "in."+m.GoName))
		}
	}
	return strings.Join(conds, " || ")
}

// walkView is a walked value as one generated method sees it: the
// expressions of the value, of its old counterpart and of its path, and the
// loop variables of its depth.
type walkView struct {
	*unions.Walk
	*symbols
	Depth int
	// In is the value, addressable when it is a struct; Old its old
	// counterpart ("" when it has none), a pointer for a struct in
	// ValidateUnions.
	In, Old string
	// Path is the value's field path, in ValidateUnions.
	Path string
	Elem *walkView
	// SortedKeys ranges over a map's keys in order, in ValidateUnions.
	SortedKeys string
	// Prior is the variable that holds the old counterpart of a map value or
	// list-map item, declared like PriorLike and set to PriorFound.
	Prior, PriorLike, PriorFound string
	// OldVar is the variable that holds a field's old counterpart in
	// ValidateUnions, declared like OldVarLike and set to OldVarValue.
	OldVar, OldVarLike, OldVarValue string
}

func (v *walkView) I() string { return numbered("i", v.Depth) }
func (v *walkView) J() string { return numbered("j", v.Depth) }
func (v *walkView) K() string { return numbered("k", v.Depth) }
func (v *walkView) V() string { return numbered("v", v.Depth) }
func (v *walkView) O() string { return numbered("o", v.Depth) }

// Calls is set for a struct or a pointer to one: the walk calls its methods.
func (v *walkView) Calls() bool { return v.Struct != nil }

func (v *walkView) Map() bool     { return v.Shape == unionspec.ShapeMap }
func (v *walkView) ListMap() bool { return v.Shape == unionspec.ShapeListMap }

// MapOfStructs is a map whose values are not addressable: they are
// normalized as copies and stored back.
func (v *walkView) MapOfStructs() bool { return v.Map() && v.Elem.Shape == unionspec.ShapeStruct }

// OldRef is the argument of a struct's NormalizeUnions: a pointer to old.
func (v *walkView) OldRef() string {
	if v.Shape == unionspec.ShapeStruct {
		return "&" + v.Old
	}
	return v.Old
}

// OldOrNil is the argument of a struct's ValidateUnions.
func (v *walkView) OldOrNil() string {
	if v.Old == "" {
		return "nil"
	}
	return v.Old
}

// KeysEqual matches an item of a list-map with an old item by its keys.
func (v *walkView) KeysEqual() string {
	a, b := v.In+"["+v.I()+"]", v.Old+"["+v.J()+"]"
	var conds []string
	if v.Elem.Shape == unionspec.ShapePointer {
		conds = append(conds, a+" != nil", b+" != nil")
	}
	for _, k := range v.Keys {
		x, y := a+"."+k.GoName, b+"."+k.GoName
		if k.Pointer {
			conds = append(conds, fmt.Sprintf("(%s == nil) == (%s == nil) && (%s == nil || *%s == *%s)", x, y, x, x, y))
		} else {
			conds = append(conds, x+" == "+y)
		}
	}
	return strings.Join(conds, " && ")
}

// normalizeView is the view of a walk in NormalizeUnions, or nil when it
// has nothing to normalize: only values with old counterparts can need it.
func normalizeView(w *unions.Walk, in, old string, depth int) *walkView {
	if !w.HasOld {
		return nil
	}
	in, old = deref(w, in), deref(w, old)
	v := &walkView{Walk: w, Depth: depth, In: in, Old: old}
	switch w.Shape {
	case unionspec.ShapeMap:
		v.Elem = normalizeView(w.Elem, v.V(), old+"["+v.K()+"]", depth+1)
	case unionspec.ShapeListMap:
		v.Elem = normalizeView(w.Elem, in+"["+v.I()+"]", old+"["+v.J()+"]", depth+1)
	}
	return v
}

// validateView is the view of a walk in ValidateUnions; old is "" where the
// value has no old counterpart.
func (e *emitter) validateView(w *unions.Walk, in, old, path string, depth int) *walkView {
	if w.Deref {
		e.gen.usesDeref = true
	}
	in, old = deref(w, in), deref(w, old)
	v := &walkView{Walk: w, Depth: depth, In: in, Old: old, Path: path}
	switch w.Shape {
	case unionspec.ShapeStruct, unionspec.ShapePointer:
		e.gen.usesConcat = true
	case unionspec.ShapeMap:
		// Sorted keys give errors in a stable order; sorting allocates, but
		// only invalid objects get here.
		v.SortedKeys = e.sortedKeys(in)
		key := v.K()
		if w.NamedKey {
			key = "string(" + key + ")"
		}
		elemOld := ""
		switch {
		case old == "":
		case w.Elem.Shape == unionspec.ShapeStruct:
			v.Prior, v.PriorLike = numbered("prior", depth), "&"+v.V()
			e.gen.usesNilOf = true
			elemOld = v.Prior
		default:
			elemOld = old + "[" + v.K() + "]"
		}
		v.Elem = e.validateView(w.Elem, v.V(), elemOld, path+".Key("+key+")", depth+1)
	case unionspec.ShapeList, unionspec.ShapeListMap:
		item := in + "[" + v.I() + "]"
		if w.Shape == unionspec.ShapeListMap && old != "" {
			v.Prior, v.PriorLike, v.PriorFound = numbered("prior", depth), item, old+"["+v.J()+"]"
			if w.Elem.Shape == unionspec.ShapeStruct {
				v.PriorLike, v.PriorFound = "&"+v.PriorLike, "&"+v.PriorFound
			}
			e.gen.usesNilOf = true
		}
		v.Elem = e.validateView(w.Elem, item, v.Prior, path+".Index("+v.I()+")", depth+1)
	}
	return v
}

// validateStepView is the view of a field in ValidateUnions: its old
// counterpart is taken only where it is used, into a variable, since old may
// be nil.
func (e *emitter) validateStepView(step *unions.Step) *walkView {
	in, old := "in."+step.GoName, ""
	if step.Walk.HasOld {
		old = "old" + step.GoName
	}
	v := e.validateView(step.Walk, in, old, stepPath(step), 1)
	if old != "" {
		v.OldVar, v.OldVarLike, v.OldVarValue = old, in, "old."+step.GoName
		if step.Walk.Shape == unionspec.ShapeStruct {
			v.OldVarLike, v.OldVarValue = "&"+in, "&old."+step.GoName
		}
		e.gen.usesNilOf = true
	}
	return v
}

// checkView is the view of a walk in the checks, which run sym's Fail
// statement on failure.
func checkView(w *unions.Walk, in string, depth int, sym *symbols) *walkView {
	in = deref(w, in)
	v := &walkView{Walk: w, symbols: sym, Depth: depth, In: in}
	switch w.Shape {
	case unionspec.ShapeMap:
		v.Elem = checkView(w.Elem, v.V(), depth+1, sym)
	case unionspec.ShapeList, unionspec.ShapeListMap:
		v.Elem = checkView(w.Elem, in+"["+v.I()+"]", depth+1, sym)
	}
	return v
}

// deref is the expression of the list or map that a walked pointer points
// to; expr itself for other walks, and "" (no old value) stays "".
func deref(w *unions.Walk, expr string) string {
	if !w.Deref || expr == "" {
		return expr
	}
	return "unionsDeref(" + expr + ")"
}

// stepPath is the field path of a field, below fldPath.
func stepPath(step *unions.Step) string {
	if step.JSONName == "" {
		return "fldPath"
	}
	return childPath(step.JSONName)
}

func childPath(jsonName string) string {
	return "fldPath.Child(" + strconv.Quote(jsonName) + ")"
}

// numbered names a loop variable of the given nesting depth.
func numbered(name string, depth int) string {
	if depth == 1 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// presenceTests are, for each way of telling "set" from "unset", the Go
// expressions that test a member and clear it (formats of the member's
// expression).
var presenceTests = map[unionspec.Presence]struct{ set, unset, zero string }{
	unionspec.PresenceNonNil:  {"%s != nil", "%s == nil", "nil%.0s"},
	unionspec.PresenceLength:  {"len(%s) > 0", "len(%s) == 0", "nil%.0s"},
	unionspec.PresenceString:  {`%s != ""`, `%s == ""`, `""%.0s`},
	unionspec.PresenceBool:    {"%s", "!%s", "false%.0s"},
	unionspec.PresenceInteger: {"%s != 0", "%s == 0", "0%.0s"},
	unionspec.PresenceFloat:   {"%s != 0", "%s == 0", "0%.0s"},
	unionspec.PresenceNonZero: {"!" + nonZeroValueOf + "(&%s).Elem().IsZero()", nonZeroValueOf + "(&%s).Elem().IsZero()", "unionsNilOf(%s)"},
}

// nonZeroValueOf stands for reflect.ValueOf in presenceTests, as imported.
const nonZeroValueOf = "<ValueOf>"

// presence returns the tests of a member, with reflect.ValueOf as imported:
// a struct member is told set by reflect, which does not allocate, as no
// zero value can be written for every struct type.
func (sym *symbols) presence(m *unions.Member) struct{ set, unset, zero string } {
	test := presenceTests[m.Presence]
	test.set = strings.ReplaceAll(test.set, nonZeroValueOf, sym.ValueOf)
	test.unset = strings.ReplaceAll(test.unset, nonZeroValueOf, sym.ValueOf)
	return test
}

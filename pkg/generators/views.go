package generators

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The views are what the templates print: the model's rules as Go
// expressions, and how Go tests them (switch arms, conditions tested once).

// symbols names the symbols of other packages as the generated file imports
// them: a package is imported only where one of its symbols is printed.
type symbols func(pkg, name string) string

func newSymbols(c *generator.Context) symbols {
	raw := c.Namers["raw"]
	return func(pkg, name string) string {
		return raw.Name(c.Universe.Type(types.Name{Package: pkg, Name: name}))
	}
}

func (s symbols) FieldPath() string    { return s(fieldPackage, "Path") }
func (s symbols) ErrorList() string    { return s(fieldPackage, "ErrorList") }
func (s symbols) Error() string        { return s(fieldPackage, "Error") }
func (s symbols) Required() string     { return s(fieldPackage, "Required") }
func (s symbols) Forbidden() string    { return s(fieldPackage, "Forbidden") }
func (s symbols) NotSupported() string { return s(fieldPackage, "NotSupported") }
func (s symbols) Invalid() string      { return s(fieldPackage, "Invalid") }
func (s symbols) Join() string         { return s("strings", "Join") }
func (s symbols) ValueOf() string      { return s("reflect", "ValueOf") }
func (s symbols) deepEqual() string    { return s(equalityPackage, "Semantic") + ".DeepEqual" }
func (s symbols) sortedKeys(m string) string {
	return s("slices", "Sorted") + "(" + s("maps", "Keys") + "(" + m + "))"
}

// methodsView is the data of the templates of one struct's methods.
type methodsView struct {
	symbols
	Type   string
	Unions []*unionView
	// Counts are the unions without a discriminator.
	Counts []*unionView
	// Normalize and Validate walk the fields that reach unions.
	Normalize, Validate []*walkView
}

// helperSet tells which helpers of the generated file some method calls.
type helperSet struct{ Append, Concat, NilOf, Count, Deref, SetMembers bool }

// useHelpers adds to s the helpers that the printed methods call.
func (v *methodsView) useHelpers(s *helperSet, spec *unionspec.Struct) {
	use := func(h *bool, used bool) { *h = *h || used }
	use(&s.Append, len(v.Unions)+len(v.Counts) > 0)
	use(&s.Count, len(v.Counts) > 0)
	use(&s.SetMembers, len(v.Counts) > 0)
	for _, u := range spec.Unions {
		for _, m := range u.Members { // zeroOf clears a struct with unionsNilOf
			use(&s.NilOf, m.Presence == unionspec.PresenceNonZero && u.Tests(m.Name))
		}
	}
	for _, u := range v.Unions {
		use(&s.Deref, u.DerefDisc)
	}
	for _, w := range v.Validate {
		use(&s.NilOf, w.OldVar != "")
		for ; w != nil; w = w.Elem {
			use(&s.Deref, w.Deref)
			use(&s.Concat, w.Calls())
			use(&s.NilOf, w.Prior != "")
		}
	}
}

// goUnion is a union's rules, as the model describes them, with the Go
// names that print them: the discriminator's field, and each member's field
// by its property.
type goUnion struct {
	*unionspec.Union
	discField string
	// discPointer: a pointer discriminator (which validation-gen and
	// KEP-1027 2019 allow) reads "" when nil.
	discPointer bool
	fields      map[string]string
}

func newGoUnion(u *unions.Union) *goUnion {
	g := &goUnion{Union: u.Rules, discField: u.Discriminator.GoName, fields: map[string]string{}}
	if u.Rules.Discriminator != "" {
		g.discPointer = u.Discriminator.Type.Kind == types.Pointer
	}
	for _, m := range u.Members {
		g.fields[m.JSONName] = m.GoName
	}
	return g
}

// goName is the Go field of the member whose property is member.
func (u *goUnion) goName(member string) string {
	name, ok := u.fields[member]
	if !ok {
		panic(fmt.Sprintf("generators: no member %q", member))
	}
	return name
}

// discValue is the value of the discriminator of the object obj.
func (u *goUnion) discValue(obj string) string {
	if u.discPointer {
		return "unionsDeref(" + obj + "." + u.discField + ")"
	}
	return obj + "." + u.discField
}

// memberSets are the Go tests of "set" of the members, as arguments.
func (u *goUnion) memberSets(sym symbols) string {
	sets := make([]string, len(u.Members))
	for i, m := range u.Members {
		sets[i] = sym.isSet(m.Presence, "in."+u.goName(m.Name), false)
	}
	return strings.Join(sets, ", ")
}

// unionView is a union as the generated methods test it: switches on the
// discriminator, whose arms know its values; a union without one
// (docs/semantics.md V4) has only the default arm.
type unionView struct {
	// Normalize is the method that clears the members Disc no longer selects.
	Type, Disc, Normalize string
	InDisc                string // read with unionsDeref when DerefDisc
	DerefDisc             bool
	// NormalizeWhen is when NormalizeUnions calls Normalize (normalizeArms).
	NormalizeWhen string
	NormalizeArms []*armView
	// Cases are the arms of the checks; Default is the condition under which
	// every other value is invalid, "true" when always.
	Cases   []*armView
	Default string
	// Guard is what all the checks share (an update that keeps a ratcheting
	// union as it was), "" when nothing.
	Guard     string
	ErrorArms []*armView
}

// armView is an arm of a switch on the discriminator: Values as Go literals
// ("" for the default case), and when an object is invalid ("" for never),
// the errors it reports, or the members it clears.
type armView struct {
	Values, Invalid string
	Ifs             []*ifView
	Clears          []*clearView
}

// ifView reports Do when When holds ("" when always), else Else (nil when
// none); or, with Then, nests those under When.
type ifView struct {
	When     string
	Do, Else *errorView
	Then     []*ifView
}

// errorView is the error of a check, made by field's constructor of Error.
type errorView struct {
	symbols
	Error                 unionspec.ErrorType
	Path, Message, Origin string
	Names, Sets           string // the members and their tests, to name those set
	Disc, Values          string // for ErrorNotSupported
}

// clearView sets Member to Zero when When holds ("" when always).
type clearView struct {
	When, Member, Zero string
}

func newUnionView(u *goUnion, typeName string, sym symbols) *unionView {
	p := &goPrinter{u: u, sym: sym}
	v := &unionView{Type: typeName}
	if u.Discriminator != "" {
		v.Disc, v.InDisc, v.DerefDisc = u.discField, u.discValue("in"), u.discPointer
		v.Normalize = "unionsNormalize" + u.discField
	}
	v.Cases, v.Default = checkCases(u, p)
	v.Guard, v.ErrorArms = errorArms(u, p, sym)
	v.NormalizeWhen, v.NormalizeArms = normalizeArms(u, p)
	return v
}

// checkCases are the arms of the checks of objects as created. That an
// object valid as created is valid on any update too, so that old is read
// only for the errors, is a property of the model (pkg/unions' TestFastPath).
func checkCases(u *goUnion, p *goPrinter) (cases []*armView, def string) {
	var whens []*unionspec.Cond
	for _, c := range u.Checks {
		whens = append(whens, c.When)
	}
	byInvalid := map[string]*armView{}
	for _, a := range arms(u.Union, true, whens) {
		invalid := a.simplify(unionspec.Or(whens...), new(false))
		printed := ""
		if !invalid.Is(false) {
			printed = p.at(a, false).print(invalid, false)
		}
		if a.Values == nil {
			def = printed
			continue
		}
		if c := byInvalid[printed]; c != nil {
			c.Values += ", " + u.Literals(a.Values)
			continue
		}
		byInvalid[printed] = &armView{Values: u.Literals(a.Values), Invalid: printed}
		cases = append(cases, byInvalid[printed])
	}
	// Values invalid as every other value is are left to the default case.
	cases = slices.DeleteFunc(cases, func(c *armView) bool { return c.Invalid == def })
	// A switch of few cases tests them in order: the values that share a
	// case, often the ones that select no member, first.
	slices.SortStableFunc(cases, func(a, b *armView) int { return strings.Count(b.Values, ",") - strings.Count(a.Values, ",") })
	return cases, def
}

// errorArms are the arms of the checks as unionsErrors reports them, with
// the conditions that every check shares tested once before.
func errorArms(u *goUnion, p *goPrinter, sym symbols) (guard string, out []*armView) {
	shared, rests := factor(u.Checks, func(c *unionspec.Check) *unionspec.Cond { return c.When }, unionspec.Known{})
	if len(shared) > 0 {
		guard = p.print(unionspec.And(shared...), false)
	}
	errs := make([]*errorView, len(u.Checks))
	for i, c := range u.Checks {
		errs[i] = checkError(c, u, sym)
	}
	for _, a := range arms(u.Union, false, rests) {
		var stmts []statement
		for i := range u.Checks {
			if when := a.simplify(rests[i], nil); !when.Is(false) {
				stmts = append(stmts, statement{when, errs[i]})
			}
		}
		if a.Values != nil || len(stmts) > 0 {
			out = append(out, &armView{Values: u.Literals(a.Values), Ifs: nest(stmts, p.at(a, false))})
		}
	}
	return guard, out
}

// statement is an error reported under a condition.
type statement struct {
	when *unionspec.Cond
	do   *errorView
}

// nest prints statements, those next to each other whose conditions share
// conjuncts under one if, so that those are tested once.
func nest(stmts []statement, p *goPrinter) []*ifView {
	var out []*ifView
	conjuncts := make([][]*unionspec.Cond, len(stmts))
	for i, st := range stmts {
		conjuncts[i] = st.when.Conjuncts()
	}
	for i := 0; i < len(stmts); {
		shared := conjuncts[i]
		j := i + 1
		for ; j < len(stmts); j++ {
			next := unionspec.Shared([][]*unionspec.Cond{shared, conjuncts[j]})
			if len(next) == 0 || len(next) == len(conjuncts[j]) || len(next) == len(conjuncts[i]) {
				break
			}
			shared = next
		}
		if j-i < 2 {
			out = append(out, stmtView(stmts[i].when, stmts[i].do, p))
			i++
			continue
		}
		group := &ifView{When: p.print(unionspec.And(shared...), false)}
		rests := make([]*unionspec.Cond, j-i)
		for k := range rests {
			rests[k] = unionspec.And(unionspec.Without(conjuncts[i+k], shared)...).Simplify(unionspec.Known{})
		}
		for k := 0; k < len(rests); k++ {
			v := stmtView(rests[k], stmts[i+k].do, p)
			// Two statements under opposite conditions are an if and its
			// else: V3's errors when the discriminator changed and not.
			if k+1 < len(rests) && v.When != "" && rests[k].Negates(rests[k+1]) {
				v.Else = stmts[i+k+1].do
				k++
			}
			group.Then = append(group.Then, v)
		}
		out = append(out, group)
		i = j
	}
	return out
}

func stmtView(when *unionspec.Cond, do *errorView, p *goPrinter) *ifView {
	v := &ifView{Do: do}
	if !when.Is(true) {
		v.When = p.print(when, false)
	}
	return v
}

func checkError(c *unionspec.Check, u *goUnion, sym symbols) *errorView {
	v := &errorView{symbols: sym, Error: c.Error, Path: childPath(c.Field), Message: strconv.Quote(c.Message), Origin: strconv.Quote(c.Origin)}
	switch {
	case c.Error == unionspec.ErrorInvalid && c.Value == unionspec.ValueSetMembers:
		names := make([]string, len(u.Members))
		for i, m := range u.Members {
			names[i] = m.Name
		}
		v.Names, v.Sets = unionspec.Quote(names), u.memberSets(sym)
	case c.Error == unionspec.ErrorNotSupported:
		v.Disc, v.Values = u.discValue("in"), unionspec.Quote(u.Values)
	}
	return v
}

// normalizeArms are the arms of Normalize, and when NormalizeUnions calls
// it: in a union of few clears, when one of them holds; in a larger one,
// when what they all require does, which compares the discriminators once.
func normalizeArms(u *goUnion, p *goPrinter) (when string, out []*armView) {
	if len(u.Clears) == 0 {
		return "", nil
	}
	shared, rests := factor(u.Clears, func(c *unionspec.Clear) *unionspec.Cond { return c.When }, unionspec.Known{Update: new(true)})
	// Printed as if the discriminator were valid: a prefilter may be
	// weaker than the clears, which Normalize tests again. Any value of
	// an open discriminator is valid.
	prefilter := p.at(&arm{Values: u.Selecting, unnamed: u.Open}, true)
	if len(rests) <= scanMembersMax {
		when = prefilter.print(unionspec.And(unionspec.Or(rests...), unionspec.And(shared...)).Simplify(unionspec.Known{}), false)
	} else {
		when = prefilter.print(unionspec.And(shared...), false)
	}
	// Normalize runs where one clear holds, so where what all share does;
	// but only for a valid discriminator, as the prefilter assumed one.
	for _, a := range arms(u.Union, false, rests) {
		view := &armView{Values: u.Literals(a.Values)}
		valid := u.Open || a.within(u.Selecting)
		for i, c := range u.Clears {
			cond := rests[i]
			if !valid {
				cond = unionspec.And(append(slices.Clone(shared), cond)...)
			}
			w := a.simplify(cond, new(true))
			if w.Is(false) {
				continue
			}
			m := u.goName(c.Member)
			clear := &clearView{Member: m, Zero: zeroOf(u.Member(c.Member).Presence, "in."+m)}
			if !w.Is(true) {
				clear.When = p.at(a, true).print(w, false)
			}
			view.Clears = append(view.Clears, clear)
		}
		if len(view.Clears) > 0 {
			out = append(out, view)
		}
	}
	return when, out
}

// factor simplifies the conditions of items where known holds, and splits
// them into the conjuncts that several share and what remains of each.
func factor[T any](items []T, cond func(T) *unionspec.Cond, known unionspec.Known) (shared []*unionspec.Cond, rests []*unionspec.Cond) {
	conjuncts := make([][]*unionspec.Cond, len(items))
	for i, item := range items {
		conjuncts[i] = cond(item).Simplify(known).Conjuncts()
	}
	if len(items) > 1 {
		shared = unionspec.Shared(conjuncts)
	}
	for _, cs := range conjuncts {
		rests = append(rests, unionspec.And(unionspec.Without(cs, shared)...).Simplify(unionspec.Known{}))
	}
	return shared, rests
}

// scanMembersMax is the largest union whose members NormalizeUnions tests
// before it compares the discriminators. A member costs a load and a branch,
// usually not taken; comparing two strings costs a runtime.memequal call. On
// an unchanged update of a union of one member the test is the cheaper by
// far, with five members they cost the same, with twelve the comparison is
// cheaper by a nanosecond (docs/benchmarks.md).
const scanMembersMax = 4

// walkView is a walked value as one generated method sees it: the Go of
// the value, of its old counterpart ("" when none) and of its path, and the
// loop variables of its depth.
type walkView struct {
	*unions.Walk
	Depth         int
	In, Old, Path string
	Elem          *walkView
	SortedKeys    string
	// Prior holds the old counterpart of a map value or list-map item,
	// declared like PriorLike and set to PriorFound; OldVar that of a field.
	Prior, PriorLike, PriorFound    string
	OldVar, OldVarLike, OldVarValue string
}

func (v *walkView) I() string { return numbered("i", v.Depth) }
func (v *walkView) J() string { return numbered("j", v.Depth) }
func (v *walkView) K() string { return numbered("k", v.Depth) }
func (v *walkView) V() string { return numbered("v", v.Depth) }
func (v *walkView) O() string { return numbered("o", v.Depth) }

// Calls is set for a struct or a pointer to one: the walk calls its methods.
func (v *walkView) Calls() bool {
	return v.Shape == unionspec.ShapeStruct || v.Shape == unionspec.ShapePointer
}

func (v *walkView) Map() bool     { return v.Shape == unionspec.ShapeMap }
func (v *walkView) ListMap() bool { return v.Shape == unionspec.ShapeListMap }

// MapOfStructs is a map whose values are not addressable: they are
// normalized as copies and stored back.
func (v *walkView) MapOfStructs() bool { return v.Map() && v.Elem.Shape == unionspec.ShapeStruct }

// ItemPointer tells that a list-map's items are pointers, compared only when
// both are not nil.
func (v *walkView) ItemPointer() bool { return v.Elem.Shape == unionspec.ShapePointer }

func (v *walkView) Item() string    { return v.In + "[" + v.I() + "]" }
func (v *walkView) OldItem() string { return v.Old + "[" + v.J() + "]" }

// keyView is a key of a list-map's item and old item, A and B; And is set
// where a test comes before its own.
type keyView struct {
	A, B         string
	Pointer, And bool
}

// KeyViews are the keys that "keysEqual" compares.
func (v *walkView) KeyViews() []keyView {
	keys := make([]keyView, len(v.GoKeys))
	for i, k := range v.GoKeys {
		keys[i] = keyView{A: v.Item() + "." + k.GoName, B: v.OldItem() + "." + k.GoName, Pointer: k.Pointer, And: i > 0 || v.ItemPointer()}
	}
	return keys
}

// walkedValue is a value on the walk of a field: its Go, that of its old
// counterpart ("" where it has none) and its path, and its depth.
type walkedValue struct {
	in, old, path string
	depth         int
}

// walkViews makes the views of the walks of a struct's fields in
// NormalizeUnions, or in ValidateUnions where validating. A field's walk
// (unionspec.Walk) goes through its lists and maps, a loop each, down to
// the structs whose methods it calls, where it stops: it never visits
// unions, so it follows Walk.Elem rather than unionspec.Visit.
type walkViews struct {
	model      *unions.Model
	sym        symbols
	validating bool
}

// walkOf is the view of walk at the value at; nil where NormalizeUnions
// does not walk it: only values with old counterparts can need normalizing.
func (g *walkViews) walkOf(walk *unionspec.Walk, at walkedValue) *walkView {
	if !g.validating && !walk.HasOld {
		return nil
	}
	w := g.model.GoWalk(walk)
	v := &walkView{Walk: w, Depth: at.depth, In: deref(w, at.in), Old: deref(w, at.old), Path: at.path}
	if !g.validating {
		v.Old = ref(walk, v.Old)
	}
	if v.Calls() {
		return v
	}
	elem := walkedValue{depth: at.depth + 1}
	if g.validating {
		g.validateElem(v, &elem)
	} else {
		g.normalizeElem(v, &elem)
	}
	v.Elem = g.walkOf(walk.Elem, elem)
	return v
}

// normalizeElem is where NormalizeUnions finds an item or value of v, and
// its old counterpart (v.Old is the old list or map: ref takes only a
// struct's address).
func (g *walkViews) normalizeElem(v *walkView, elem *walkedValue) {
	switch v.Shape {
	case unionspec.ShapeMap:
		elem.in, elem.old = v.V(), v.Old+"["+v.K()+"]"
	case unionspec.ShapeListMap:
		elem.in, elem.old = v.In+"["+v.I()+"]", v.Old+"["+v.J()+"]"
	}
}

// validateElem is where ValidateUnions finds an item or value of v, its old
// counterpart and its path.
func (g *walkViews) validateElem(v *walkView, elem *walkedValue) {
	switch v.Shape {
	case unionspec.ShapeMap:
		// Sorted keys give errors in a stable order; sorting allocates, but
		// only invalid objects get here.
		v.SortedKeys = g.sym.sortedKeys(v.In)
		key := v.K()
		if v.NamedKey {
			key = "string(" + key + ")"
		}
		switch {
		case v.Old == "":
		case v.Walk.Elem.Shape == unionspec.ShapeStruct:
			v.Prior, v.PriorLike = numbered("prior", v.Depth), "&"+v.V()
			elem.old = v.Prior
		default:
			elem.old = v.Old + "[" + v.K() + "]"
		}
		elem.in, elem.path = v.V(), v.Path+".Key("+key+")"
	case unionspec.ShapeList, unionspec.ShapeListMap:
		item := v.In + "[" + v.I() + "]"
		if v.Shape == unionspec.ShapeListMap && v.Old != "" {
			v.Prior, v.PriorLike, v.PriorFound = numbered("prior", v.Depth), ref(v.Walk.Elem, item), ref(v.Walk.Elem, v.Old+"["+v.J()+"]")
		}
		elem.in, elem.old, elem.path = item, v.Prior, v.Path+".Index("+v.I()+")"
	}
}

// validateFieldView is the view of a field: its old counterpart is held in
// a variable where used, as old may be nil.
func (g *walkViews) validateFieldView(f *unionspec.Field) *walkView {
	goName := g.model.GoField(f).GoName
	in, old := "in."+goName, ""
	if f.Walk.HasOld {
		old = "old" + goName
	}
	v := g.walkOf(f.Walk, walkedValue{in: in, old: old, path: childPath(f.Name), depth: 1})
	if old != "" {
		v.OldVar, v.OldVarLike, v.OldVarValue = old, ref(f.Walk, in), ref(f.Walk, "old."+goName)
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

// ref is a struct's address, which NormalizeUnions and ValidateUnions take
// for old; expr itself for other walks.
func ref(w *unionspec.Walk, expr string) string {
	if w.Shape == unionspec.ShapeStruct {
		return "&" + expr
	}
	return expr
}

// childPath is the path of a property, fldPath itself for none.
func childPath(jsonName string) string {
	if jsonName == "" {
		return "fldPath"
	}
	return "fldPath.Child(" + strconv.Quote(jsonName) + ")"
}

func numbered(name string, depth int) string {
	if depth == 1 {
		return name
	}
	return name + strconv.Itoa(depth)
}

// isSet is the Go test of "set" (presence) of a member whose value is expr,
// or of "unset" when negated. A struct member is told set by reflect, which
// does not allocate, as no zero value can be written for every struct type.
func (sym symbols) isSet(presence unionspec.Presence, expr string, negated bool) string {
	var set, unset string
	switch presence {
	case unionspec.PresenceNonNil:
		set, unset = expr+" != nil", expr+" == nil"
	case unionspec.PresenceLength:
		set, unset = "len("+expr+") > 0", "len("+expr+") == 0"
	case unionspec.PresenceString:
		set, unset = expr+` != ""`, expr+` == ""`
	case unionspec.PresenceBool:
		set, unset = expr, "!"+expr
	case unionspec.PresenceInteger, unionspec.PresenceFloat:
		set, unset = expr+" != 0", expr+" == 0"
	case unionspec.PresenceNonZero:
		unset = sym.ValueOf() + "(&" + expr + ").Elem().IsZero()"
		set = "!" + unset
	default:
		panic(fmt.Sprintf("generators: no Go test of presence %v", presence))
	}
	return pick(negated, set, unset)
}

// zeroOf is the Go of the value that clears a member, told set by
// presence, whose value is expr.
func zeroOf(presence unionspec.Presence, expr string) string {
	switch presence {
	case unionspec.PresenceNonNil, unionspec.PresenceLength:
		return "nil"
	case unionspec.PresenceString:
		return `""`
	case unionspec.PresenceBool:
		return "false"
	case unionspec.PresenceInteger, unionspec.PresenceFloat:
		return "0"
	case unionspec.PresenceNonZero:
		return "unionsNilOf(" + expr + ")"
	}
	panic(fmt.Sprintf("generators: no Go zero value of presence %v", presence))
}

package unions

import (
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/typeinfo"
	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// plan finds every struct of the input packages (structs, in order) that has
// a union or reaches one through its fields, and plans how generated code
// walks it, reporting the fields through which it cannot.
func (b *builder) plan(structs []*types.Type) {
	structs = slices.DeleteFunc(slices.Clone(structs), func(t *types.Type) bool { return len(t.TypeParams) > 0 })
	for name := range b.unions {
		b.reaching[name] = true
	}
	for changed := true; changed; {
		changed = false
		for _, t := range structs {
			if b.reaching[t.Name] {
				continue
			}
			if slices.ContainsFunc(b.json.of(t).fields, func(f *jsonField) bool { return b.reaches(f) || b.reachingTypeArg(t, f) != nil }) {
				b.reaching[t.Name] = true
				changed = true
			}
		}
	}
	for _, t := range structs {
		if !b.reaching[t.Name] {
			continue
		}
		plan := &Plan{Struct: t, Unions: b.unions[t.Name], Description: &unionspec.Struct{}}
		for _, u := range plan.Unions {
			plan.Description.Unions = append(plan.Description.Unions, u.Rules)
		}
		for _, f := range b.json.of(t).fields {
			m := f.member
			if arg := b.reachingTypeArg(t, f); arg != nil {
				b.fieldError(t, m.Name, report.Generic, "%s holds %s, which reaches unions, as a type argument: generated methods cannot walk an instance of a generic type; declare a struct type that is not generic", b.src.FieldTypeText(b.dir(t), declName(t), m.Name), b.names.Name(arg))
				continue
			}
			if !b.reaches(f) {
				continue
			}
			w, why := b.walkOf(f.typ, map[*jsonType]bool{}, b.model.goWalks)
			fm := b.marks.field(t, f.index)
			lists := fm.marks
			if lists.ListType == "" && f.versioned != nil {
				// An internal field's list is matched as the API's is.
				lists = b.marks.field(f.versioned, f.versionedIndex).marks
			}
			switch {
			case why != "":
				b.fieldError(t, m.Name, report.MapKeys, "cannot reach the unions in %s: %s", b.names.Name(m.Type), why)
			case b.listMap(t, f, lists, w):
				field := &unionspec.Field{Name: f.name, Walk: w.Walk}
				plan.Description.Fields = append(plan.Description.Fields, field)
				b.model.goFields[field] = &backend.ReachingField{GoName: m.Name, Gated: fm.gated, Optional: optional(fm.marks, f) && !fm.marks.Required}
			}
		}
		b.model.Plans[t.Name] = plan
	}
}

// reachingTypeArg returns a type argument of a generic type in the field's
// type that has or reaches unions, if any: gengo gives an instance the fields
// of its generic type, so the type checker tells them (load.Checked.TypeArgs).
func (b *builder) reachingTypeArg(t *types.Type, f *jsonField) *types.Type {
	if !f.serialized {
		return nil
	}
	for _, name := range b.opts.Checked.TypeArgs[t.Name][f.member.Name] {
		if b.reaching[name] {
			return b.universe.Type(name)
		}
	}
	return nil
}

// reaches reports whether generated code would walk the field to a union:
// JSON sees it, and its value holds a reaching struct.
func (b *builder) reaches(f *jsonField) bool {
	if !f.serialized {
		return false
	}
	w, why := b.walkOf(f.typ, map[*jsonType]bool{}, nil)
	return w != nil || why != ""
}

// walkOf returns how generated code walks a value of type jt to the unions of
// the reaching structs, or nil when it reaches none, and records in goWalks,
// where not nil, the Go side of each walk it makes. A non-empty why says why
// it reaches unions that generated code cannot walk to.
func (b *builder) walkOf(jt *jsonType, seen map[*jsonType]bool, goWalks map[*unionspec.Walk]*Walk) (w *Walk, why string) {
	w, why = b.newWalk(jt, seen, goWalks)
	if w != nil && goWalks != nil {
		goWalks[w.Walk] = w
	}
	return w, why
}

func (b *builder) newWalk(jt *jsonType, seen map[*jsonType]bool, goWalks map[*unionspec.Walk]*Walk) (w *Walk, why string) {
	if seen[jt] {
		return nil, "" // type L []L
	}
	seen[jt] = true
	t := jt.Type
	switch u := jt.under; u.Kind {
	case types.Struct:
		if b.reaching[u.Name] {
			return structWalk(unionspec.ShapeStruct, t, u), ""
		}
	case types.Pointer:
		elem, why := b.walkOf(jt.elem, seen, goWalks)
		switch {
		case elem == nil && why == "":
		case elem != nil && (elem.Shape == unionspec.ShapeList || elem.Shape == unionspec.ShapeMap):
			// openshift/api has pointers to lists: walked as the list,
			// which a nil pointer leaves empty.
			deref, spec := *elem, *elem.Walk
			deref.Walk, deref.Type, deref.Deref = &spec, t, true
			return &deref, ""
		case u.Elem.Kind != types.Struct:
			return nil, "a pointer to " + b.names.Name(u.Elem) + " is not supported; use a pointer to a struct, a slice or a map"
		default:
			return structWalk(unionspec.ShapePointer, t, u.Elem), ""
		}
	case types.Slice, types.Array:
		elem, why := b.walkOf(jt.elem, seen, goWalks)
		if elem == nil {
			return nil, why
		}
		return &Walk{Walk: &unionspec.Walk{Shape: unionspec.ShapeList, Elem: elem.Walk}, Type: t}, ""
	case types.Map:
		elem, why := b.walkOf(jt.elem, seen, goWalks)
		key := typeinfo.Underlying(u.Key)
		switch {
		case elem == nil && why == "":
		case key.Kind != types.Builtin || key.Name.Name != "string":
			return nil, "map keys must be strings to name the map's values in field paths"
		case elem == nil:
			return nil, why
		default:
			return &Walk{Walk: &unionspec.Walk{Shape: unionspec.ShapeMap, Elem: elem.Walk, HasOld: elem.HasOld}, Type: t, NamedKey: u.Key.Kind != types.Builtin}, ""
		}
	}
	return nil, ""
}

// structWalk walks a value of type t, a struct of type s or a pointer to
// one, which has old counterparts.
func structWalk(shape unionspec.Shape, t, s *types.Type) *Walk {
	return &Walk{Walk: &unionspec.Walk{Shape: shape, Struct: s.Name.String(), HasOld: true}, Type: t, GoStruct: s}
}

// listMap checks a walked field marked "+listType=map" and turns its walk
// into a unionspec.ShapeListMap whose items are matched by their keys, as
// the field's markers fm say. It reports
// whether the field can be walked.
func (b *builder) listMap(t *types.Type, f *jsonField, fm markers.FieldMarkers, w *Walk) bool {
	if fm.ListType != "map" {
		return true
	}
	m := f.member
	list := f.typ
	if list.under.Kind == types.Pointer {
		list = list.elem
	}
	item := list.elem
	if list.under.Kind == types.Slice && item.Type.Kind == types.Pointer {
		item = item.elem
	}
	if list.under.Kind != types.Slice || item.Type.Kind != types.Struct {
		b.fieldError(t, m.Name, report.ListMapKeys, "+listType=map needs a list of structs, not %s", b.names.Name(m.Type))
		return false
	}
	if len(fm.ListMapKeys) == 0 {
		b.fieldError(t, m.Name, report.ListMapKeys, "+listType=map needs at least one +listMapKey=<json name> to match items with the old object")
		return false
	}
	for _, key := range fm.ListMapKeys {
		k, ok := findKey(item, key)
		if !ok {
			b.fieldError(t, m.Name, report.ListMapKeys, "+listMapKey=%s: %s has no scalar field with JSON name %q", key, b.names.Name(item.Type), key)
			return false
		}
		w.GoKeys, w.Keys = append(w.GoKeys, k), append(w.Keys, k.Key)
	}
	w.Shape, w.HasOld = unionspec.ShapeListMap, true
	return true
}

// findKey finds the scalar (or pointer to scalar) field of item with the
// given JSON name, looking into inlined embedded structs as JSON does.
func findKey(item *jsonType, jsonName string) (KeyField, bool) {
	for _, f := range item.fields {
		if f.inline && f.typ.isStruct() {
			if k, ok := findKey(f.typ, jsonName); ok {
				k.GoName = f.member.Name + "." + k.GoName
				return k, true
			}
			continue
		}
		if f.name != jsonName {
			continue
		}
		switch ft := f.typ; {
		case typeinfo.IsScalar(ft.under):
			return KeyField{GoName: f.member.Name, Key: &unionspec.Key{Name: jsonName, Type: keyType(ft.under)}}, true
		case ft.under.Kind == types.Pointer && typeinfo.IsScalar(ft.elem.under):
			return KeyField{GoName: f.member.Name, Key: &unionspec.Key{Name: jsonName, Type: keyType(ft.elem.under), Pointer: true}}, true
		}
	}
	return KeyField{}, false
}

// keyType is the JSON type of a scalar list-map key.
func keyType(t *types.Type) unionspec.KeyType {
	switch scalarPresence(t) {
	case unionspec.PresenceString:
		return unionspec.KeyString
	case unionspec.PresenceBool:
		return unionspec.KeyBoolean
	case unionspec.PresenceFloat:
		return unionspec.KeyNumber
	}
	return unionspec.KeyInteger
}

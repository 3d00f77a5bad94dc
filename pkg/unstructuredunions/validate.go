package unstructuredunions

import (
	"slices"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Validate returns an error for every union of obj whose discriminator is
// not a valid value, or does not select exactly the members that are set,
// as the generated ValidateUnions does (V1–V3), with the same types, paths
// and messages. old is the object before the update, nil on create; fldPath
// is the path of obj. Call it after Normalize.
func (s *Schema) Validate(obj, old map[string]any, fldPath *field.Path) field.ErrorList {
	if obj == nil {
		return nil
	}
	return s.validateStruct(s.Structs[s.Root], obj, old, old != nil, fldPath)
}

// validateStruct validates an object; hasOld tells whether it has an old
// counterpart, which is then old (nil standing for an empty object).
func (s *Schema) validateStruct(st *Struct, obj, old map[string]any, hasOld bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, u := range st.Unions {
		errs = append(errs, u.validate(obj, old, hasOld, fldPath)...)
	}
	for _, f := range st.Fields {
		if f.Name == "" {
			errs = append(errs, s.validateWalk(f.Walk, obj, old, hasOld, true, fldPath)...)
			continue
		}
		value, found := obj[f.Name]
		oldValue, oldFound := old[f.Name]
		errs = append(errs, s.validateWalk(f.Walk, value, oldValue, hasOld && (oldFound || f.Walk.Shape == ShapeStruct), found, fldPath.Child(f.Name))...)
	}
	return errs
}

// validateWalk validates a value; found tells whether it is present.
func (s *Schema) validateWalk(w *Walk, value, old any, hasOld, found bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch w.Shape {
	case ShapeStruct, ShapePointer:
		obj, ok := value.(map[string]any)
		if !ok && (w.Shape == ShapePointer || found && value != nil) {
			return nil // unset, or not an object: the schema's types reject it
		}
		oldObj, oldOK := old.(map[string]any)
		return s.validateStruct(s.Structs[w.Struct], obj, oldObj, hasOld && (oldOK || w.Shape == ShapeStruct && old == nil), fldPath)
	case ShapeList:
		items, _ := value.([]any)
		for i, item := range items {
			errs = append(errs, s.validateWalk(w.Elem, item, nil, false, true, fldPath.Index(i))...)
		}
	case ShapeListMap:
		items, _ := value.([]any)
		var oldItems []any
		if hasOld {
			oldItems, _ = old.([]any)
		}
		for i, item := range items {
			var prior any
			j := w.match(items, oldItems, i)
			if j >= 0 {
				prior = oldItems[j]
			}
			errs = append(errs, s.validateWalk(w.Elem, item, prior, j >= 0, true, fldPath.Index(i))...)
		}
	case ShapeMap:
		obj, _ := value.(map[string]any)
		var oldObj map[string]any
		if hasOld {
			oldObj, _ = old.(map[string]any)
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			prior, priorFound := oldObj[k]
			errs = append(errs, s.validateWalk(w.Elem, obj[k], prior, priorFound, true, fldPath.Key(k))...)
		}
	}
	return errs
}

func (u *Union) validate(obj, old map[string]any, hasOld bool, fldPath *field.Path) field.ErrorList {
	if hasOld && u.kept(obj, old) {
		return nil
	}
	disc, ok := discriminator(obj, u)
	discPath := fldPath.Child(u.Discriminator)
	switch {
	case !ok:
		return field.ErrorList{field.NotSupported(discPath, obj[u.Discriminator], u.Values)}
	case !u.valid(disc) && disc == "":
		return field.ErrorList{field.Required(discPath, u.RequiredMessage)}
	case !u.valid(disc):
		return field.ErrorList{field.NotSupported(discPath, disc, u.Values)}
	}
	var errs field.ErrorList
	for _, m := range u.Members {
		set := m.set(obj)
		switch {
		case m.Value == disc && !set && !m.Optional:
			errs = append(errs, field.Required(fldPath.Child(m.Name), m.RequiredMessage))
		case m.Value != disc && set:
			message := m.ForbiddenMessage
			if oldDisc, _ := discriminator(old, u); hasOld && oldDisc == disc {
				message = m.UnchangedMessage
			}
			errs = append(errs, field.Forbidden(fldPath.Child(m.Name), message))
		}
	}
	return errs
}

// kept reports whether an update keeps a ratcheting union as it was, as its
// mode defines it (docs/semantics.md §4): the discriminator equal to old's,
// an absent one being "" as in Go and CEL, and every member set where old's
// is (membership) or also equal to it (unchanged), compared as the API
// server compares values.
func (u *Union) kept(obj, old map[string]any) bool {
	if u.Ratcheting == RatchetingOff {
		return false
	}
	disc, ok := discriminator(obj, u)
	oldDisc, oldOK := discriminator(old, u)
	if !ok || !oldOK || disc != oldDisc {
		return false
	}
	for _, m := range u.Members {
		set := m.set(obj)
		if set != m.set(old) || u.Ratcheting == RatchetingUnchanged && set && !equality.Semantic.DeepEqual(obj[m.Name], old[m.Name]) {
			return false
		}
	}
	return true
}

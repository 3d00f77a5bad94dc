package unstructuredunions

import (
	"maps"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Validate returns an error for every union of obj whose discriminator is
// not a valid value, or does not select exactly the members that are set,
// or that has more members set than it takes, as the generated
// ValidateUnions does (V1–V4), with the same types, paths
// and messages. old is the object before the update, nil on create; fldPath
// is the path of obj. Call it after Normalize.
func (s *Schema) Validate(obj, old map[string]any, fldPath *field.Path) field.ErrorList {
	if obj == nil {
		return nil
	}
	return s.validateStruct(s.Structs[s.Root], obj, old, fldPath)
}

// validateStruct validates an object; old is its old counterpart, nil when
// it has none.
func (s *Schema) validateStruct(st *unionspec.Struct, obj, old map[string]any, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, u := range st.Unions {
		errs = append(errs, validateUnion(u, obj, old, fldPath)...)
	}
	for _, f := range st.Fields {
		if f.Name == "" {
			errs = append(errs, s.validateWalk(f.Walk, obj, old, true, fldPath)...)
			continue
		}
		value, found := obj[f.Name]
		var oldValue any
		if old != nil {
			oldValue = f.Walk.Counterpart(old[f.Name])
		}
		errs = append(errs, s.validateWalk(f.Walk, value, oldValue, found, fldPath.Child(f.Name))...)
	}
	return errs
}

// validateWalk validates a value; old is its old counterpart, nil when it
// has none; found tells whether the value is present.
func (s *Schema) validateWalk(w *unionspec.Walk, value, old any, found bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch w.Shape {
	case unionspec.ShapeStruct, unionspec.ShapePointer:
		obj, ok := value.(map[string]any)
		if !ok && (w.Shape == unionspec.ShapePointer || found && value != nil) {
			return nil // unset, or not an object: the schema's types reject it
		}
		oldObj, _ := old.(map[string]any)
		return s.validateStruct(s.Structs[w.Struct], obj, oldObj, fldPath)
	case unionspec.ShapeList:
		items, _ := value.([]any)
		for i, item := range items {
			errs = append(errs, s.validateWalk(w.Elem, item, nil, true, fldPath.Index(i))...)
		}
	case unionspec.ShapeListMap:
		items, _ := value.([]any)
		oldItems, _ := old.([]any)
		for i, item := range items {
			var prior any
			if j := match(w, items, oldItems, i); j >= 0 {
				prior = oldItems[j]
			}
			errs = append(errs, s.validateWalk(w.Elem, item, prior, true, fldPath.Index(i))...)
		}
	case unionspec.ShapeMap:
		obj, _ := value.(map[string]any)
		oldObj, _ := old.(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			var prior any
			if o, priorFound := oldObj[k]; priorFound {
				prior = w.Elem.Counterpart(o)
			}
			errs = append(errs, s.validateWalk(w.Elem, obj[k], prior, true, fldPath.Key(k))...)
		}
	}
	return errs
}

// validateUnion reports the errors of the union's checks that hold.
func validateUnion(u *unionspec.Union, obj, old map[string]any, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, c := range u.Checks {
		if !holds(u, c.When, obj, old) {
			continue
		}
		path := fldPath
		if c.Field != "" {
			path = fldPath.Child(c.Field)
		}
		switch c.Error {
		case unionspec.ErrorRequired:
			errs = append(errs, field.Required(path, c.Message))
		case unionspec.ErrorForbidden:
			errs = append(errs, field.Forbidden(path, c.Message))
		case unionspec.ErrorNotSupported:
			errs = append(errs, field.NotSupported(path, obj[c.Field], u.Values))
		case unionspec.ErrorInvalid:
			value := ""
			if c.Value == unionspec.ValueSetMembers {
				value = "{" + strings.Join(setMembers(u, obj), ", ") + "}"
			}
			errs = append(errs, field.Invalid(path, value, c.Message).WithOrigin(c.Origin))
		}
	}
	return errs
}

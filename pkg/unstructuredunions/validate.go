package unstructuredunions

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Validate returns an error for every union of obj whose discriminator is
// invalid or does not select exactly the members set, as the generated
// ValidateUnions does (V1–V4), with the same types, paths and messages. old
// is the object before the update, nil on create; fldPath is obj's path.
// Call it after Normalize.
func (s *Schema) Validate(obj, old map[string]any, fldPath *field.Path) field.ErrorList {
	if obj == nil {
		return nil
	}
	var errs field.ErrorList
	w := &walker{schema: s, visit: func(u *unionspec.Union, obj, old map[string]any, at *field.Path) {
		for _, c := range u.Checks {
			if !holds(u, c.When, obj, old) {
				continue
			}
			fld := at
			if c.Field != "" {
				fld = fld.Child(c.Field)
			}
			switch c.Error {
			case unionspec.ErrorRequired:
				errs = append(errs, field.Required(fld, c.Message))
			case unionspec.ErrorForbidden:
				errs = append(errs, field.Forbidden(fld, c.Message))
			case unionspec.ErrorNotSupported:
				errs = append(errs, field.NotSupported(fld, obj[c.Field], u.Values))
			case unionspec.ErrorInvalid:
				value := ""
				if c.Value == unionspec.ValueSetMembers {
					value = "{" + strings.Join(setMembers(u, obj), ", ") + "}"
				}
				errs = append(errs, field.Invalid(fld, value, c.Message).WithOrigin(c.Origin))
			}
		}
	}}
	w.run(obj, old, fldPath)
	return errs
}

package unions

import (
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/rules"
	"github.com/union-gen/union-gen/pkg/markers"
)

// discriminator checks a discriminator field and starts its union, or
// returns nil.
func (b *builder) discriminator(t *types.Type, d *unionField) *Union {
	info := b.enum(d.Type)
	if info.problem != "" {
		b.markerProblem(t, d, markers.DiscriminatorMarker, info.rule, false, "%s", info.problem)
		return nil
	}
	u := &Union{Discriminator: d.Field, Enum: info.enum, Ratcheting: d.marks.Ratcheting}
	if u.Ratcheting == markers.RatchetingOff {
		u.Ratcheting = b.opts.Ratcheting
	}
	if raw := d.marks.Default; raw != nil {
		value, err := markers.ParseDefault(*raw)
		switch {
		case err != nil:
			b.markerProblem(t, d, markers.DefaultMarker, rules.DefaultNotInEnum, false, "%v", err)
		case !u.Enum.Has(value):
			b.markerProblem(t, d, markers.DefaultMarker, rules.DefaultNotInEnum, false, "+default=%s is not a value of enum %s; valid values: %s", *raw, b.names.Name(u.Enum.Type), Quote(u.Enum.Values))
		default:
			u.Default = &value
		}
	}
	return u
}

// discriminatorOf finds the discriminator a member belongs to.
func (b *builder) discriminatorOf(t *types.Type, m *unionField, discriminators []*unionField, fields map[string]*unionField) *unionField {
	by := m.marks.DiscriminatedBy
	if by == "" {
		switch len(discriminators) {
		case 1:
			return discriminators[0]
		case 0:
			b.markerProblem(t, m, markers.MemberMarker, rules.NoDiscriminator, false,
				"member has no discriminator in %s: add +%s to the field that selects it (a union's discriminator and members must be in one struct)",
				t.Name.Name, markers.DiscriminatorMarker)
		default:
			names := make([]string, len(discriminators))
			for i, d := range discriminators {
				names[i] = d.GoName
			}
			b.markerProblem(t, m, markers.MemberMarker, rules.TwoDiscriminators, false,
				"%s has %d discriminators (%s): add +%s=<field> to say which one selects this member",
				t.Name.Name, len(discriminators), strings.Join(names, ", "), markers.DiscriminatedByMarker)
		}
		return nil
	}
	f, ok := fields[by]
	switch {
	case !ok:
		b.markerProblem(t, m, markers.DiscriminatedByMarker, rules.TwoDiscriminators, false,
			"+%s=%s: %s has no field %s (a union's discriminator and members must be in one struct)", markers.DiscriminatedByMarker, by, t.Name.Name, by)
	case !f.marks.Discriminator:
		b.markerProblem(t, m, markers.DiscriminatedByMarker, rules.TwoDiscriminators, false,
			"+%s=%s: field %s is not marked +%s", markers.DiscriminatedByMarker, by, f.GoName, markers.DiscriminatorMarker)
	default:
		return f
	}
	return nil
}

package unions

import (
	"path"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Describe writes a union's rules as data (docs/semantics.md N1–N3, V1–V4
// and ratcheting, §4), which unionspec decides from the union's
// declaration (Declare).
func (u *Union) Describe() *unionspec.Union {
	return u.Declare().Describe()
}

// Declare is the union as unionspec decides its rules from it.
func (u *Union) Declare() *unionspec.Declaration {
	d := &unionspec.Declaration{Requires: u.Requires, Discriminator: u.Discriminator.JSONName, Values: u.Enum.Values,
		Open: u.Open(), Boolean: u.Boolean(), Optional: u.DiscriminatorOptional, WritesEmpty: u.WritesEmpty,
		DiscriminatorGated: u.Discriminator.Gated, EnumGated: u.Enum.Gated, Variant: u.Enum.Variant, Ratcheting: u.Ratcheting}
	if u.Requires == unionspec.Discriminated {
		d.DiscriminatorType = short(u.Enum.Type)
	}
	for _, m := range u.Members {
		d.Members = append(d.Members, &unionspec.DeclaredMember{
			Member: &unionspec.Member{
				Name:       m.JSONName,
				Presence:   m.Presence,
				Properties: m.Properties,
				KeepZero:   m.Presence.Scalar() && !m.OmitsZero,
				GoName:     m.GoName,
				Opaque:     m.Opaque,
			},
			Values: m.Values, Required: m.Required, Gated: m.Gated,
		})
	}
	return d
}

// short names a type as problems name it, as Go code does from another
// package: pkg.Type; "" for none.
func short(t *types.Type) string {
	if t == nil {
		return ""
	}
	return path.Base(t.Name.Package) + "." + t.Name.Name
}

package generators

import (
	"bytes"
	"go/format"
	"testing"

	"github.com/union-gen/union-gen/pkg/unions"
)

// UnionDefinitions prints the model's definitions in its order, each union
// as its selection table: a member by property and optionality, nil for a
// value that selects none.
func TestUnionDefinitions(t *testing.T) {
	mode := &unions.OpenAPIUnion{Discriminator: "mode", Choices: []*unions.Choice{{Value: ""}, {Value: "Auto"}, {Value: "Manual", Member: "manual", Optional: true}}}
	kind := &unions.OpenAPIUnion{Discriminator: "kind", Choices: []*unions.Choice{{Value: "A", Member: "a"}}}
	defs := []*unions.Definition{{Name: "io.example.B", Unions: []*unions.OpenAPIUnion{mode, kind}}, {Name: `example.com/m.A`, Unions: []*unions.OpenAPIUnion{kind}}}
	var out bytes.Buffer
	out.WriteString("package p\n\nimport openapiext \"github.com/union-gen/union-gen/pkg/openapiext\"\n\n")
	symbol := func(_, name string) string { return "openapiext." + name }
	if err := unionDefinitions.Execute(&out, newDefinitionsView(defs, symbol)); err != nil {
		t.Fatal(err)
	}
	got, err := format.Source(out.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, out.Bytes())
	}
	const want = `package p

import openapiext "github.com/union-gen/union-gen/pkg/openapiext"

// UnionDefinitions returns the unions of every OpenAPI definition that has
// properties of a union, keyed by openapi-gen's definition names. Pass it to
// openapiext.WithUnions with openapi-gen's GetOpenAPIDefinitions.
func UnionDefinitions() openapiext.Definitions {
	return openapiext.Definitions{
		"io.example.B": {
			{
				Discriminator: "mode",
				FieldMembers: map[string]*openapiext.MemberField{
					"":       nil,
					"Auto":   nil,
					"Manual": {Name: "manual", Optional: true},
				},
			},
			{
				Discriminator: "kind",
				FieldMembers: map[string]*openapiext.MemberField{
					"A": {Name: "a", Optional: false},
				},
			},
		},
		"example.com/m.A": {
			{
				Discriminator: "kind",
				FieldMembers: map[string]*openapiext.MemberField{
					"A": {Name: "a", Optional: false},
				},
			},
		},
	}
}
`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

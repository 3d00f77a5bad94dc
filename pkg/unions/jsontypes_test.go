package unions

import (
	"reflect"
	"testing"

	"k8s.io/gengo/v2/types"
)

// TestJSONTypes checks what the one walk of gengo types says JSON sees of
// a struct's fields, and the properties of its object through inlined
// embedded structs, as encoding/json collects them.
func TestJSONTypes(t *testing.T) {
	const src = `package apis

type Meta struct {
	Name string ` + "`" + `json:"name"` + "`" + `
}

type Spec struct {
	Name string ` + "`" + `json:"name,omitempty"` + "`" + `
	Size int
}

type Object struct {
	Meta
	*Spec
	Status  Meta   ` + "`" + `json:"status"` + "`" + `
	Skipped string ` + "`" + `json:"-"` + "`" + `
	hidden  string
	Kind    string ` + "`" + `json:"kind,omitzero"` + "`" + `
}
`
	universe, _ := loadModule(t, src)
	object := newJSONTypes(nil).of(universe.Type(types.Name{Package: "example.com/m/apis", Name: "Object"}))
	type view struct {
		Name                        string
		Serialized, Inline, Inlines bool
		OmitsZero, OmitZero         bool
	}
	var got []view
	for _, f := range object.fields {
		got = append(got, view{f.name, f.serialized, f.inline, f.inlined != nil, f.omitsZero, f.omitzero})
	}
	want := []view{
		{Name: "", Serialized: true, Inline: true, Inlines: true},
		{Name: "", Serialized: true, Inline: true, Inlines: true},
		{Name: "status", Serialized: true},
		{Name: "-"},
		{Name: "hidden"},
		{Name: "kind", Serialized: true, OmitsZero: true, OmitZero: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fields =\n%+v\nwant\n%+v", got, want)
	}
	props := object.properties()
	if w := []jsonProperty{{path: []string{"Meta", "Name"}, tagged: true}, {path: []string{"Spec", "Name"}, tagged: true}}; !reflect.DeepEqual(props["name"], w) {
		t.Errorf("properties[name] = %+v, want %+v", props["name"], w)
	}
	if d := dominant(props["name"]); d != nil {
		t.Errorf("dominant of name = %+v, want none: two tagged at one depth", d)
	}
	if d := dominant(props["Size"]); d == nil || !reflect.DeepEqual(d.path, []string{"Spec", "Size"}) {
		t.Errorf("dominant of Size = %+v, want Spec.Size", d)
	}
}

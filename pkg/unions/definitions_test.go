package unions

import (
	"slices"
	"testing"
)

// definitionsSrc has the cases of Definitions: a union with a selection
// table, one without (exactly-one), a struct that inlines another (and
// itself), a struct that only reaches a union through a property, and a
// type named after a model package.
const definitionsSrc = `package apis

// +enum
type Type string

const (
	TypeA Type = "A"
	TypeB Type = "B"
)

// +k8s:openapi-model-package=io.example.leaf
type Leaf struct {
	// +unionDiscriminator
	Type Type ` + "`json:\"type\"`" + `
	// +unionMember
	// +optional
	A *string ` + "`json:\"a,omitempty\"`" + `
	// +unionMember
	// +optional
	B *string ` + "`json:\"b,omitempty\"`" + `
}

type OneOf struct {
	// +optional
	// +k8s:unionMember
	X *string ` + "`json:\"x,omitempty\"`" + `
	// +optional
	// +k8s:unionMember
	Y *string ` + "`json:\"y,omitempty\"`" + `
}

type Inline struct {
	*Leaf ` + "`json:\",inline\"`" + `
	*Inline ` + "`json:\",inline\"`" + `
	// +unionDiscriminator
	Kind Type ` + "`json:\"kind\"`" + `
	// +unionMember=A
	// +optional
	C *string ` + "`json:\"c,omitempty\"`" + `
	// +unionMember=B
	// +optional
	D *string ` + "`json:\"d,omitempty\"`" + `
}

type Holder struct {
	Leaf Leaf ` + "`json:\"leaf\"`" + `
}
`

// Definitions lists the structs whose JSON objects have unions with a
// selection table, by type name, each with its own unions first, then its
// inline structs', each once.
func TestDefinitions(t *testing.T) {
	model, problems := buildModule(t, definitionsSrc)
	if problems.HasErrors() {
		t.Fatal(problems)
	}
	type union struct{ disc, first string }
	var got []string
	unionsOf := map[string][]union{}
	for _, d := range model.Definitions() {
		got = append(got, d.Name)
		for _, u := range d.Unions {
			unionsOf[d.Name] = append(unionsOf[d.Name], union{u.Discriminator, u.Choices[0].Member})
		}
	}
	want := []string{"example.com/m/apis.Inline", "io.example.leaf.Leaf"}
	if !slices.Equal(got, want) {
		t.Fatalf("definitions %q, want %q", got, want)
	}
	leaf := union{"type", "a"}
	if u := unionsOf["example.com/m/apis.Inline"]; !slices.Equal(u, []union{{"kind", "c"}, leaf}) {
		t.Errorf("Inline's unions %v, want its own, then Leaf's", u)
	}
	if u := unionsOf["io.example.leaf.Leaf"]; !slices.Equal(u, []union{leaf}) {
		t.Errorf("Leaf's unions %v, want its own", u)
	}
}

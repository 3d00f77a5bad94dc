package unions

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/gengoload"
	"github.com/union-gen/union-gen/pkg/report"
)

// outsideModules are the modules of TestOutsideUnions: example.com/proj,
// whose rows/ packages are the inputs, one per case, while its common and mid
// packages are not, and example.com/other, which proj requires. Only the
// rows are loaded as patterns, so the other packages' types come, as in a
// run of the command, without their doc comments.
var outsideModules = map[string]string{
	"proj/go.mod":  "module example.com/proj\n\ngo 1.26.0\n\nrequire example.com/other v0.0.0\n\nreplace example.com/other => ../other\n",
	"other/go.mod": "module example.com/other\n\ngo 1.26.0\n",
	"proj/common/common.go": `package common

// +enum
type StrategyType string

const StrategyRecreate StrategyType = "Recreate"

type Strategy struct {
	// +unionDiscriminator
	Type StrategyType ` + "`json:\"type\"`" + `
}

// Mode is a union of KEP-1027 2019 that only its doc comment tells.
// +union
type Mode struct {
	// +optional
	A *string ` + "`json:\"a,omitempty\"`" + `
}
`,
	"proj/mid/mid.go": `package mid

import "example.com/other/profile"

// Wrapper has no union markers; it holds other's Legacy.
type Wrapper struct {
	Inner map[string]*profile.Legacy ` + "`json:\"inner,omitempty\"`" + `
}
`,
	"other/plain/plain.go": `package plain

type Plain struct {
	Name string ` + "`json:\"name\"`" + `
	Next *Plain ` + "`json:\"next,omitempty\"`" + `
}
`,
	"other/profile/profile.go": `package profile

// Choice is a union of validation-gen.
type Choice struct {
	// +k8s:unionMember
	// +optional
	A *string ` + "`json:\"a,omitempty\"`" + `
}

// Legacy is a union of KEP-1027 2019 that only its doc comment tells.
// +union
type Legacy struct {
	// +optional
	A *string ` + "`json:\"a,omitempty\"`" + `
}
`,
}

// outsideRows are the input packages of TestOutsideUnions, by name, each
// with the imports and declarations of its file and the problems it must
// have, as "FILE:LINE:COL: SUBJECT: [RULE]" (" warning" before the rule for
// one), each error followed by the field it names as reaching the union.
var outsideRows = []struct {
	name, src string
	want      []string
}{
	{
		name: "samemodule",
		src: `import "example.com/proj/common"

type Spec struct {
	S common.Strategy ` + "`json:\"s\"`" + `
}`,
		want: []string{"proj/common/common.go:9:5: common.Strategy.Type: [outsideunion] samemodule.Spec.S"},
	},
	{
		name: "uniondoc",
		src: `import "example.com/proj/common"

type Spec struct {
	M *common.Mode ` + "`json:\"m,omitempty\"`" + `
}`,
		want: []string{"proj/common/common.go:14:4: common.Mode: [outsideunion] uniondoc.Spec.M"},
	},
	{
		name: "othermodule",
		src: `import "example.com/other/profile"

type Spec struct {
	P *profile.Choice ` + "`json:\"p,omitempty\"`" + `
}`,
		want: []string{"proj/rows/othermodule/types.go:6:2: othermodule.Spec.P: warning [foreignunion]"},
	},
	{
		name: "nomarkers",
		src: `import (
	"encoding/json"
	"time"

	"example.com/other/plain"
)

type Spec struct {
	X plain.Plain             ` + "`json:\"x\"`" + `
	L []plain.Plain           ` + "`json:\"l\"`" + `
	M map[string]*plain.Plain ` + "`json:\"m\"`" + `
	T time.Time               ` + "`json:\"t\"`" + `
	R json.RawMessage         ` + "`json:\"r\"`" + `
}`,
	},
	{
		// rows → proj/mid → other/profile: two packages, two modules.
		name: "chain",
		src: `import "example.com/proj/mid"

type Spec struct {
	W []mid.Wrapper ` + "`json:\"w\"`" + `
}`,
		want: []string{"proj/rows/chain/types.go:6:2: chain.Spec.W: warning [foreignunion]"},
	},
	{
		// Each union once, from the first field in the order of the types'
		// names: Inner, then Spec, whose C stops at the input struct Inner.
		name: "once",
		src: `import (
	"example.com/other/profile"
	"example.com/proj/common"
)

type Spec struct {
	A common.Strategy              ` + "`json:\"a\"`" + `
	B []*profile.Choice            ` + "`json:\"b\"`" + `
	C *Inner                       ` + "`json:\"c\"`" + `
}

type Inner struct {
	D map[string]common.Strategy ` + "`json:\"d\"`" + `
	P profile.Choice              ` + "`json:\"p\"`" + `
}`,
		want: []string{
			"proj/common/common.go:9:5: common.Strategy.Type: [outsideunion] once.Inner.D",
			"proj/rows/once/types.go:16:2: once.Inner.P: warning [foreignunion]",
		},
	},
	{
		name: "notserialized",
		src: `import "example.com/proj/common"

type Spec struct {
	s       common.Strategy
	Skipped common.Strategy ` + "`json:\"-\"`" + `
}`,
	},
}

// TestOutsideUnions checks that a union reached from the input packages in a
// package that is not an input is reported, an error in an input's module
// and a warning in another (docs/semantics.md §3), once per union type.
func TestOutsideUnions(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{}
	for name, content := range outsideModules {
		files[name] = content
	}
	for _, row := range outsideRows {
		files["proj/rows/"+row.name+"/types.go"] = "package " + row.name + "\n\n" + row.src + "\n"
	}
	writeFiles(t, dir, files)
	universe, _ := gengoload.Load(t, filepath.Join(dir, "proj"), "./rows/...")
	for _, row := range outsideRows {
		t.Run(row.name, func(t *testing.T) {
			_, problems := Build(universe, []string{"example.com/proj/rows/" + row.name}, Options{})
			var got []string
			for _, p := range problems.Sorted() {
				rel, err := filepath.Rel(dir, p.Pos.Filename)
				if err != nil {
					t.Fatal(err)
				}
				line := fmt.Sprintf("%s:%d:%d: %s: [%s]", filepath.ToSlash(rel), p.Pos.Line, p.Pos.Column, p.Subject, p.Rule)
				if p.Warning {
					line = strings.Replace(line, ": [", ": warning [", 1)
				}
				if _, rest, ok := strings.Cut(p.Message, " is reached from "); ok {
					from, _, _ := strings.Cut(rest, ",")
					line += " " + from
				}
				got = append(got, line)
			}
			if !slices.Equal(got, row.want) {
				t.Errorf("problems:\n%s\nwant:\n%s\nall:\n%v", strings.Join(got, "\n"), strings.Join(row.want, "\n"), problems)
			}
			for _, p := range problems {
				if p.Warning != (p.Rule == report.ForeignUnion) {
					t.Errorf("%v: a warning exactly when the rule is %s", p, report.ForeignUnion)
				}
			}
		})
	}
}

package unions

import (
	"go/token"
	"slices"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
)

const describedSource = `package apis

// +enum
type StrategyType string

const (
	StrategyTypeRecreate StrategyType = "Recreate"
	StrategyTypeRolling  StrategyType = "Rolling"
)

type Strategy struct {
	// +optional
	Type StrategyType ` + "`" + `json:"type,omitempty"` + "`" + `
	// +optional
	Rolling *int ` + "`" + `json:"rolling,omitempty"` + "`" + `
}
`

var describedStrategy = types.Name{Package: "example.com/m/apis", Name: "Strategy"}

// describedAt is a Described marker of Strategy's field at line of a
// description.
func describedAt(field, marker string, line int) DescribedMarker {
	return DescribedMarker{Type: describedStrategy, Field: field, Line: marker, Pos: token.Position{Filename: "unions.yaml", Line: line, Column: 5}}
}

// TestDescribedMarkersMakeAUnion checks that markers that a description
// gives fields that do not carry them are read as the fields' own.
func TestDescribedMarkersMakeAUnion(t *testing.T) {
	model, problems := buildModuleWith(t, describedSource, Options{Described: []DescribedMarker{
		describedAt("Type", "+unionDiscriminator", 3),
		describedAt("Rolling", "+unionMember=Rolling,optional", 4),
	}})
	if len(problems) > 0 {
		t.Fatalf("problems:\n%v", problems)
	}
	plan := model.Plans[describedStrategy]
	if plan == nil || len(plan.Unions) != 1 {
		t.Fatalf("plan of Strategy = %+v, want one union", plan)
	}
	u := plan.Unions[0]
	if u.Discriminator.GoName != "Type" || len(u.Members) != 1 || u.Members[0].GoName != "Rolling" || !slices.Equal(u.Members[0].Values, []string{"Rolling"}) {
		t.Errorf("union = %+v, want Type selecting Rolling by \"Rolling\"", view(u))
	}
}

// TestDescribedMarkerProblems checks that a problem with a Described
// marker is reported where the description says it: a value that is no
// value of the enum, a misspelled marker, and a field the struct has not.
func TestDescribedMarkerProblems(t *testing.T) {
	_, problems := buildModuleWith(t, describedSource, Options{Described: []DescribedMarker{
		describedAt("Type", "+unionDiscriminator", 3),
		describedAt("Rolling", "+unionMember=Nope,optional", 4),
		describedAt("Rolling", "+unionRatchetng", 5),
		describedAt("Missing", "+unionMember", 6),
	}})
	got := map[int]report.ID{}
	for _, p := range problems {
		if p.Pos.Filename == "unions.yaml" {
			got[p.Pos.Line] = p.Rule
		}
	}
	want := map[int]report.ID{4: report.ValueNotInEnum, 5: report.Misspelled, 6: report.Malformed}
	for line, rule := range want {
		if got[line] != rule {
			t.Errorf("at unions.yaml:%d: %q, want %q; problems:\n%v", line, got[line], rule, problems)
		}
	}
}

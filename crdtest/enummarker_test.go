package crdtest

import (
	"slices"
	"strings"
	"testing"

	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"

	"github.com/union-gen/union-gen/pkg/markers"
)

// enumSpellings are ways to write +kubebuilder:validation:Enum, each after
// the marker's name: the ones real projects write, and the ones that
// controller-gen reads otherwise than they look.
var enumSpellings = []string{
	`=A;B`, `:=A;B`, `={"A","B"}`, `={A, B}`, `={"A", B, "C"}`, `=A;B;`, `=A`, `="";A`, `=A;"";B`,
	"=`A`;B", `=a-b;c.d;x_y`, `=A=B;C`, `="A;B";C`, `={"A,B"}`, `="a\"b";c`,
	// Spellings that controller-gen misreads or refuses, which union-gen refuses.
	`=A; B ;C`, `=A;;B`, `=1;2`, `=true;false`, `=truex;y`, `='A';"B"`, `=A B;C`, `=A;B // comment`,
	`={}`, `=`, `:=`, `={"A";"B"}`, `=A,B`, `={A`, `="A`, `=-1`, `=.5`,
}

// TestEnumMarkerAsControllerGen checks that union-gen reads every spelling
// of the enum marker that it accepts as controller-gen does: the same
// values, all strings.
func TestEnumMarkerAsControllerGen(t *testing.T) {
	accepted := 0
	for _, rest := range enumSpellings {
		if checkEnumSpelling(t, rest) {
			accepted++
		}
	}
	if accepted < 15 {
		t.Errorf("union-gen accepted %d spellings, want the 15 that real projects write", accepted)
	}
}

// FuzzEnumMarker checks the same of arbitrary spellings.
func FuzzEnumMarker(f *testing.F) {
	for _, rest := range enumSpellings {
		f.Add(rest)
	}
	f.Fuzz(func(t *testing.T, rest string) { checkEnumSpelling(t, rest) })
}

// checkEnumSpelling reports whether union-gen accepts the spelling, and
// fails t when it does but reads other values than controller-gen.
func checkEnumSpelling(t *testing.T, rest string) bool {
	t.Helper()
	// Both read a comment's text without its surrounding spaces.
	line := strings.TrimSpace("+" + markers.KubebuilderEnumMarker + rest)
	fm, errs := markers.ParseField([]string{line})
	if len(errs) > 0 || fm.Enum == nil {
		return false
	}
	reg := &ctmarkers.Registry{}
	if err := crdmarkers.Register(reg); err != nil {
		t.Fatal(err)
	}
	def := reg.Lookup(line, ctmarkers.DescribesField)
	if def == nil {
		t.Errorf("%s: union-gen reads %q, controller-gen does not know the marker", line, fm.Enum)
		return true
	}
	parsed, err := def.Parse(line)
	if err != nil {
		t.Errorf("%s: union-gen reads %q, controller-gen refuses it: %v", line, fm.Enum, err)
		return true
	}
	var theirs []string
	for _, v := range parsed.(crdmarkers.Enum) {
		s, ok := v.(string)
		if !ok {
			t.Errorf("%s: union-gen reads %q, controller-gen reads %#v, not a string", line, fm.Enum, v)
			return true
		}
		theirs = append(theirs, s)
	}
	if !slices.Equal(fm.Enum, theirs) {
		t.Errorf("%s: union-gen reads %q, controller-gen %q", line, fm.Enum, theirs)
	}
	return true
}

package crd

import (
	"slices"

	"go.yaml.in/yaml/v3"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// A project may generate several CRDs from one Go source, one per release
// channel, say, with fields and enum values that only some have
// (docs/crd.md, "CRD variants"): what a variant may leave out, and what is a
// stale CRD, is decided here.

// variantFields are the optional fields that reach unions in the CRDs of a
// run: a variant may leave one out; where every CRD of the kind and version
// does, the CRDs may be stale, which a warning says.
type variantFields struct {
	// present are the fields that a CRD has, by CRD version and path.
	present map[string]bool
	missing []missingField
}

type missingField struct {
	key     string
	problem report.Problem
}

// absent records that the schema of t at path lacks step, an optional field.
func (f *variantFields) absent(e *editor, schema *yaml.Node, path string, step *unions.Step, t *types.Type) {
	p := e.problem(schema, report.CRDVariant, path,
		"the schema has no property %q of %s, which reaches unions, nor has any other CRD of --crd-paths of this kind and version: union-gen takes the CRD for a variant without it (a release channel's); if the CRD is stale, run controller-gen",
		step.JSONName, short(t))
	p.Warning = true
	f.missing = append(f.missing, missingField{key: e.crdVersion + " " + path + "." + step.JSONName, problem: p})
}

// warnings reports the fields that no CRD of the run has.
func (f *variantFields) warnings() report.Problems {
	var problems report.Problems
	for _, m := range f.missing {
		if !f.present[m.key] {
			problems = append(problems, m.problem)
		}
	}
	return problems
}

// variantEnum returns the values of a variant's enum, have, if it may list
// them: the union's values, want, less some of unions.Enum.Variant, or any
// of a feature-gated enum's; with "" where want has it.
func variantEnum(u *unions.Union, have, want []string) (values []string, ok bool) {
	if len(have) == 0 || slices.ContainsFunc(have, func(v string) bool { return !slices.Contains(want, v) }) {
		return nil, false
	}
	if u.Enum.Gated {
		return have, true
	}
	for _, v := range want {
		if v != "" && !slices.Contains(have, v) && !slices.Contains(u.Enum.Variant, v) {
			return nil, false
		}
	}
	if slices.Contains(want, "") && !slices.Contains(have, "") {
		have = slices.Insert(slices.Clone(have), 0, "")
	}
	return have, true
}

// leftOut reports whether a variant enum's values (non-nil) leave out m's,
// each of them a Variant value.
func leftOut(u *unions.Union, m *unions.Member, values []string) bool {
	return values != nil && variantValue(u, m) != "" && !slices.ContainsFunc(m.Values, func(v string) bool { return slices.Contains(values, v) })
}

// variantValue is the value of m that a variant's enum may leave out, a
// value beyond +kubebuilder:validation:Enum; "" where m has one that every
// variant lists.
func variantValue(u *unions.Union, m *unions.Member) string {
	if len(m.Values) == 0 || slices.ContainsFunc(m.Values, func(v string) bool { return !slices.Contains(u.Enum.Variant, v) }) {
		return ""
	}
	return m.Values[0]
}

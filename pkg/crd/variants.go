package crd

import (
	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// A project may generate several CRDs from one Go source, one per release
// channel, say, with fields and enum values that only some have
// (docs/crd.md, "CRD variants"). Which values and members a variant may
// leave out is unionspec's (crd.go: Union.VariantEnum, Union.LeftOut), which
// fields backend.ReachingField.Absence says; here, the CRDs of a run are read together for
// the optional fields that none of them has, which a warning reports.

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

// absent records that the schema of a struct at path lacks field, an
// optional one.
func (f *variantFields) absent(e *editor, schema *yaml.Node, path string, field *unionspec.Field, structName string) {
	p := e.problem(schema, report.CRDVariant, path,
		"the schema has no property %q of %s, which reaches unions, nor has any other CRD of --crd-paths of this kind and version: union-gen takes the CRD for a variant without it (a release channel's); if the CRD is stale, run controller-gen",
		field.Name, short(structName))
	p.Warning = true
	f.missing = append(f.missing, missingField{key: e.crdVersion + " " + path + "." + field.Name, problem: p})
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

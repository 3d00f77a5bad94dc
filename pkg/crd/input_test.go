package crd

import (
	"testing"

	"github.com/union-gen/union-gen/pkg/backend"
)

// TestAbsence: a CRD without a gated field is a feature set's, without an
// optional one a variant's (or stale), and without any other stale.
func TestAbsence(t *testing.T) {
	for _, tc := range []struct {
		field backend.ReachingField
		want  Absence
	}{
		{backend.ReachingField{Gated: true, Optional: true}, AbsentFeatureSet},
		{backend.ReachingField{Optional: true}, AbsentVariant},
		{backend.ReachingField{}, AbsentStale},
	} {
		if got := AbsenceOf(tc.field); got != tc.want {
			t.Errorf("%+v: AbsenceOf = %v, want %v", tc.field, got, tc.want)
		}
	}
}

package backend

import "testing"

// TestAbsence: a CRD without a gated field is a feature set's, without an
// optional one a variant's (or stale), and without any other stale.
func TestAbsence(t *testing.T) {
	for _, tc := range []struct {
		field ReachingField
		want  Absence
	}{
		{ReachingField{Gated: true, Optional: true}, AbsentFeatureSet},
		{ReachingField{Optional: true}, AbsentVariant},
		{ReachingField{}, AbsentStale},
	} {
		if got := tc.field.Absence(); got != tc.want {
			t.Errorf("%+v: Absence = %v, want %v", tc.field, got, tc.want)
		}
	}
}

// Package outsideunion holds a union of a package of its module that is not
// an input, as an API package holds one of a shared package: union-gen is
// run on this package alone, so nothing would check the union.
package outsideunion

import "github.com/union-gen/union-gen/testdata/bad/outsideunion/common"

// WidgetSpec holds common's union twice; it is reported once.
type WidgetSpec struct {
	// +optional
	Strategy common.Strategy `json:"strategy,omitempty"`
	// +optional
	Fallbacks []common.Strategy `json:"fallbacks,omitempty"`
}

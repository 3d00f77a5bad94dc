// Package backend holds what the backends share beneath them, so that none
// imports another: a marker's rule that the CRD backend reads beside a
// kind's description (MarkedRule).
package backend

import "go/token"

// MarkedRule is the rule of a +kubebuilder:validation:XValidation marker,
// at the marker's "+".
type MarkedRule struct {
	Rule string
	Pos  token.Position
}

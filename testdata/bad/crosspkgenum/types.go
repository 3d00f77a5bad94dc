// Package crosspkgenum has a discriminator whose type, declared in another
// package, is not marked +enum.
package crosspkgenum

import "github.com/union-gen/union-gen/testdata/bad/crosspkgenum/enums"

// Choice is selected by enums.Kind.
type Choice struct {
	// +unionDiscriminator
	// +optional
	Kind enums.Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

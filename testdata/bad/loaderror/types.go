// Package loaderror imports a package that no module provides: the go
// command cannot load it, and union-gen says so at the import. It is a
// module of its own, so that loading the other cases does not fail on it.
package loaderror

import "nosuch.example/widgets"

// Spec has a union whose member is of the missing package.
type Spec struct {
	// +unionDiscriminator
	Kind Kind `json:"kind"`
	// +unionMember
	// +optional
	Widget *widgets.Widget `json:"widget,omitempty"`
}

// Kind selects the member of Spec.
// +enum
type Kind string

// KindWidget selects Widget.
const KindWidget Kind = "Widget"

// Package scene reaches unions of another package.
package scene

import "github.com/union-gen/union-gen/testdata/golden/crosspkg/shapes"

// Scene holds shapes of another package.
type Scene struct {
	Background shapes.Shape             `json:"background"`
	Layers     map[string]*shapes.Shape `json:"layers,omitempty"`
}

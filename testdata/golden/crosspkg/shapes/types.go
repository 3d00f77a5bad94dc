// Package shapes declares a union used by another package.
package shapes

// ShapeType selects the member of a Shape.
// +enum
type ShapeType string

const (
	Circle ShapeType = "Circle"
	Square ShapeType = "Square"
)

// Shape is a union.
type Shape struct {
	// +unionDiscriminator
	Type ShapeType `json:"type"`
	// +unionMember
	// +optional
	Circle *float64 `json:"circle,omitempty"`
	// +unionMember
	// +optional
	Square *float64 `json:"square,omitempty"`
}

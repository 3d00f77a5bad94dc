// Package mapkeys reaches a union through a map whose keys are not strings.
package mapkeys

// Kind selects the member of Union.
// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// Union is a valid union.
type Union struct {
	// +unionDiscriminator
	// +optional
	Kind Kind `json:"kind,omitempty"`
	// +unionMember
	// +optional
	A *int `json:"a,omitempty"`
}

// Index reaches Union through maps.
type Index struct {
	// ByNumber has int keys.
	// +optional
	ByNumber map[int]Union `json:"byNumber,omitempty"`
	// ByName is valid.
	// +optional
	ByName map[string]Union `json:"byName,omitempty"`
}

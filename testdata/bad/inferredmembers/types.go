// Package inferredmembers has a discriminator of KEP-1027's markers in a
// struct without member markers: its members are inferred, as KEP-1027 2019
// infers them, from the optional fields named by its values, with a warning.
package inferredmembers

// Kind selects the member of Source.
// +enum
type Kind string

const (
	KindGit    Kind = "Git"
	KindImage  Kind = "image"
	KindInline Kind = "Inline"
)

// Source takes Git by its Go name and Image by its JSON name; Name is
// named by no value, and Inline, named by one, is required.
type Source struct {
	// +unionDiscriminator
	// +required
	Kind Kind `json:"kind"`
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Git *string `json:"git,omitempty"`
	// +optional
	Image  *string `json:"image,omitempty"`
	Inline string  `json:"inline"`
}

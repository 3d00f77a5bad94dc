// Package twodiscriminators has a struct with two unions whose members do
// not say, or say wrongly, which discriminator selects them.
package twodiscriminators

// Input selects where a pipeline reads from.
// +enum
type Input string

const (
	InputFile Input = "File"
	InputURL  Input = "URL"
)

// Output selects where a pipeline writes to.
// +enum
type Output string

const (
	OutputSocket Output = "Socket"
	OutputStdout Output = "Stdout"
)

// Pipeline has two discriminators.
type Pipeline struct {
	// +unionDiscriminator
	// +optional
	Input Input `json:"input,omitempty"`
	// +unionDiscriminator
	// +optional
	Output Output `json:"output,omitempty"`
	// Name is not a discriminator.
	// +optional
	Name string `json:"name,omitempty"`

	// File does not say which discriminator selects it.
	// +unionMember
	// +optional
	File *string `json:"file,omitempty"`
	// URL names a field that does not exist.
	// +unionMember
	// +unionDiscriminatedBy=Source
	// +optional
	URL *string `json:"url,omitempty"`
	// Socket names a field that is not a discriminator.
	// +unionMember
	// +unionDiscriminatedBy=name
	// +optional
	Socket *string `json:"socket,omitempty"`
	// Stdout names its discriminator but is no member.
	// +unionDiscriminatedBy=Output
	// +optional
	Stdout *bool `json:"stdout,omitempty"`
}

// Modes has two mode discriminators of one modality.
type Modes struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// +k8s:modeDiscriminator
	// +optional
	Other string `json:"other,omitempty"`
	// +optional
	// +k8s:ifMode("A")=+k8s:required
	A *int32 `json:"a,omitempty"`
}

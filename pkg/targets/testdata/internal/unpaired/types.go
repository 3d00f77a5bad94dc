// Package unpaired holds internal types that no versioned package converts.
package unpaired

// Strategy is a union without JSON names.
type Strategy struct {
	// +unionDiscriminator
	Type string
	// +unionMember=Rolling
	// +optional
	Rolling *int32
}

// Package openapiunion has a union of validation-gen's mode tags whose
// member two modes allow, which x-kubernetes-unions cannot say: run with
// --openapi-output-pkg, union-gen leaves it out of UnionDefinitions, with a
// warning. It is generated.
package openapiunion

// Modes allows Ranges in two modes.
type Modes struct {
	// +k8s:modeDiscriminator
	// +optional
	Mode string `json:"mode,omitempty"`
	// +optional
	// +k8s:ifMode("A")=+k8s:required
	// +k8s:ifMode("B")=+k8s:optional
	Ranges []string `json:"ranges,omitempty"`
}

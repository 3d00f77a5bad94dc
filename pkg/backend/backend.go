// Package backend holds what the backends share beneath them, so that none
// imports another: the CRD versions whose unions the CRD backend finds and
// the policy backend normalizes (CRDFile, Target, Resource), and a
// marker's rule that the CRD backend reads beside a kind's description
// (MarkedRule).
package backend

import (
	"go/token"
	"strings"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// MarkedRule is the rule of a +kubebuilder:validation:XValidation marker,
// at the marker's "+".
type MarkedRule struct {
	Rule string
	Pos  token.Position
}

// CRDFile is a CRD file of a run, and the targets of its CRDs.
type CRDFile struct {
	Path string
	// Matched is set when a version of the file's CRDs is of an input
	// kind: without targets, the file loses the policy file of an earlier
	// run.
	Matched bool
	Targets []Target
}

// Target is a CRD version whose unions a policy normalizes.
type Target struct {
	Resource Resource
	Schema   *unionspec.Schema
	// Subject names the CRD version in problems, TypeName its kind's Go
	// type.
	Subject, TypeName string
	// At is the CRD version's position, and Annotations that of its CRD's
	// annotations, of which the policy's name is made.
	At, Annotations token.Position
}

// Resource is a version of a CRD's resource, or of a built-in one, as its
// policy matches it.
type Resource struct {
	Group, Version, Plural string
	// Release are the CRD's annotations that IsReleaseAnnotation: the
	// policy is installed with the CRD.
	Release map[string]string
	// Builtin: the resource is one of Kubernetes' own, whose policy a
	// cluster admin installs apart from any API (docs/builtin.md). It
	// runs only on updates that switch a union (a matchCondition), and
	// fails open (failurePolicy Ignore): a policy that cannot evaluate
	// leaves the request to the API server, as if it were not installed.
	Builtin bool
}

// FeatureSetAnnotation is openshift's annotation of a manifest's feature
// set: openshift/api ships a CRD file per feature set, whose policies must
// not share a name.
const FeatureSetAnnotation = "release.openshift.io/feature-set"

// IsReleaseAnnotation reports whether a CRD's annotation says where it is
// installed: openshift's feature set and include.release.openshift.io/*.
func IsReleaseAnnotation(key string) bool {
	return key == FeatureSetAnnotation || strings.HasPrefix(key, "include.release.openshift.io/")
}

// Name names the policy of a resource and its binding.
func (r Resource) Name() string {
	group := r.Group
	if group == "" {
		group = "core" // the legacy group, which has no name
	}
	name := r.Plural + "." + group + "-" + r.Version + "-unions"
	if fs := r.Release[FeatureSetAnnotation]; fs != "" {
		name += "-" + strings.ToLower(strings.ReplaceAll(fs, ",", "-"))
	}
	return name
}

// ReachingField is what the CRD backend needs of a field through which a
// struct reaches unions, beside its description (unionspec.Field): the Go
// field, by whose name its markers are found, and whether a CRD variant
// may lack it. The model records it; pkg/crd reads it.
type ReachingField struct {
	GoName string
	// Gated is set for a field under an openshift feature gate, which the
	// CRDs of some feature sets do not have.
	Gated bool
	// Optional is set for a field that may be unset (+optional, omitempty
	// or omitzero, and not +required): a CRD variant may leave it out.
	Optional bool
}

// Absence is what a CRD's schema without a field that reaches unions says.
type Absence int

const (
	// AbsentStale: the CRD is stale, as every CRD of the Go source has the
	// field.
	AbsentStale Absence = iota
	// AbsentFeatureSet: the field is under a feature gate, which this
	// feature set's CRD does not have.
	AbsentFeatureSet
	// AbsentVariant: the field is optional, and the CRD a variant without
	// it (a release channel's), or stale where no CRD of the kind and
	// version has it.
	AbsentVariant
)

// Absence is what a CRD's schema without f says: the model's facts of
// the field decide it, for the CRD backend.
func (f ReachingField) Absence() Absence {
	switch {
	case f.Gated:
		return AbsentFeatureSet
	case f.Optional:
		return AbsentVariant
	}
	return AbsentStale
}

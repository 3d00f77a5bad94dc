// Package channels is a project that ships its CRD in two release channels
// from one Go source, as Gateway API does: the standard channel's CRD leaves
// out what the Go types mark <gateway:experimental>, a comment that the
// project's own tooling reads (not a controller-gen marker), and lists the
// enum values of +kubebuilder:validation:Enum, the experimental channel's
// those of <gateway:experimental:validation:Enum>.
//
// +groupName=channels.example.com
// +versionName=v1
package channels

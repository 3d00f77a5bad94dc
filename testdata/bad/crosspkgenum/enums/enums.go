// Package enums declares a discriminator type for package crosspkgenum and
// forgets its +enum marker.
package enums

// Kind selects the member of crosspkgenum.Choice.
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

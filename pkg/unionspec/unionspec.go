// Package unionspec describes, without gengo, the values through which unions
// are reached and how their members are tested: the walk of a kind to its
// unions (Schema, schema.go), the shapes of walked values, how a member's
// "set" state is told (docs/semantics.md §4), the keys that match list-map
// items with old ones, the ratcheting modes, and each union's checks and
// clears (checks.go). The model
// (package unions) is written in these terms, and package unstructuredunions
// reads them from the JSON that union-gen writes beside a CRD, so every
// backend tests the same description.
package unionspec

// Shape is the container shape of a walked value.
type Shape string

const (
	// ShapeStruct is a struct value, never absent in Go: its old
	// counterpart is the same field of the old object.
	ShapeStruct Shape = "struct"
	// ShapePointer is a pointer to a struct, matched as ShapeStruct; it may
	// be absent.
	ShapePointer Shape = "pointer"
	// ShapeList is a slice or an array; its items have no old counterpart.
	ShapeList Shape = "list"
	// ShapeListMap is a "+listType=map" list; its items are matched with
	// old items by their keys.
	ShapeListMap Shape = "listMap"
	// ShapeMap is a map with string keys; its values are matched by key.
	ShapeMap Shape = "map"
)

// Presence is how a value's "set" state is told from "unset".
type Presence string

const (
	// PresenceNonNil: a pointer is set when it is not nil (in JSON: present
	// and not null).
	PresenceNonNil Presence = "nonNil"
	// PresenceLength: a slice or a map is set when it has elements.
	PresenceLength Presence = "length"
	// PresenceString: a string is set when it is not "".
	PresenceString Presence = "string"
	// PresenceBool: a bool is set when it is true.
	PresenceBool Presence = "bool"
	// PresenceInteger: an integer is set when it is not 0.
	PresenceInteger Presence = "integer"
	// PresenceFloat: a floating-point number is set when it is not 0.
	PresenceFloat Presence = "float"
	// PresenceNonZero: a struct, which its JSON tag omits with omitzero, is
	// set when it is not its zero value: when one of its Properties is set
	// as decoding its JSON into Go would set it.
	PresenceNonZero Presence = "nonZero"
)

// Presences are the known presence tests, for checks of decoded schemas.
var Presences = []Presence{PresenceNonNil, PresenceLength, PresenceString, PresenceBool, PresenceInteger, PresenceFloat, PresenceNonZero}

// Scalar reports whether the presence is a scalar's: such a value compares
// with ==, and JSON writes its zero value unless its tag omits it.
func (p Presence) Scalar() bool {
	switch p {
	case PresenceString, PresenceBool, PresenceInteger, PresenceFloat:
		return true
	}
	return false
}

// Zero is the JSON value of a scalar's zero, as a JSON decoder gives it; nil
// for the other presences.
func (p Presence) Zero() any {
	switch p {
	case PresenceString:
		return ""
	case PresenceBool:
		return false
	case PresenceInteger:
		return int64(0)
	case PresenceFloat:
		return float64(0)
	}
	return nil
}

// Property is a JSON property of a struct told set by PresenceNonZero: the
// struct is non-zero once decoded when one of its properties is, by its own
// Presence. Pointers, slices and maps count as PresenceNonNil there, as
// decoding [] or {} gives a non-nil, empty value.
type Property struct {
	Name     string   `json:"name"`
	Presence Presence `json:"presence"`
	// Properties are those of a nested struct of PresenceNonZero.
	Properties []*Property `json:"properties,omitempty"`
}

// Key is a key property of the items of a list-map.
type Key struct {
	Name string `json:"name"`
	// Pointer keys may be absent; an absent key of another kind equals the
	// zero value of its Type.
	Pointer bool    `json:"pointer,omitempty"`
	Type    KeyType `json:"type"`
}

// KeyType is the JSON type of a list-map key, as OpenAPI spells it.
type KeyType string

const (
	KeyString  KeyType = "string"
	KeyInteger KeyType = "integer"
	KeyNumber  KeyType = "number"
	KeyBoolean KeyType = "boolean"
)

// KeyTypes are the known key types, for checks of decoded schemas.
var KeyTypes = []KeyType{KeyString, KeyInteger, KeyNumber, KeyBoolean}

// Zero is the zero value of a key of the type, as a JSON decoder gives it.
func (t KeyType) Zero() any {
	switch t {
	case KeyString:
		return ""
	case KeyBoolean:
		return false
	case KeyNumber:
		return float64(0)
	}
	return int64(0)
}

// Ratcheting says when validation lets an update keep a union as it was
// (docs/semantics.md §4).
type Ratcheting string

const (
	// RatchetingOff validates every write.
	RatchetingOff Ratcheting = ""
	// RatchetingUnchanged skips a union whose discriminator and members all
	// equal old's.
	RatchetingUnchanged Ratcheting = "unchanged"
	// RatchetingMembership skips a union whose discriminator equals old's and
	// whose members are set where old's are, whatever their contents:
	// validation-gen's DiscriminatedUnion rule.
	RatchetingMembership Ratcheting = "membership"
)

// RatchetingModes are the modes that turn ratcheting on.
var RatchetingModes = []Ratcheting{RatchetingUnchanged, RatchetingMembership}

// Package unionspec describes, without gengo, how the unions of a kind are
// reached (Schema) and what each checks and clears (Union): the one
// description that the model writes and every backend prints or evaluates,
// walking it with Visit. It decides each union's rules from the model's
// declaration of it (describe.go), and derives from them what a CRD's
// schema has of a union (crd.go), the compact form of its checks
// (compact.go) and the matching of list-map items (listmap.go).
package unionspec

import "cmp"

// Shape is the container shape of a walked value.
type Shape string

const (
	// ShapeStruct is a struct, never absent in Go: its counterpart is old's field.
	ShapeStruct Shape = "struct"
	// ShapePointer is a pointer to a struct, which may be absent.
	ShapePointer Shape = "pointer"
	// ShapeList is a slice or an array; its items have no old counterpart.
	ShapeList Shape = "list"
	// ShapeListMap is a "+listType=map" list, matched with old items by keys.
	ShapeListMap Shape = "listMap"
	// ShapeMap is a map with string keys, matched with old values by key.
	ShapeMap Shape = "map"
)

// Presence is how a value's "set" state is told from "unset".
type Presence string

const (
	// PresenceNonNil: a pointer is set when not nil (in JSON: present, not null).
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
	// PresenceNonZero: a struct that its JSON tag omits with omitzero is set
	// when one of its Properties is set as decoding its JSON would set it.
	PresenceNonZero Presence = "nonZero"
)

// Presences are the known presence tests, for checks of decoded schemas.
var Presences = []Presence{PresenceNonNil, PresenceLength, PresenceString, PresenceBool, PresenceInteger, PresenceFloat, PresenceNonZero}

// Scalar reports whether the presence is a scalar's: such a value compares
// with ==, and JSON writes its zero value unless its tag omits it.
func (p Presence) Scalar() bool { return p.Zero() != nil }

// Zero is a scalar's zero value as a JSON decoder gives it; nil for others.
func (p Presence) Zero() any { return scalarZeros[p] }

var scalarZeros = map[Presence]any{PresenceString: "", PresenceBool: false, PresenceInteger: int64(0), PresenceFloat: float64(0)}

// Property is a JSON property of a struct of PresenceNonZero, told set by its
// own Presence. Pointers, slices and maps count as PresenceNonNil there, as
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
func (t KeyType) Zero() any { return cmp.Or(keyZeros[t], any(int64(0))) }

// keyZeros leaves out integers, the zero of any other type.
var keyZeros = map[KeyType]any{KeyString: "", KeyBoolean: false, KeyNumber: float64(0)}

// Ratcheting says when validation lets an update keep a union as it was
// (docs/semantics.md §4).
type Ratcheting string

const (
	// RatchetingOff validates every write.
	RatchetingOff Ratcheting = ""
	// RatchetingUnchanged skips a union whose discriminator and members equal old's.
	RatchetingUnchanged Ratcheting = "unchanged"
	// RatchetingMembership skips a union whose discriminator equals old's and
	// whose members are set where old's are: validation-gen's rule.
	RatchetingMembership Ratcheting = "membership"
)

// RatchetingModes are the modes that turn ratcheting on.
var RatchetingModes = []Ratcheting{RatchetingUnchanged, RatchetingMembership}

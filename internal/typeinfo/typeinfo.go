// Package typeinfo answers the questions union-gen asks of gengo's types:
// what a named type is declared as, what encoding/json calls a field, whether
// it inlines it.
package typeinfo

import (
	"go/token"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"k8s.io/gengo/v2/types"
)

// Underlying follows named non-struct types to what they are declared as.
func Underlying(t *types.Type) *types.Type {
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	return t
}

// IsScalar reports whether t is a builtin string, bool or number type.
func IsScalar(t *types.Type) bool {
	if t.Kind != types.Builtin {
		return false
	}
	switch t.Name.Name {
	case "string", "bool", "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "byte", "rune":
		return true
	}
	return false
}

// JSONName is the name encoding/json gives the field: the json tag's name,
// else the Go name; "" for an embedded struct that is inlined.
func JSONName(m types.Member) string {
	switch tag := JSONTag(m)[0]; {
	case validJSONName(tag):
		return tag
	case m.Embedded:
		return ""
	}
	return m.Name
}

// JSONNameSymbols are the characters other than letters and digits that
// encoding/json takes in a tag's name.
const JSONNameSymbols = "!#$%&()*+-./:;<=>?@[]^_{|}~ "

// validJSONName reports whether encoding/json takes a tag's name as the
// property's; it ignores any other, and names the property after the field.
func validJSONName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		if !strings.ContainsRune(JSONNameSymbols, c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// IsInline reports whether encoding/json inlines the field's struct into the
// parent object.
func IsInline(m types.Member) bool {
	return m.Embedded && JSONName(m) == ""
}

// IsSerialized reports whether JSON sees the field, as a named property or
// inlined.
func IsSerialized(m types.Member) bool {
	if m.Embedded {
		return true
	}
	return token.IsExported(m.Name) && reflect.StructTag(m.Tags).Get("json") != "-"
}

// HasJSONOption reports whether the field's json tag has the option, such as
// "omitempty".
func HasJSONOption(m types.Member, option string) bool {
	return slices.Contains(JSONTag(m)[1:], option)
}

// JSONTag is the field's json tag split at commas: the name, then options.
func JSONTag(m types.Member) []string {
	return strings.Split(reflect.StructTag(m.Tags).Get("json"), ",")
}

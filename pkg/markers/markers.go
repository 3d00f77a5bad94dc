// Package markers is the grammar of the markers union-gen reads, in every
// dialect (KEP-1027's, its 2019 version, validation-gen's, kubebuilder's,
// openshift's, and the list and enum markers they rely on): pure functions
// that read them from the comment lines of a field, a type or a package, and
// the registry that --docs prints. The checks of what they annotate, and the
// union model, are in package unions.
package markers

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/union-gen/union-gen/internal/spelling"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// The union markers union-gen reads. They are written as "// +name..." on a
// struct field.
const (
	DiscriminatorMarker   = "unionDiscriminator"
	MemberMarker          = "unionMember"
	DiscriminatedByMarker = "unionDiscriminatedBy"
	RatchetingMarker      = "unionRatcheting"
	EnumMarker            = "enum"
	DefaultMarker         = "default"
	// KubebuilderDefaultMarker is controller-gen's default of a CRD's field.
	KubebuilderDefaultMarker = "kubebuilder:default"
)

// unionMarkers are the markers whose grammar this package owns, and
// fieldOnlyMarkers the markers of other dialects that only a struct field
// carries. Both come from Definitions, so that what --docs prints is what the
// parser reads.
var (
	unionMarkers     = namesOf(OwnerUnionGen)
	fieldOnlyMarkers = namesOf(OwnerDialect, ScopeField)
)

// MemberOptions is a parsed "+unionMember[=<value>][,optional]".
type MemberOptions struct {
	// Value is the discriminator value that selects the member; empty when the
	// marker names none and the Go field name is to be used.
	Value    string
	Optional bool
}

// FieldMarkers are the markers of one struct field that union-gen reads.
type FieldMarkers struct {
	Discriminator   bool
	Member          *MemberOptions
	DiscriminatedBy string
	// Ratcheting is the mode of "+unionRatcheting", RatchetingOff without it.
	Ratcheting unionspec.Ratcheting
	// Optional is set by "+optional" or "+k8s:optional", Required by
	// "+required", "+k8s:required" or "+kubebuilder:validation:Required".
	Optional bool
	Required bool
	// Default is the raw value of "+default=", if any, and
	// KubebuilderDefault that of "+kubebuilder:default=".
	Default            *string
	KubebuilderDefault *string
	// ListType and ListMapKeys come from "+listType=" and "+listMapKey=".
	ListType    string
	ListMapKeys []string
	// Deprecated is KEP-1027 2019's "+unionDeprecated": a member of the
	// union of the struct's own fields.
	Deprecated bool
	// K8sDiscriminator and K8sMembers are validation-gen's union markers.
	K8sDiscriminator *K8sDiscriminator
	K8sMembers       []K8sMember
	// ModeDiscriminators and IfModes are validation-gen's mode tags.
	ModeDiscriminators []ModeDiscriminator
	IfModes            []IfMode
	// Groups are the field's "+oneOf=" and "+zeroOrOneOf=" groups.
	Groups []Group
	// Enum holds the values of "+kubebuilder:validation:Enum=", if any, or
	// all those of "+openshift:validation:FeatureGateAwareEnum".
	Enum []string
	// EnumGated is set when Enum comes from FeatureGateAwareEnum: a CRD of
	// one feature set has some of its values.
	EnumGated bool
	// Lines holds, for each union marker and "+default" found, the index of
	// its comment line, so that checks can point at the marker.
	Lines map[string]int
}

// SyntaxError is a malformed marker.
type SyntaxError struct {
	// Line is the index of the offending comment line.
	Line int
	// Rule is the rule the marker breaks.
	Rule    report.ID
	Message string
}

// syntaxErrorf makes a SyntaxError whose Line the caller sets: the parsers of
// a marker's value do not know its line.
func syntaxErrorf(rule report.ID, format string, args ...any) *SyntaxError {
	return &SyntaxError{Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// marker is one "+name rest" comment line.
type marker struct {
	line int
	name string
	rest string
}

// scan returns the markers of a comment block: the lines that start with "+"
// after leading blanks.
func scan(lines []string) []marker {
	var out []marker
	for i, line := range lines {
		s := strings.TrimSpace(line)
		if !strings.HasPrefix(s, "+") {
			continue
		}
		s = s[1:]
		end := strings.IndexFunc(s, func(r rune) bool {
			return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == ':' || r == '-' || r == '.')
		})
		if end < 0 {
			end = len(s)
		}
		name, rest := s[:end], s[end:]
		if i := strings.LastIndex(name, ":"); i > 0 && definitions[name] == nil && definitions[name[:i]] != nil && strings.HasPrefix(rest, "=") {
			// controller-gen's markers name their first argument after a
			// colon, +name:arg=value, and +name:=value is +name=value.
			name, rest = name[:i], ":"+name[i+1:]+rest
			if rest[1] == '=' {
				rest = rest[1:]
			}
		}
		out = append(out, marker{line: i, name: name, rest: rest})
	}
	return out
}

// ParseField reads the markers of a struct field's comment lines, each with
// the field parser of its Definition. It never stops at the first error:
// every malformed marker is reported.
func ParseField(lines []string) (FieldMarkers, []SyntaxError) {
	fm := FieldMarkers{Lines: map[string]int{}}
	var errs []SyntaxError
	for _, m := range scan(lines) {
		var e *SyntaxError
		d := definitions[m.name]
		switch {
		case d != nil && d.once:
			if _, seen := fm.Lines[m.name]; seen {
				e = syntaxErrorf(report.Repeated, "+%s is repeated; write it once per field", m.name)
				break
			}
			fm.Lines[m.name] = m.line
			e = d.onField(&fm, m)
		case d != nil && d.onField != nil:
			e = d.onField(&fm, m)
		case misspelledUnionMarker(m.name) != "":
			// Before the k8s: case, which would leave a misspelled
			// validation-gen marker alone as one not about unions.
			e = misspelled(m.name)
		case strings.HasPrefix(m.name, k8sPrefix):
			e = fm.parseK8sMarker(m)
		}
		if e != nil {
			e.Line = m.line
			errs = append(errs, *e)
		}
	}
	return fm, errs
}

// k8sPrefix starts the names of validation-gen's markers.
const k8sPrefix = "k8s:"

// TypeMarkers are the markers of a type that union-gen reads.
type TypeMarkers struct {
	// Enum marks a discriminator's string type: "+enum" or validation-gen's
	// "+k8s:enum".
	Enum bool
	// LegacyUnion is KEP-1027 2019's "+union" struct marker.
	LegacyUnion bool
	// EnumValues holds the values of "+kubebuilder:validation:Enum=", if any,
	// or all those of "+openshift:validation:FeatureGateAwareEnum", which
	// sets EnumGated.
	EnumValues []string
	EnumGated  bool
}

// ParseType reads the markers of a type's comment lines, each with the type
// parser of its Definition, and reports union markers there, which belong on
// fields.
func ParseType(lines []string) (TypeMarkers, []SyntaxError) {
	var tm TypeMarkers
	var errs []SyntaxError
	for _, m := range scan(lines) {
		var e *SyntaxError
		d := definitions[m.name]
		switch {
		case m.fieldUnionMarker():
			name := m.name
			if !isUnionMarker(name) && !isFieldOnly(name) {
				name += m.rest
			}
			e = syntaxErrorf(report.MarkerOnType, "+%s belongs on a struct field, not on a type", name)
		case d != nil && d.onType != nil:
			e = d.onType(&tm, m)
		case d == nil:
			e = misspelled(m.name)
		}
		if e != nil {
			e.Line = m.line
			errs = append(errs, *e)
		}
	}
	return tm, errs
}

// FeatureGated reports whether a field's comment lines put it under an
// openshift feature gate (+openshift:enable:FeatureGate=).
func FeatureGated(lines []string) bool {
	for _, m := range scan(lines) {
		if m.name == FeatureGateMarker {
			return true
		}
	}
	return false
}

// HasUnionMarker reports whether any line looks like a union marker, spelled
// right or not. It lets callers skip types that cannot have unions cheaply.
func HasUnionMarker(lines []string) bool {
	for _, m := range scan(lines) {
		if m.fieldUnionMarker() || m.name == LegacyUnionMarker || misspelledUnionMarker(m.name) != "" {
			return true
		}
	}
	return false
}

func isUnionMarker(name string) bool {
	return slices.Contains(unionMarkers, name)
}

// fieldUnionMarker reports whether the marker is a union marker of a struct
// field in some dialect: union-gen's, another dialect's marker of fields
// only, or a validation-gen marker that names a union.
func (m marker) fieldUnionMarker() bool {
	return isUnionMarker(m.name) || isFieldOnly(m.name) || mentionsK8sUnion(m.name+m.rest)
}

// isFieldOnly reports whether name is a marker of another dialect that only
// a struct field can carry.
func isFieldOnly(name string) bool {
	return slices.Contains(fieldOnlyMarkers, name)
}

// parseMember parses what follows "+unionMember": "", "=<value>",
// ",optional" or "=<value>,optional".
func parseMember(rest string) (MemberOptions, *SyntaxError) {
	var member MemberOptions
	options := ""
	switch {
	case rest == "":
		return member, nil
	case strings.HasPrefix(rest, "="):
		value, opts, hasOpts := strings.Cut(rest, ",")
		v, e := parseValue(MemberMarker, value, "<value>")
		if e != nil {
			return member, e
		}
		member.Value = v
		if !hasOpts {
			return member, nil
		}
		options = opts
	case strings.HasPrefix(rest, ","):
		options = rest[1:]
	default:
		return member, syntaxErrorf(report.Malformed, "malformed +%s%s: expected +%s, +%s=<value>, +%s,optional or +%s=<value>,optional",
			MemberMarker, rest, MemberMarker, MemberMarker, MemberMarker, MemberMarker)
	}
	for _, option := range strings.Split(options, ",") {
		switch {
		case option == "":
			return member, syntaxErrorf(report.Malformed, "empty option in +%s%s; the only option is \"optional\"", MemberMarker, rest)
		case option == "optional" && member.Optional:
			return member, syntaxErrorf(report.Repeated, "option \"optional\" is repeated in +%s%s", MemberMarker, rest)
		case option == "optional":
			member.Optional = true
		case strings.TrimSpace(option) != option:
			return member, syntaxErrorf(report.Malformed, "unexpected space in +%s%s; write +%s=<value>,optional with no spaces", MemberMarker, rest, MemberMarker)
		default:
			return member, syntaxErrorf(report.UnknownOption, "unknown option %q in +%s%s; the only option is \"optional\"", option, MemberMarker, rest)
		}
	}
	return member, nil
}

// ParseRatcheting reads a ratcheting mode as "+unionRatcheting=" and
// --ratcheting write it.
func ParseRatcheting(mode string) (unionspec.Ratcheting, error) {
	if r := unionspec.Ratcheting(mode); slices.Contains(unionspec.RatchetingModes, r) {
		return r, nil
	}
	return unionspec.RatchetingOff, fmt.Errorf("unknown ratcheting mode %q; the modes are %q and %q", mode, unionspec.RatchetingUnchanged, unionspec.RatchetingMembership)
}

// parseRatcheting parses what follows "+unionRatcheting": "" (unchanged) or
// "=<mode>".
func parseRatcheting(rest string) (unionspec.Ratcheting, *SyntaxError) {
	if rest == "" {
		return unionspec.RatchetingUnchanged, nil
	}
	value, e := parseValue(RatchetingMarker, rest, "<mode>")
	if e != nil {
		return unionspec.RatchetingOff, e
	}
	mode, err := ParseRatcheting(value)
	if err != nil {
		return unionspec.RatchetingOff, syntaxErrorf(report.UnknownOption, "+%s=%s: %v", RatchetingMarker, value, err)
	}
	return mode, nil
}

// parseValue parses "=<value>" after a marker name: a non-empty word with no
// spaces, commas or quotes.
func parseValue(name, rest, placeholder string) (string, *SyntaxError) {
	value, ok := strings.CutPrefix(rest, "=")
	switch {
	case !ok:
		return "", syntaxErrorf(report.Malformed, "malformed +%s%s: expected +%s=%s", name, rest, name, placeholder)
	case value == "":
		if name == MemberMarker {
			return "", syntaxErrorf(report.Malformed, "empty value in +%s=; write +%s to use the Go field name, or +%s=<value>", name, name, name)
		}
		return "", syntaxErrorf(report.Malformed, "empty value in +%s=; expected +%s=%s", name, name, placeholder)
	case strings.ContainsAny(value, "\"'`"):
		return "", syntaxErrorf(report.Malformed, "quotes in +%s%s; write the value without quotes: +%s=%s", name, rest, name, placeholder)
	case strings.Contains(value, ","):
		return "", syntaxErrorf(report.Malformed, "unexpected comma in +%s%s; +%s takes no option", name, rest, name)
	case strings.IndexFunc(value, unicode.IsSpace) >= 0:
		return "", syntaxErrorf(report.Malformed, "unexpected space in +%s%s; write +%s=%s with no spaces", name, rest, name, placeholder)
	case strings.IndexFunc(value, unicode.IsControl) >= 0:
		return "", syntaxErrorf(report.Malformed, "control character in +%s%s", name, rest)
	}
	return value, nil
}

// ParseDefault reads the value of a "+default=" marker on a discriminator: a
// JSON string, as defaulter-gen and openapi-gen read it.
func ParseDefault(raw string) (string, error) {
	var value string
	if err := json.Unmarshal([]byte(raw), &value); err != nil {
		return "", fmt.Errorf("+default=%s on a discriminator must be a JSON string, e.g. +default=%q", raw, raw)
	}
	return value, nil
}

// ParseKubebuilderDefault is the string value of "+kubebuilder:default=",
// read as controller-gen reads a scalar (kubebuilderString); ok is false
// for a default that is no string: a map, a list, a number, a boolean.
func ParseKubebuilderDefault(raw string) (value string, ok bool) {
	if raw == "" || strings.ContainsAny(raw[:1], "{[") {
		return "", false
	}
	value, problem := kubebuilderString(raw)
	return value, problem == ""
}

// misspelled is the error of an unknown marker that is probably a
// misspelling of a union marker, or nil.
func misspelled(name string) *SyntaxError {
	if guess := misspelledUnionMarker(name); guess != "" {
		return syntaxErrorf(report.Misspelled, "unknown marker +%s; did you mean +%s?", name, guess)
	}
	return nil
}

// misspelledUnionMarker returns the union marker that name is probably a
// misspelling of, or "". A prefixed name is also compared by its last
// ":"-separated segment, since no tool reads a union marker behind another
// tool's prefix: a "k8s:" one with validation-gen's union markers first,
// any other with union-gen's first. Known markers are never misspellings.
func misspelledUnionMarker(name string) string {
	if definitions[name] != nil {
		return ""
	}
	i := strings.LastIndex(name, ":")
	switch guess := closestMarker(name, unionMarkers); {
	case guess != "" || i < 0:
		return guess
	case strings.HasPrefix(name, k8sPrefix):
		return closestMarker(name[i+1:], k8sUnionMarkers, unionMarkers)
	default:
		return closestMarker(name[i+1:], unionMarkers, k8sUnionMarkers)
	}
}

// k8sUnionMarkers are validation-gen's union markers.
var k8sUnionMarkers = []string{K8sMemberMarker, K8sDiscriminatorMarker, K8sZeroOrOneOfMarker}

// closestMarker returns the marker of lists whose name without its "k8s:"
// prefix is nearest to name, within an edit distance of 2 ignoring case, or
// "". Of equally near ones, the first wins.
func closestMarker(name string, lists ...[]string) string {
	return spelling.Nearest(name, slices.Concat(lists...), func(known string) string { return strings.TrimPrefix(known, k8sPrefix) })
}

package markers

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"k8s.io/gengo/v2/codetags"

	"github.com/union-gen/union-gen/pkg/report"
)

// Dialect names the convention a union's markers are written in. Each is read
// as its own tools read it; docs/semantics.md §2 says how they differ.
type Dialect string

// The dialects union-gen reads.
const (
	// DialectKEP is KEP-1027's latest design, union-gen's own:
	// +unionDiscriminator, +unionMember, +unionDiscriminatedBy.
	DialectKEP Dialect = "KEP-1027"
	// Dialect2019 is KEP-1027 as written in 2019 and read by kube-openapi:
	// +union on a struct, +unionDiscriminator, +unionDeprecated, members
	// implicit and selected by their Go names. openshift/api writes it,
	// naming some members with +unionMember.
	Dialect2019 Dialect = "KEP-1027 (2019)"
	// DialectValidationGen is validation-gen's, which k8s.io/api writes:
	// +k8s:unionMember, +k8s:unionDiscriminator, +k8s:zeroOrOneOfMember.
	DialectValidationGen Dialect = "validation-gen"
	// DialectStructTag is the 2018 proposal's struct tag union:"...".
	DialectStructTag Dialect = "struct tags (2018)"
	// DialectModes is validation-gen's mode tags, which k8s.io/api writes:
	// +k8s:modeDiscriminator and +k8s:ifMode.
	DialectModes Dialect = "validation-gen modes"
	// DialectGroups is k8s.io/api's +oneOf=<group> and +zeroOrOneOf=<group>.
	DialectGroups Dialect = "oneOf groups"
)

// The markers of the other dialects, as union-gen reads them.
const (
	K8sMemberMarker        = "k8s:unionMember"
	K8sDiscriminatorMarker = "k8s:unionDiscriminator"
	K8sZeroOrOneOfMarker   = "k8s:zeroOrOneOfMember"
	// K8sItemMarker applies the marker after "=" to the items of a list
	// that match its arguments: a union of list items.
	K8sItemMarker = "k8s:item"
	// K8sAlphaMarker and K8sBetaMarker wrap a marker with its stability
	// level: "+k8s:beta(since: "1.37")=+k8s:unionMember".
	K8sAlphaMarker = "k8s:alpha"
	K8sBetaMarker  = "k8s:beta"
	K8sEnumMarker  = "k8s:enum"
	// KubebuilderEnumMarker lists a string's valid values:
	// "+kubebuilder:validation:Enum=A;B".
	KubebuilderEnumMarker = "kubebuilder:validation:Enum"
	// GateAwareEnumMarker lists a string's valid values under feature gates,
	// as openshift/api writes it, one line per gate:
	// "+openshift:validation:FeatureGateAwareEnum:featureGate=G,enum=A;B".
	GateAwareEnumMarker = "openshift:validation:FeatureGateAwareEnum"
	// FeatureGateMarker puts a field in the CRDs of the feature sets that
	// enable a gate only: "+openshift:enable:FeatureGate=G".
	FeatureGateMarker = "openshift:enable:FeatureGate"
	// UnionTag is the key of the 2018 proposal's struct tag.
	UnionTag = "union"
)

// K8sMember is a validation-gen member marker, "+k8s:unionMember" or
// "+k8s:zeroOrOneOfMember", with its arguments.
type K8sMember struct {
	// ZeroOrOne is set for "+k8s:zeroOrOneOfMember".
	ZeroOrOne bool
	// Union names the union; "" for the struct's unnamed one.
	Union string
	// MemberName is the discriminator value that selects the member; "" for
	// the Go field name.
	MemberName string
	// Item is set for a marker under "+k8s:item(...)": the member is an item
	// of the list with these field values.
	Item []ItemTerm
	// Line is the index of the marker's comment line.
	Line int
}

// ItemTerm is an argument of "+k8s:item": a field of a list's items and the
// value it has in the selected item, written as Go writes a literal.
type ItemTerm struct {
	Field string
	Value string
}

// K8sDiscriminator is validation-gen's "+k8s:unionDiscriminator".
type K8sDiscriminator struct {
	// Union names the union; "" for the struct's unnamed one.
	Union string
}

// parseK8sMarker reads a validation-gen marker of a field: the whole comment
// text after "+", which codetags parses as validation-gen does. Markers of
// validation-gen that are not about unions are left alone.
func (fm *FieldMarkers) parseK8sMarker(m marker) *SyntaxError {
	tag, err := codetags.Parse(m.name + m.rest)
	if err != nil {
		if mentionsK8sUnion(m.name + m.rest) {
			return syntaxErrorf(report.Malformed, "malformed +%s%s: %v", m.name, m.rest, err)
		}
		return nil
	}
	tag = unwrapStability(tag)
	var item []ItemTerm
	if tag.Name == K8sItemMarker && tag.ValueType == codetags.ValueTypeTag {
		for _, a := range tag.Args {
			item = append(item, ItemTerm{Field: a.Name, Value: strings.TrimPrefix(a.String(), a.Name+": ")})
		}
		tag = unwrapStability(*tag.ValueTag)
		if item == nil && isK8sMember(tag.Name) {
			return syntaxErrorf(report.Malformed, "+%s needs the fields that select the item, e.g. +%s(type: \"A\")=+%s", K8sItemMarker, K8sItemMarker, tag.Name)
		}
	}
	switch tag.Name {
	case K8sOptionalMarker:
		fm.Optional = fm.Optional || item == nil
	case K8sRequiredMarker:
		fm.Required = fm.Required || item == nil
	case K8sMemberMarker, K8sZeroOrOneOfMarker:
		member, e := parseK8sArgs(tag, "union", "memberName")
		if e != nil {
			return e
		}
		if _, seen := fm.Lines[tag.Name]; !seen && item == nil {
			fm.Lines[tag.Name] = m.line
		}
		fm.K8sMembers = append(fm.K8sMembers, K8sMember{
			ZeroOrOne: tag.Name == K8sZeroOrOneOfMarker, Union: member["union"], MemberName: member["memberName"], Item: item, Line: m.line,
		})
	case K8sModeDiscriminatorMarker, K8sIfModeMarker:
		if item != nil {
			return syntaxErrorf(report.Malformed, "+%s cannot select list items: put it on the field", tag.Name)
		}
		if tag.Name == K8sIfModeMarker {
			return fm.parseIfMode(tag, m.line)
		}
		return fm.parseModeDiscriminator(tag, m.line)
	case K8sDiscriminatorMarker:
		if item != nil {
			return syntaxErrorf(report.Malformed, "+%s cannot select list items: put it on the discriminator field", K8sDiscriminatorMarker)
		}
		args, e := parseK8sArgs(tag, "union")
		if e != nil {
			return e
		}
		if fm.K8sDiscriminator != nil {
			return syntaxErrorf(report.Repeated, "+%s is repeated; write it once per field", K8sDiscriminatorMarker)
		}
		fm.K8sDiscriminator = &K8sDiscriminator{Union: args["union"]}
		fm.Lines[K8sDiscriminatorMarker] = m.line
	}
	return nil
}

// parseK8sEnum reads validation-gen's "+k8s:enum" on a type, also wrapped
// in a stability level.
func parseK8sEnum(tm *TypeMarkers, m marker) *SyntaxError {
	if tag, err := codetags.Parse(m.name + m.rest); err == nil && unwrapStability(tag).Name == K8sEnumMarker {
		tm.Enum = true
	}
	return nil
}

// unwrapStability returns the marker that "+k8s:alpha(...)=" and
// "+k8s:beta(...)=" wrap: they say how stable its validation is, which does
// not change what the union is.
func unwrapStability(tag codetags.Tag) codetags.Tag {
	for (tag.Name == K8sAlphaMarker || tag.Name == K8sBetaMarker) && tag.ValueType == codetags.ValueTypeTag {
		tag = *tag.ValueTag
	}
	return tag
}

func isK8sMember(name string) bool {
	return name == K8sMemberMarker || name == K8sZeroOrOneOfMarker
}

func mentionsK8sUnion(text string) bool {
	return strings.Contains(text, K8sMemberMarker) || strings.Contains(text, K8sDiscriminatorMarker) || strings.Contains(text, K8sZeroOrOneOfMarker) ||
		mentionsModeTag(text)
}

// parseK8sArgs checks a validation-gen union marker: named string arguments
// among allowed, and no value. It returns the arguments by name.
func parseK8sArgs(tag codetags.Tag, allowed ...string) (map[string]string, *SyntaxError) {
	if tag.ValueType != codetags.ValueTypeNone {
		return nil, syntaxErrorf(report.Malformed, "malformed +%s: +%s takes no value", tag, tag.Name)
	}
	args := map[string]string{}
	for _, a := range tag.Args {
		switch {
		case a.Name == "":
			return nil, syntaxErrorf(report.Malformed, "malformed +%s: name the argument, as in +%s(%s: %s)", tag, tag.Name, allowed[0], a)
		case !slices.Contains(allowed, a.Name):
			return nil, syntaxErrorf(report.UnknownOption, "unknown argument %q in +%s; the arguments are %s", a.Name, tag, strings.Join(allowed, " and "))
		case a.Type != codetags.ArgTypeString || a.Value == "":
			return nil, syntaxErrorf(report.Malformed, "malformed +%s: %s is a non-empty quoted string", tag, a.Name)
		}
		args[a.Name] = a.Value
	}
	return args, nil
}

// parseKubebuilderEnum reads the values of "+kubebuilder:validation:Enum=",
// or "Enum:=" (scan reads both), as controller-gen reads them: a list in
// braces, {A, "B"}, or separated by ";", A;"B", with an optional trailing
// ";". Each value is a Go string literal or a bare word. A spelling that
// controller-gen reads otherwise than it looks is refused with the one to
// write: a bare value that it reads as a number or a boolean, or that has
// characters its scanner may take apart (see notBare), and spaces beside ";" or before ","
// and "}".
func parseKubebuilderEnum(rest string) ([]string, *SyntaxError) {
	malformed := func(format string, args ...any) *SyntaxError {
		return syntaxErrorf(report.Malformed, "malformed +%s%s: %s", KubebuilderEnumMarker, rest, fmt.Sprintf(format, args...))
	}
	list, ok := strings.CutPrefix(rest, "=")
	if !ok || list == "" {
		return nil, malformed("expected +%s=<value>;<value>... or +%s={<value>,<value>...}", KubebuilderEnumMarker, KubebuilderEnumMarker)
	}
	if !utf8.ValidString(list) || strings.ContainsFunc(list, unicode.IsControl) {
		return nil, malformed("a control character or bytes that are not UTF-8; write them as escapes in a quoted string")
	}
	sep, braces := ";", false
	if inner, ok := strings.CutPrefix(list, "{"); ok {
		if list, ok = strings.CutSuffix(inner, "}"); !ok {
			return nil, malformed("the list opens with { but does not end with }")
		}
		sep, braces = ",", true
	} else {
		list = strings.TrimSuffix(list, ";")
	}
	items, err := splitOutsideQuotes(list, sep)
	if err != "" {
		return nil, malformed("%s", err)
	}
	if braces && len(items) == 1 && strings.TrimSpace(items[0]) == "" {
		return nil, malformed("the list is empty")
	}
	var values []string
	for _, v := range items {
		if braces {
			v = strings.TrimLeft(v, " \t")
		}
		if v != strings.TrimSpace(v) {
			return nil, malformed("space before or beside %q, which controller-gen reads into the values; write the values with no space before the next", sep)
		}
		if v == "" {
			return nil, malformed("an empty value between two %q; write \"\" for the empty string", sep)
		}
		value, problem := kubebuilderString(v)
		if problem != "" {
			return nil, malformed("%s", problem)
		}
		values = append(values, value)
	}
	return values, nil
}

// kubebuilderString reads a non-empty scalar value of a controller-gen
// marker as controller-gen reads it: a quoted string, or a bare one; the
// problem says why it is no string as it looks (a number, a boolean, a bare
// value controller-gen reads otherwise).
func kubebuilderString(v string) (value, problem string) {
	switch {
	case v[0] == '"' || v[0] == '`':
		unquoted, err := strconv.Unquote(v)
		if err != nil {
			return "", fmt.Sprintf("%s is not a quoted string", v)
		}
		return unquoted, ""
	case strings.ContainsFunc(v, notBare) || strings.Contains(v, "//") || strings.Contains(v, "/*"):
		return "", fmt.Sprintf("controller-gen reads the bare value %s otherwise than it looks; quote it: %q", v, v)
	case strings.ContainsAny(v[:1], "0123456789+-.") || v == "true" || v == "false" ||
		strings.HasPrefix(v, "true") && !isIdentChar(v[4]) || strings.HasPrefix(v, "false") && !isIdentChar(v[5]):
		return "", fmt.Sprintf("controller-gen reads %s as a number or a boolean, not a string; quote it: %q", v, v)
	}
	return v, ""
}

// notBare reports whether a bare enum value may not have r: only ASCII
// letters, digits and -._/:@=+ are read by controller-gen as they look.
func notBare(r rune) bool {
	return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-._/:@=+", r))
}

// parseGateAwareEnum reads the values of one line of
// "+openshift:validation:FeatureGateAwareEnum:featureGate=<gates>,enum=<list>"
// (or requiredFeatureGate=), as openshift's generator reads it: the list as
// +kubebuilder:validation:Enum's. The gates only say in which feature sets's
// CRDs the values are, which a CRD's schema says itself.
func parseGateAwareEnum(rest string) ([]string, *SyntaxError) {
	args, ok := strings.CutPrefix(rest, ":")
	gates, list, hasEnum := strings.Cut(args, ",enum=")
	gate, _, _ := strings.Cut(gates, "=")
	if !ok || !hasEnum || gate != "featureGate" && gate != "requiredFeatureGate" {
		return nil, syntaxErrorf(report.Malformed, "malformed +%s%s: expected +%s:featureGate=<gate>,enum=<value>;<value>...", GateAwareEnumMarker, rest, GateAwareEnumMarker)
	}
	return parseKubebuilderEnum("=" + list)
}

// isIdentChar reports whether c continues a Go identifier.
func isIdentChar(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// splitOutsideQuotes splits s at each sep that is not inside a Go string
// literal, or says which literal is not closed.
func splitOutsideQuotes(s, sep string) ([]string, string) {
	var items []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '`':
			end := i + 1
			for end < len(s) && s[end] != c {
				if c == '"' && s[end] == '\\' {
					end++
				}
				end++
			}
			if end >= len(s) {
				return nil, fmt.Sprintf("%s is not a closed quoted string", s[i:])
			}
			i = end
		case strings.HasPrefix(s[i:], sep):
			items = append(items, s[start:i])
			start = i + len(sep)
		}
	}
	return append(items, s[start:]), ""
}

// StructTagUnion is the 2018 proposal's struct tag on a field whose type is
// a union struct.
type StructTagUnion struct {
	// OneOf is union:"oneof": at most one field of the struct is set.
	OneOf bool
	// Discriminator is the JSON name in union:"discriminator/<name>": that
	// field of the struct selects which of the others is set.
	Discriminator string
}

// ParseStructTag reads the union:"..." key of a field's struct tag; ok is
// false when there is none.
func ParseStructTag(tag string) (u StructTagUnion, ok bool, err *SyntaxError) {
	value, ok := reflect.StructTag(tag).Lookup(UnionTag)
	if !ok {
		return u, false, nil
	}
	kind, arg, _ := strings.Cut(value, "/")
	switch {
	case value == "oneof":
		u.OneOf = true
	case kind == "discriminator" && arg != "":
		u.Discriminator = arg
	case kind == "inlined":
		return u, true, syntaxErrorf(report.UnknownOption, "%s:%q, the 2018 proposal's inlined union, is not supported: its members are the list items' fields other than the merge key, which no struct of them holds", UnionTag, value)
	default:
		return u, true, syntaxErrorf(report.UnknownOption, "unknown union tag %s:%q; write %s:\"oneof\" or %s:\"discriminator/<json name>\"", UnionTag, value, UnionTag, UnionTag)
	}
	return u, true, nil
}

// String writes the tag as it is written in Go.
func (u StructTagUnion) String() string {
	if u.OneOf {
		return UnionTag + `:"oneof"`
	}
	return fmt.Sprintf("%s:%q", UnionTag, "discriminator/"+u.Discriminator)
}

// DialectDoc is a row of the dialect table of `union-gen --docs`: a marker
// as one dialect writes it, what it means there, and what union-gen does.
// The rows of a marker are in its Definition.
type DialectDoc struct {
	Dialect Dialect
	// Marker is the marker, or struct tag, as the dialect writes it.
	Marker string
	// Scope is where it is written: its Definition's scope, or a field for
	// a struct tag.
	Scope Scope
	// Meaning is what the dialect's own tools make of it.
	Meaning string
	// Behaviour is what union-gen makes of it.
	Behaviour string
}

// structTagDocs are the dialect table's rows of the 2018 struct tags, which
// ParseStructTag reads.
var structTagDocs = []DialectDoc{
	{DialectStructTag, UnionTag + `:"oneof"`, ScopeField,
		"the field's struct is a union: only one of its fields is set", "a zero-or-one union of every field of the struct (V4)"},
	{DialectStructTag, UnionTag + `:"discriminator/<json name>"`, ScopeField,
		"the field's struct is a union with that discriminator",
		"a discriminated union of every other field of the struct, selected by its Go name, valid values as in KEP-1027 2019"},
	{DialectStructTag, UnionTag + `:"inlined/<merge key>"`, ScopeField,
		"a union of the fields of a list's items other than the merge key", "an error (`unknownoption`): no struct holds such a union"},
}

// dialectOrder is the order of the dialects in the dialect table.
var dialectOrder = []Dialect{DialectKEP, DialectValidationGen, DialectModes, DialectGroups, Dialect2019, DialectStructTag}

// DialectDocs is every marker of every dialect union-gen reads, by dialect:
// the rows of the Definitions, then those of the struct tags.
func DialectDocs() []DialectDoc {
	var out []DialectDoc
	for _, dialect := range dialectOrder {
		for _, d := range Definitions {
			for _, row := range d.Dialects {
				if row.Dialect == dialect {
					row.Scope = d.Scope
					out = append(out, row)
				}
			}
		}
		for _, row := range structTagDocs {
			if row.Dialect == dialect {
				out = append(out, row)
			}
		}
	}
	return out
}

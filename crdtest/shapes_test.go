package crdtest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
)

// A shapes package is a random API package for union-gen: kinds whose spec
// reaches a struct of one or two unions (discriminated, exactly-one or
// zero-or-one) through one of the placements below, with members of every
// kind union-gen accepts. The same description writes the Go source and
// draws objects of the kinds, so that every backend can be run on them (see
// TestRandomShapes).
type shapesPackage struct {
	kinds []*kindShape
}

// placement is how a kind's spec reaches its union struct.
type placement int

const (
	placeValue   placement = iota // a struct field, always written by Go
	placePointer                  // a pointer field, absent when nil
	placeInline                   // embedded inline in the spec
	placeMap                      // the values of a map, matched by key
	placeListMap                  // embedded inline in the items of a +listType=map list
	placeList                     // the items of an atomic list: no old counterpart
	placements
)

var placementNames = [placements]string{"value", "pointer", "inline", "map", "list-map", "list"}

// memberKind is a member's Go type.
type memberKind int

const (
	memberPointer  memberKind = iota // *Obj: set when present
	memberOmitZero                   // Box with omitzero: set when not zero
	memberString
	memberInt
	memberBool
	memberIntPointer
	memberSlice
	memberMap
	memberKinds
)

var memberTypes = [memberKinds]string{"*Obj", "Box", "string", "int32", "bool", "*int32", "[]string", "map[string]string"}

type kindShape struct {
	name       string
	placement  placement
	ratcheting string // "", "unchanged" or "membership"
	unions     []*unionShape
}

// unionKind is what a union requires of its members.
type unionKind int

const (
	discriminated unionKind = iota // a +unionDiscriminator selects the member
	exactlyOne                     // +k8s:unionMember, no discriminator
	zeroOrOne                      // +k8s:zeroOrOneOfMember
	modal                          // validation-gen's +k8s:modeDiscriminator and +k8s:ifMode
)

// discType is the Go type of a modal union's discriminator.
type discType int

const (
	discEnum   discType = iota // a +enum string type: its values are checked
	discString                 // string: any value is a mode (open)
	discBool                   // bool: the modes are false and true
)

// payloads of +k8s:ifMode, as a member's mode writes them.
var payloads = []string{"+k8s:required", "+k8s:optional", "+k8s:forbidden", "+k8s:immutable"}

type unionShape struct {
	kind         unionKind
	name         string // the union's, for validation-gen's markers
	goName, json string // the discriminator's; "" without one
	enumType     string
	required     bool     // +required, written without omitempty
	values       []string // the enum's, "" among them when it means no member
	members      []*memberShape
	// discType and modality are a modal union's.
	discType discType
	modality string
}

type memberShape struct {
	goName, json string
	kind         memberKind
	value        string // the discriminator value that selects it
	explicit     bool   // +unionMember=value, else the Go name is the value
	optional     bool   // +unionMember,optional
	omitEmpty    bool   // for scalars: omitempty in the tag, else +optional alone
	// modes are a modal union's member's: the values its +k8s:ifMode lines
	// name, each with a payload of payloads.
	modes []modeShape
}

type modeShape struct {
	value   string
	payload string
}

// allows reports whether a mode of m's lets it be set where the
// discriminator is d.
func (m *memberShape) allows(d string) bool {
	return slices.ContainsFunc(m.modes, func(mode modeShape) bool { return mode.value == d && mode.payload != "+k8s:forbidden" })
}

// unionField is the JSON name of the spec's field that reaches the union
// struct (none for placeInline).
const unionField = "u"

// newShapesPackage draws n kinds.
func newShapesPackage(rng *rand.Rand, n int) *shapesPackage {
	p := &shapesPackage{}
	for i := range n {
		k := &kindShape{
			name:      fmt.Sprintf("K%03d", i),
			placement: placement(rng.IntN(int(placements))),
		}
		k.ratcheting = []string{"", "", "unchanged", "membership"}[rng.IntN(4)]
		for u := range 1 + rng.IntN(2) {
			k.unions = append(k.unions, newUnionShape(rng, k.name, u))
		}
		// A union without a discriminator ratchets only by --ratcheting,
		// which the package is not generated with: in a ratcheting kind,
		// the API server would ratchet its rules where Go does not.
		if k.ratcheting == "" && rng.IntN(3) == 0 {
			u := k.unions[rng.IntN(len(k.unions))]
			u.kind = []unionKind{exactlyOne, zeroOrOne}[rng.IntN(2)]
			u.goName, u.json, u.enumType, u.required, u.values = "", "", "", false, nil
			for _, m := range u.members {
				m.value, m.explicit, m.optional = "", false, false
			}
		}
		for i, u := range k.unions {
			if u.kind == discriminated && rng.IntN(3) == 0 {
				u.modal(rng, i)
			}
		}
		p.kinds = append(p.kinds, k)
	}
	return p
}

var memberNames = []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo"}

func newUnionShape(rng *rand.Rand, kind string, index int) *unionShape {
	u := &unionShape{
		name:     fmt.Sprintf("u%d", index),
		goName:   []string{"Type", "Mode"}[index],
		json:     []string{"type", "mode"}[index],
		enumType: fmt.Sprintf("%sU%d", kind, index),
		required: rng.IntN(4) == 0,
	}
	for m := range 1 + rng.IntN(4) {
		name := memberNames[m]
		if index == 1 {
			name += "2"
		}
		member := &memberShape{
			goName:    name,
			json:      strings.ToLower(name[:1]) + name[1:],
			kind:      memberKind(rng.IntN(int(memberKinds))),
			explicit:  rng.IntN(3) == 0,
			optional:  rng.IntN(4) == 0,
			omitEmpty: rng.IntN(3) > 0,
		}
		member.value = member.goName
		if member.explicit {
			member.value = fmt.Sprintf("Via%s", member.goName)
		}
		u.members = append(u.members, member)
		u.values = append(u.values, member.value)
	}
	for e := range rng.IntN(3) {
		u.values = append(u.values, fmt.Sprintf("Empty%d", e))
	}
	if rng.IntN(3) == 0 {
		u.values = append(u.values, "")
	}
	return u
}

// modal makes u a union of validation-gen's mode tags, of the modality of
// its index: each member names up to three modes, "" among them, each with a
// payload; the discriminator is an enum, a string or a bool.
func (u *unionShape) modal(rng *rand.Rand, index int) {
	u.kind, u.discType = modal, discType(rng.IntN(3))
	if index > 0 {
		u.modality = "second"
	}
	modes := slices.Clone(u.values)
	if !u.required {
		modes = append(modes, "") // an optional discriminator's absence
	}
	if u.discType == discBool {
		modes, u.values, u.required = []string{"false", "true"}, []string{"false", "true"}, false
	}
	modes = slices.Compact(slices.Sorted(slices.Values(modes)))
	for _, m := range u.members {
		m.modes, m.value, m.explicit, m.optional = nil, "", false, false
		for _, v := range modes {
			if rng.IntN(3) == 0 {
				m.modes = append(m.modes, modeShape{value: v, payload: payloads[rng.IntN(len(payloads))]})
			}
		}
	}
	// A mode discriminator that no field names is no union (nomembers).
	if !slices.ContainsFunc(u.members, func(m *memberShape) bool { return len(m.modes) > 0 }) {
		u.members[0].modes = []modeShape{{value: modes[rng.IntN(len(modes))], payload: payloads[rng.IntN(2)]}}
	}
}

// source is the package's Go source, for union-gen and controller-gen.
func (p *shapesPackage) source() string {
	var b strings.Builder
	b.WriteString(`package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Obj is a pointer member's struct.
type Obj struct {
	// +optional
	A string ` + "`json:\"a,omitempty\"`" + `
	// +optional
	N int32 ` + "`json:\"n,omitempty\"`" + `
}

// Box is a member that JSON omits when zero.
type Box struct {
	// +optional
	A string ` + "`json:\"a,omitempty\"`" + `
	// +optional
	L map[string]string ` + "`json:\"l,omitempty\"`" + `
	// +optional
	W Obj ` + "`json:\"w,omitzero\"`" + `
}
`)
	for _, k := range p.kinds {
		k.writeSource(&b)
	}
	return b.String()
}

func (k *kindShape) writeSource(b *strings.Builder) {
	union := k.name + "Union"
	fmt.Fprintf(b, `
// +kubebuilder:object:root=true
type %[1]s struct {
	metav1.TypeMeta   `+"`json:\",inline\"`"+`
	metav1.ObjectMeta `+"`json:\"metadata,omitempty\"`"+`

	Spec %[1]sSpec `+"`json:\"spec\"`"+`
}

type %[1]sSpec struct {
`, k.name)
	switch k.placement {
	case placeValue:
		fmt.Fprintf(b, "\t// +optional\n\tU %s `json:%q`\n", union, unionField)
	case placePointer:
		fmt.Fprintf(b, "\t// +optional\n\tU *%s `json:%q`\n", union, unionField+",omitempty")
	case placeInline:
		fmt.Fprintf(b, "\t%s `json:\",inline\"`\n", union)
	case placeMap:
		fmt.Fprintf(b, "\t// +kubebuilder:validation:MaxProperties=3\n\t// +optional\n\tU map[string]%s `json:%q`\n", union, unionField+",omitempty")
	case placeListMap:
		fmt.Fprintf(b, "\t// +listType=map\n\t// +listMapKey=name\n\t// +kubebuilder:validation:MaxItems=3\n\t// +optional\n\tU []%sItem `json:%q`\n", k.name, unionField+",omitempty")
	case placeList:
		fmt.Fprintf(b, "\t// +listType=atomic\n\t// +kubebuilder:validation:MaxItems=3\n\t// +optional\n\tU []%s `json:%q`\n", union, unionField+",omitempty")
	}
	b.WriteString("}\n")
	if k.placement == placeListMap {
		fmt.Fprintf(b, "\ntype %sItem struct {\n\tName string `json:\"name\"`\n\n\t%s `json:\",inline\"`\n}\n", k.name, union)
	}
	fmt.Fprintf(b, "\ntype %s struct {\n", union)
	for _, u := range k.unions {
		u.writeDiscriminator(b, k.ratcheting)
		for _, m := range u.members {
			for _, marker := range u.memberMarkers(m) {
				fmt.Fprintf(b, "\t// %s\n", marker)
			}
			if u.kind == discriminated && len(k.unions) > 1 {
				fmt.Fprintf(b, "\t// +unionDiscriminatedBy=%s\n", u.json)
			}
			tag := m.json + ",omitempty"
			switch {
			case m.kind == memberOmitZero:
				tag = m.json + ",omitzero"
			case !m.omitEmpty && m.kind >= memberString && m.kind <= memberBool:
				tag = m.json
			}
			fmt.Fprintf(b, "\t// +optional\n\t%s %s `json:%q`\n", m.goName, memberTypes[m.kind], tag)
		}
	}
	b.WriteString("}\n")
	for _, u := range k.unions {
		if u.kind != discriminated && (u.kind != modal || u.discType != discEnum) {
			continue
		}
		fmt.Fprintf(b, "\n// +enum\ntype %s string\n\nconst (\n", u.enumType)
		for i, v := range u.values {
			fmt.Fprintf(b, "\t%s%d %s = %q\n", u.enumType, i, u.enumType, v)
		}
		b.WriteString(")\n")
	}
}

// writeDiscriminator writes the discriminator field of a discriminated
// union.
func (u *unionShape) writeDiscriminator(b *strings.Builder, ratcheting string) {
	typ := u.enumType
	switch {
	case u.kind == discriminated:
		b.WriteString("\t// +unionDiscriminator\n")
	case u.kind != modal:
		return
	case u.modality != "":
		fmt.Fprintf(b, "\t// +k8s:modeDiscriminator(modality: %q)\n", u.modality)
	default:
		b.WriteString("\t// +k8s:modeDiscriminator\n")
	}
	if u.kind == modal && u.discType != discEnum {
		typ = map[discType]string{discString: "string", discBool: "bool"}[u.discType]
	}
	if ratcheting != "" {
		fmt.Fprintf(b, "\t// +unionRatcheting=%s\n", ratcheting)
	}
	if u.required {
		fmt.Fprintf(b, "\t// +required\n\t%s %s `json:%q`\n", u.goName, typ, u.json)
	} else {
		fmt.Fprintf(b, "\t// +optional\n\t%s %s `json:%q`\n", u.goName, typ, u.json+",omitempty")
	}
}

// memberMarkers are the markers that make m a member of u.
func (u *unionShape) memberMarkers(m *memberShape) []string {
	switch u.kind {
	case exactlyOne:
		return []string{fmt.Sprintf("+k8s:unionMember(union: %q)", u.name)}
	case zeroOrOne:
		return []string{fmt.Sprintf("+k8s:zeroOrOneOfMember(union: %q)", u.name)}
	case modal:
		var markers []string
		for _, mode := range m.modes {
			if u.modality != "" {
				markers = append(markers, fmt.Sprintf("+k8s:ifMode(modality: %q, mode: %q)=%s", u.modality, mode.value, mode.payload))
			} else {
				markers = append(markers, fmt.Sprintf("+k8s:ifMode(%q)=%s", mode.value, mode.payload))
			}
		}
		return markers
	}
	marker := "+unionMember"
	if m.explicit {
		marker += "=" + m.value
	}
	if m.optional {
		marker += ",optional"
	}
	return []string{marker}
}

// object draws a spec of the kind as a client may send it, as JSON values.
// Keys of maps and list-maps come from a small set, so that an old and a new
// object often share items.
func (k *kindShape) object(rng *rand.Rand) map[string]any {
	spec := map[string]any{}
	switch k.placement {
	case placeValue:
		spec[unionField] = k.union(rng)
	case placePointer:
		if rng.IntN(4) > 0 {
			spec[unionField] = k.union(rng)
		}
	case placeInline:
		for name, v := range k.union(rng) {
			spec[name] = v
		}
	case placeMap:
		items := map[string]any{}
		for _, key := range someKeys(rng) {
			items[key] = k.union(rng)
		}
		spec[unionField] = items
	case placeListMap, placeList:
		items := []any{}
		for _, key := range someKeys(rng) {
			item := k.union(rng)
			if k.placement == placeListMap {
				item["name"] = key
			}
			items = append(items, item)
		}
		spec[unionField] = items
	}
	return map[string]any{
		"apiVersion": shapesGroup + "/v1",
		"kind":       k.name,
		"metadata":   map[string]any{"name": "x"},
		"spec":       spec,
	}
}

func someKeys(rng *rand.Rand) []string {
	keys := []string{"a", "b", "c"}
	rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
	return slices.Clone(keys[:rng.IntN(len(keys)+1)])
}

// union draws the fields of the union struct: each discriminator a valid
// value three times in four, else "", an invalid value or absent (but when
// Go always writes it; an optional one's "" is absent but where it is a
// value), and each member absent, set or present but unset,
// or, one time in four, only the selected member set (in a union without a
// discriminator, one member at random). Valid values and valid
// objects are what updates normalize.
func (k *kindShape) union(rng *rand.Rand) map[string]any {
	obj := map[string]any{}
	for _, u := range k.unions {
		// A member that a careful client sets: the discriminator's, or
		// one at random in a union without one.
		selects := func(m *memberShape) bool { return false }
		switch u.kind {
		case modal:
			d := u.drawDiscriminator(rng, obj)
			selects = func(m *memberShape) bool { return m.allows(d) }
		case discriminated:
			d := u.drawDiscriminator(rng, obj)
			selects = func(m *memberShape) bool { return m.value == d }
		default:
			chosen := u.members[rng.IntN(len(u.members))]
			selects = func(m *memberShape) bool { return m == chosen }
		}
		// A union in four is as a careful client writes it: the
		// selected member set and no other.
		careful := rng.IntN(4) == 0
		for _, m := range u.members {
			switch v, ok := m.draw(rng); {
			case careful && selects(m):
				obj[m.json] = runtime.DeepCopyJSONValue(memberValues[m.kind][0])
			case !careful && ok:
				obj[m.json] = v
			}
		}
	}
	return obj
}

// drawDiscriminator writes into obj the union's discriminator: a valid
// value three times in four, else "" or an invalid value, or absent; a
// bool's false, true or absent. It returns the discriminator's value.
func (u *unionShape) drawDiscriminator(rng *rand.Rand, obj map[string]any) string {
	if u.discType == discBool {
		switch rng.IntN(3) {
		case 0:
			return "false"
		case 1:
			obj[u.json] = false
			return "false"
		}
		obj[u.json] = true
		return "true"
	}
	choices := u.values
	if rng.IntN(4) == 0 {
		choices = []string{"", "Bogus"}
	}
	d := choices[rng.IntN(len(choices))]
	// An optional discriminator is omitempty: a Go client never writes
	// its "". Written, it is the one documented difference (docs/crd.md):
	// the schema's enum rejects it unless "" is a value, where Go reads it
	// as absent.
	explicitEmpty := u.required || slices.Contains(u.values, "")
	if d != "" || explicitEmpty && (u.required || rng.IntN(2) == 0) {
		obj[u.json] = d
	}
	return d
}

// memberValues are the JSON values of each member kind: set ones first,
// then unset ones, as Go decodes them.
var memberValues = [memberKinds][]any{
	memberPointer:    {map[string]any{}, map[string]any{"a": "x"}},
	memberOmitZero:   {map[string]any{"a": "x"}, map[string]any{"l": map[string]any{}}, map[string]any{"w": map[string]any{"n": int64(1)}}, map[string]any{}, map[string]any{"w": map[string]any{}}, map[string]any{"a": "", "w": map[string]any{"n": int64(0)}}},
	memberString:     {"x", ""},
	memberInt:        {int64(3), int64(0)},
	memberBool:       {true, false},
	memberIntPointer: {int64(0), int64(2)},
	memberSlice:      {[]any{"x"}, []any{}},
	memberMap:        {map[string]any{"k": "v"}, map[string]any{}},
}

// draw is absent half the time, else one of the kind's values.
func (m *memberShape) draw(rng *rand.Rand) (any, bool) {
	if rng.IntN(2) == 0 {
		return nil, false
	}
	values := memberValues[m.kind]
	return runtime.DeepCopyJSONValue(values[rng.IntN(len(values))]), true
}

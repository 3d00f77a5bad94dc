package markers

import (
	"regexp"
	"strings"

	"k8s.io/gengo/v2/codetags"

	"github.com/union-gen/union-gen/pkg/report"
)

// The markers of validation-gen's mode tags (validators/mode.go) and of
// k8s.io/api's groups.
const (
	// K8sModeDiscriminatorMarker is "+k8s:modeDiscriminator[(modality: "m")]".
	K8sModeDiscriminatorMarker = "k8s:modeDiscriminator"
	// K8sIfModeMarker is "+k8s:ifMode("V")=<payload>" or
	// "+k8s:ifMode(modality: "m", mode: "V")=<payload>".
	K8sIfModeMarker = "k8s:ifMode"
	// K8sForbiddenMarker is validation-gen's "+k8s:forbidden", a payload of
	// +k8s:ifMode that forbids the field in that mode.
	K8sForbiddenMarker = "k8s:forbidden"
	// OneOfMarker and ZeroOrOneOfMarker are "+oneOf=<group>" and
	// "+zeroOrOneOf=<group>": exactly one, or at most one, of the fields
	// of the group is set.
	OneOfMarker       = "oneOf"
	ZeroOrOneOfMarker = "zeroOrOneOf"
	// ReservedModality is the name validation-gen gives a mode
	// discriminator without a modality, which no modality may take.
	ReservedModality = "default"
)

// ModeDiscriminator is "+k8s:modeDiscriminator": the field selects the mode
// of its modality.
type ModeDiscriminator struct {
	// Modality names the discriminator's group of modes; "" when the
	// struct has one.
	Modality string
	Line     int
}

// Payload is what a "+k8s:ifMode" requires of its field in its mode.
type Payload int

const (
	// PayloadAllowed is any other validation of the field: it may be set,
	// its own check left to validation-gen.
	PayloadAllowed Payload = iota
	// PayloadOptional is "+k8s:optional": the field may be unset.
	PayloadOptional
	// PayloadRequired is "+k8s:required": the field must be set.
	PayloadRequired
	// PayloadForbidden is "+k8s:forbidden": the field must not be set.
	PayloadForbidden
)

// IfMode is one "+k8s:ifMode" of a field: in the mode, the payload applies;
// in every mode no line of the field names, the field is forbidden.
type IfMode struct {
	Modality string
	Mode     string
	Payload  Payload
	Line     int
}

// Group is "+oneOf=<group>" or "+zeroOrOneOf=<group>".
type Group struct {
	Name      string
	ZeroOrOne bool
	Line      int
}

// modalityName is validation-gen's validGroupNameRegex.
var modalityName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)

// checkModality checks a modality as validation-gen does.
func checkModality(tag codetags.Tag, modality string) *SyntaxError {
	switch {
	case modality == ReservedModality:
		return syntaxErrorf(report.Modality, "+%s: the modality %q is reserved: validation-gen names so the modality of a mode discriminator without one; name it otherwise", tag, modality)
	case modality != "" && !modalityName.MatchString(modality):
		return syntaxErrorf(report.Modality, "+%s: the modality %q must match %s, as validation-gen requires", tag, modality, modalityName)
	}
	return nil
}

// parseModeDiscriminator reads "+k8s:modeDiscriminator[(modality: "m")]".
func (fm *FieldMarkers) parseModeDiscriminator(tag codetags.Tag, line int) *SyntaxError {
	args, e := parseK8sArgs(tag, "modality")
	if e != nil {
		return e
	}
	modality := args["modality"]
	if e := checkModality(tag, modality); e != nil {
		return e
	}
	for _, d := range fm.ModeDiscriminators {
		if d.Modality == modality {
			return syntaxErrorf(report.Repeated, "+%s is repeated for the modality %q; write it once per field", K8sModeDiscriminatorMarker, modality)
		}
	}
	fm.ModeDiscriminators = append(fm.ModeDiscriminators, ModeDiscriminator{Modality: modality, Line: line})
	if _, seen := fm.Lines[K8sModeDiscriminatorMarker]; !seen {
		fm.Lines[K8sModeDiscriminatorMarker] = line
	}
	return nil
}

// parseIfMode reads "+k8s:ifMode("V")=<payload>" or
// "+k8s:ifMode(modality: "m", mode: "V")=<payload>", as validation-gen
// reads them: the mode positional or named, the payload a tag.
func (fm *FieldMarkers) parseIfMode(tag codetags.Tag, line int) *SyntaxError {
	malformed := func(why string) *SyntaxError {
		return syntaxErrorf(report.Malformed, "malformed +%s: %s, e.g. +%s(\"Limited\")=+%s", tag, why, K8sIfModeMarker, K8sRequiredMarker)
	}
	if tag.ValueType != codetags.ValueTypeTag || tag.ValueTag == nil {
		return malformed("it needs a payload, the tag that applies in the mode")
	}
	var ifMode IfMode
	named := map[string]bool{}
	for i, a := range tag.Args {
		switch {
		case a.Type != codetags.ArgTypeString:
			return malformed("its arguments are quoted strings")
		case a.Name == "" && i == 0:
			ifMode.Mode, named["mode"] = a.Value, true
		case a.Name == "":
			return malformed("only the mode may be written without its name")
		case a.Name != "mode" && a.Name != "modality":
			return syntaxErrorf(report.UnknownOption, "unknown argument %q in +%s; the arguments are the mode and modality", a.Name, tag)
		case named[a.Name]:
			return syntaxErrorf(report.Repeated, "the %s is given twice in +%s", a.Name, tag)
		case a.Name == "mode":
			ifMode.Mode, named["mode"] = a.Value, true
		default:
			ifMode.Modality, named["modality"] = a.Value, true
		}
	}
	if !named["mode"] {
		return malformed("it needs the mode")
	}
	if e := checkModality(tag, ifMode.Modality); e != nil {
		return e
	}
	switch unwrapStability(*tag.ValueTag).Name {
	case K8sRequiredMarker:
		ifMode.Payload = PayloadRequired
	case K8sOptionalMarker:
		ifMode.Payload = PayloadOptional
	case K8sForbiddenMarker:
		ifMode.Payload = PayloadForbidden
	}
	ifMode.Line = line
	fm.IfModes = append(fm.IfModes, ifMode)
	if _, seen := fm.Lines[K8sIfModeMarker]; !seen {
		fm.Lines[K8sIfModeMarker] = line
	}
	return nil
}

// parseGroup reads "+oneOf=<group>" and "+zeroOrOneOf=<group>".
func parseGroup(zeroOrOne bool) func(fm *FieldMarkers, m marker) *SyntaxError {
	return func(fm *FieldMarkers, m marker) *SyntaxError {
		name, e := parseValue(m.name, m.rest, "<group>")
		if e != nil {
			return e
		}
		for _, g := range fm.Groups {
			if g.Name == name {
				return syntaxErrorf(report.Repeated, "the group %q is named twice on the field; write it once", name)
			}
		}
		fm.Groups = append(fm.Groups, Group{Name: name, ZeroOrOne: zeroOrOne, Line: m.line})
		if _, seen := fm.Lines[m.name]; !seen {
			fm.Lines[m.name] = m.line
		}
		return nil
	}
}

// mentionsModeTag reports whether a validation-gen marker's text names a
// mode tag, which must then parse.
func mentionsModeTag(text string) bool {
	return strings.Contains(text, K8sModeDiscriminatorMarker) || strings.Contains(text, K8sIfModeMarker)
}

package markers

import (
	"strconv"
	"strings"
)

// XValidationMarker is controller-gen's CEL rule of the schema of a field or
// a type: "+kubebuilder:validation:XValidation:rule="<CEL>",message="<text>"".
const XValidationMarker = "kubebuilder:validation:XValidation"

// XValidationRule is the rule of a comment line that is an XValidationMarker,
// read as controller-gen reads its rule argument: a Go string literal,
// double-quoted or backquoted. ok is false for any other line, and for a rule
// written otherwise, which union-gen does not match with a CRD's rules.
func XValidationRule(line string) (rule string, ok bool) {
	args, ok := strings.CutPrefix(strings.TrimSpace(line), "+"+XValidationMarker+":")
	if !ok {
		return "", false
	}
	items, unclosed := splitOutsideQuotes(args, ",")
	if unclosed != "" {
		return "", false
	}
	for _, item := range items {
		v, isRule := strings.CutPrefix(strings.TrimSpace(item), "rule=")
		if isRule && v != "" && (v[0] == '"' || v[0] == '`') {
			rule, err := strconv.Unquote(v)
			return rule, err == nil
		}
	}
	return "", false
}

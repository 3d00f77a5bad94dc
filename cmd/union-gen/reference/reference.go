// Package reference renders what `union-gen --docs` prints: the markers
// union-gen reads and the rules it checks, from the registries the parser and
// the checks use (markers.Definitions and report.Docs), so that the reference cannot
// tell users about another union-gen than the one they run.
package reference

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
)

// Write writes the reference, in Markdown.
func Write(w io.Writer) error {
	_, err := fmt.Fprintf(w, `# union-gen reference

## Markers

%s
## Dialects

%s
## Errors

Each is printed as `+"`FILE:LINE:COL: pkg.Type.Field: message [rule]`"+`, the rule being
the first column below. A warning has `+"`warning: `"+` before its message and does not
fail the run; `+"`--silence-warnings=rule[,rule]`"+` leaves out the warnings of those
rules (errors cannot be silenced).

%s`, MarkerTable(), DialectTable(), RuleTable())
	return err
}

// MarkerTable is the Markdown table of the markers, in the order of
// markers.Definitions, each with the rules of the errors it can lead to.
func MarkerTable() string {
	var b strings.Builder
	b.WriteString("| marker | on | arguments | meaning | rules |\n|---|---|---|---|---|\n")
	for _, d := range markers.Definitions {
		usages := []string{code(d.Usage)}
		for _, alias := range d.Aliases {
			usages = append(usages, code("+"+alias))
		}
		ids := make([]string, len(d.Rules))
		for i, id := range d.Rules {
			ids[i] = code(string(id))
		}
		row(&b, strings.Join(usages, ", "), string(d.Scope), d.Args, d.Meaning, strings.Join(ids, ", "))
	}
	return b.String()
}

// DialectTable is the Markdown table of the markers of every dialect, in the
// order of markers.DialectDocs.
func DialectTable() string {
	var b strings.Builder
	b.WriteString("| dialect | marker | on | meaning in the dialect | union-gen |\n|---|---|---|---|---|\n")
	for _, d := range markers.DialectDocs() {
		row(&b, string(d.Dialect), code(d.Marker), string(d.Scope), d.Meaning, d.Behaviour)
	}
	return b.String()
}

// RuleTable is the Markdown table of the rules, in the order of report.Docs,
// each with the markers whose Definitions name it.
func RuleTable() string {
	var b strings.Builder
	b.WriteString("| rule | family | requires | message | hint | markers |\n|---|---|---|---|---|---|\n")
	for _, r := range report.Docs {
		var names []string
		for _, d := range markers.Definitions {
			if slices.Contains(d.Rules, r.ID) {
				names = append(names, code("+"+d.Name))
			}
		}
		row(&b, code(string(r.ID)), r.Family, r.Summary, code(r.Message), r.Hint, strings.Join(names, ", "))
	}
	return b.String()
}

// row writes one table row. A "|" in a cell would end it early, so it is
// escaped, as GitHub's tables require also inside code spans.
func row(b *strings.Builder, cells ...string) {
	for _, c := range cells {
		b.WriteString("| " + strings.ReplaceAll(c, "|", `\|`) + " ")
	}
	b.WriteString("|\n")
}

// code makes s a Markdown code span. Messages hold backticks of their own,
// so the span is delimited by a longer run of them, padded with spaces that
// Markdown strips, in case s starts or ends with one.
func code(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if len(fence) > 1 {
		s = " " + s + " "
	}
	return fence + s + fence
}

package report

import (
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Problem is one finding about the input, printed as
// "FILE:LINE:COL: pkg.Type.Field: message [rule]", the rule's ID being what
// `union-gen --docs` lists it under.
type Problem struct {
	Pos token.Position
	// Subject names what the problem is about, e.g. "v1.DeploymentStrategy.Type".
	Subject string
	// Rule is the check that failed; every problem of the input has one
	// (a wrong flag is the command line's, printed apart).
	Rule    ID
	Message string
	// Warning problems are printed but do not fail the run.
	Warning bool
}

func (p Problem) String() string {
	var b strings.Builder
	switch {
	case p.Pos.IsValid():
		fmt.Fprintf(&b, "%s:%d:%d: ", DisplayPath(p.Pos.Filename), p.Pos.Line, p.Pos.Column)
	case p.Pos.Filename != "":
		b.WriteString(DisplayPath(p.Pos.Filename) + ": ")
	default:
		// Of the command line or the run as a whole: said by the command,
		// as the go command says its own.
		b.WriteString("union-gen: ")
	}
	if p.Subject != "" {
		b.WriteString(p.Subject + ": ")
	}
	if p.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(p.Message)
	if p.Rule != "" {
		b.WriteString(" [" + string(p.Rule) + "]")
	}
	return b.String()
}

// DisplayPath shortens a file name to a path relative to the working
// directory when the file lies below it, as the go command does.
func DisplayPath(name string) string {
	wd, err := os.Getwd()
	if err != nil {
		return name
	}
	rel, err := filepath.Rel(wd, name)
	if err != nil || strings.HasPrefix(rel, "..") {
		return name
	}
	return rel
}

// Problems is every finding of a run.
type Problems []Problem

// HasErrors reports whether any problem is not a warning.
func (ps Problems) HasErrors() bool {
	return slices.ContainsFunc(ps, func(p Problem) bool { return !p.Warning })
}

// Silence returns the problems without the warnings of the given rules.
func (ps Problems) Silence(ids []ID) Problems {
	return slices.DeleteFunc(slices.Clone(ps), func(p Problem) bool {
		return p.Warning && slices.Contains(ids, p.Rule)
	})
}

// Sorted returns the problems in file, line and column order, without
// duplicates (a shared enum type is reported once, not once per use).
func (ps Problems) Sorted() Problems {
	out := slices.Clone(ps)
	slices.SortFunc(out, func(a, b Problem) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Subject, b.Subject),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return slices.Compact(out)
}

// Print writes the problems, one per line, in order.
func (ps Problems) Print(w io.Writer) {
	for _, p := range ps.Sorted() {
		fmt.Fprintln(w, p)
	}
}

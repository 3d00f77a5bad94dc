package main

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/union-gen/union-gen/internal/spelling"
	"github.com/union-gen/union-gen/pkg/report"
)

// didYouMean names the flags that an unknown one was likely meant to be,
// ": did you mean --crd-paths?", or is "" where no flag is near. A long flag
// given one dash, as Go's flag package takes it ("-crd-paths"), is an
// unknown shorthand to pflag: its guess is the flag of that name.
func didYouMean(fs *pflag.FlagSet, err error) string {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) {
		return ""
	}
	name := unknown.GetSpecifiedName()
	if shorthands := unknown.GetSpecifiedShortnames(); shorthands != "" {
		if name, _, _ = strings.Cut(shorthands, "="); len(name) < 2 {
			return ""
		}
	}
	guesses := flagGuesses(name, flagNames(fs))
	if len(guesses) == 0 {
		return ""
	}
	for i, g := range guesses {
		guesses[i] = "--" + g
	}
	last := len(guesses) - 1
	if last == 0 {
		return ": did you mean " + guesses[0] + "?"
	}
	return ": did you mean " + strings.Join(guesses[:last], ", ") + " or " + guesses[last] + "?"
}

// flagNames are the names of the flags that fs takes and --help shows, and
// "help", which pflag answers where no flag has that name.
func flagNames(fs *pflag.FlagSet) []string {
	var flags []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden && f.Deprecated == "" {
			flags = append(flags, f.Name)
		}
	})
	if fs.Lookup("help") == nil {
		flags = append(flags, "help")
	}
	return flags
}

// flagGuesses are the flags nearest to name by flagDistance, in the order
// of flags, if they are near enough: within 2 for a name of 6 letters or
// more, 1 for one of 3 to 5 and 0 (the flag itself, in another case) for
// one of 1 or 2, where every other flag would be as good a guess.
func flagGuesses(name string, flags []string) []string {
	limit := 2
	switch n := len(name); {
	case n <= 2:
		limit = 0
	case n <= 5:
		limit = 1
	}
	var best []string
	for _, f := range flags {
		switch d := flagDistance(name, f); {
		case d < limit:
			best, limit = []string{f}, d
		case d == limit:
			best = append(best, f)
		}
	}
	return best
}

// flagDistance is how far typed is from the flag name, ignoring case: the
// lesser of two edit distances. That of their letters counts a letter
// added, left out or replaced, or two neighbours swapped, as 1 each
// ("crd-path", "outputfile", "verison"). That of their words, split at -
// and _, counts a word replaced by another as the first distance between
// them, or as 1 where one abbreviates the other ("package" for "pkg"); a
// word added or left out as 2 ("go-header" for "go-header-file"); two
// neighbouring words swapped as 1 ("output-openapi-pkg"). Letters alone
// count every letter of a word written in full or left out:
// "openapi-output-package" is 4 from "openapi-output-pkg", as far as a
// wrong word, and "go-header" 5 from "go-header-file".
func flagDistance(typed, flag string) int {
	typed, flag = strings.ToLower(typed), strings.ToLower(flag)
	return min(spelling.Distance(typed, flag), spelling.EditDistance(words(typed), words(flag), 2, wordCost))
}

// words splits a flag name at its dashes and underscores.
func words(name string) []string {
	return strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' })
}

// wordCost is the cost of replacing one word of a flag name by another:
// the letters' distance, or 1 where one abbreviates the other.
func wordCost(a, b string) int {
	d := spelling.Distance(a, b)
	if d > 1 && (abbreviates(a, b) || abbreviates(b, a)) {
		return 1
	}
	return d
}

// abbreviates reports whether short, of two letters or more, is an
// abbreviation of long: long's first letter and some of the rest, in
// order ("pkg" of "package", "dir" of "directory").
func abbreviates(short, long string) bool {
	if len(short) < 2 || len(short) >= len(long) || short[0] != long[0] {
		return false
	}
	rest := long[1:]
	for i := 1; i < len(short); i++ {
		j := strings.IndexByte(rest, short[i])
		if j < 0 {
			return false
		}
		rest = rest[j+1:]
	}
	return true
}

// failLoad fails with err, which, where the package loader's, gengo gives
// as text: "failed making a parser: error(s) in "PKG":" and a line per
// error, "FILE:LINE:COL: message" with FILE absolute, or "-: message" for
// a pattern that names no package. Those are printed as union-gen prints
// its problems, paths relative to the working directory.
func failLoad(err error) {
	rest, ok := strings.CutPrefix(err.Error(), "failed making a parser: ")
	if !ok {
		failRule(err, report.LoadError)
	}
	var problems report.Problems
	for _, line := range strings.Split(rest, "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "error(s) in "):
			continue
		case strings.TrimLeft(line, " \t") != line && len(problems) > 0:
			// The rest of the message above, such as the go command's hint.
			problems[len(problems)-1].Message += " " + strings.TrimSpace(line)
			continue
		}
		p := report.Problem{Message: line, Rule: report.LoadError}
		if m := loaderPosition.FindStringSubmatch(line); m != nil {
			l, _ := strconv.Atoi(m[2])
			c, _ := strconv.Atoi(m[3])
			p.Pos, p.Message = token.Position{Filename: m[1], Line: l, Column: c}, m[4]
		} else if pattern, ok := strings.CutPrefix(line, "-: "); ok {
			p.Message, p.Rule = relativePaths(pattern), report.NoPackage
		}
		problems = append(problems, p)
	}
	problems.Print(os.Stderr)
	os.Exit(1)
}

// loaderPosition is the position that begins an error of the package
// loader.
var loaderPosition = regexp.MustCompile(`^(.+?):(\d+):(\d+): (.*)$`)

// relativePaths makes the paths below the working directory in a message
// of the go command relative to it.
func relativePaths(message string) string {
	wd, err := os.Getwd()
	if err != nil {
		return message
	}
	return strings.ReplaceAll(message, wd+string(os.PathSeparator), "")
}

// fail fails with err, an error of the command line.
func fail(err error) {
	fmt.Fprintf(os.Stderr, "union-gen: %v\n", err)
	os.Exit(1)
}

// failRule fails with err, a problem of the rule id that has no position.
func failRule(err error, id report.ID) {
	fmt.Fprintf(os.Stderr, "union-gen: %v [%s]\n", err, id)
	os.Exit(1)
}

package main

import (
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

// didYouMean names the flag that an unknown one was likely meant to be.
func didYouMean(fs *pflag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return ""
	}
	var flags []string
	fs.VisitAll(func(f *pflag.Flag) { flags = append(flags, f.Name) })
	if guess := spelling.Nearest(name, flags, nil); guess != "" {
		return ": did you mean --" + guess + "?"
	}
	return ""
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

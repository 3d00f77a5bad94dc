// Package command is union-gen's command: its flags, the run of the
// generators and the writing of their files.
package command

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"
	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/generator"
	"k8s.io/klog/v2"

	"github.com/union-gen/union-gen/cmd/union-gen/args"
	"github.com/union-gen/union-gen/internal/reference"
	"github.com/union-gen/union-gen/internal/spelling"
	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/generators"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

const usage = `Usage: union-gen [flags] PACKAGE_PATTERN...

Reads +unionDiscriminator and +unionMember markers in the given packages and
writes NormalizeUnions and ValidateUnions methods next to the types; with
--crd-paths, it also adds the unions' rules, as CEL, to the CRDs that
controller-gen wrote for the kinds of those packages. Every
problem is printed as FILE:LINE:COL: pkg.Type.Field: message [rule]; when there
is any error, nothing is written and the exit status is 1.

With --docs, prints the reference of every marker it reads and every error it
reports, in Markdown, and exits.

Example:
  union-gen --go-header-file hack/boilerplate.go.txt ./pkg/apis/...
  union-gen --crd-paths config/crd/bases ./api/...

Flags:
`

// Main runs union-gen on the command line's arguments; it exits with
// status 1 on any error.
func Main() {
	a, patterns, generate := parseArgs()
	if !generate {
		return
	}
	header, err := generators.Header(a.GoHeaderFile)
	if err != nil {
		failRule(err, report.Files)
	}
	// Files that import "C" are in a package only where cgo is on: off, the
	// output does not depend on the machine.
	if err := os.Setenv("CGO_ENABLED", "0"); err != nil {
		fail(err)
	}
	run(a, patterns, header)
}

// parseArgs reads the flags and package patterns; generate is false where
// --help or --docs did all there was to do.
func parseArgs() (a *args.Args, patterns []string, generate bool) {
	klog.InitFlags(nil)
	a = args.New()
	fs := pflag.NewFlagSet("union-gen", pflag.ContinueOnError)
	a.AddFlags(fs)
	fs.AddGoFlag(flag.CommandLine.Lookup("v"))
	// A wrong flag is one line and exit status 1, as every other error;
	// the usage is for --help.
	fs.SetOutput(io.Discard)
	switch err := fs.Parse(os.Args[1:]); {
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(os.Stderr, usage)
		fs.SetOutput(os.Stderr)
		fs.PrintDefaults()
		return nil, nil, false
	case err != nil:
		fail(fmt.Errorf("%v%s (union-gen --help lists the flags)", err, didYouMean(fs, err)))
	}
	if err := a.Validate(); err != nil {
		fail(err)
	}
	if a.Docs {
		if err := reference.Write(os.Stdout); err != nil {
			fail(err)
		}
		return nil, nil, false
	}
	if fs.NArg() == 0 {
		fail(fmt.Errorf("no package pattern given; try ./pkg/apis/..."))
	}
	return a, fs.Args(), true
}

// run runs the generators on the packages of patterns, and writes
// their files only when no problem is an error.
func run(a *args.Args, patterns []string, header []byte) {
	var problems report.Problems
	// inputs counts the input packages, and empty says that they have
	// nothing to write.
	var inputs int
	var empty bool
	out := &generators.Output{}
	// An interrupted run leaves no temporary file behind; one killed is
	// cleaned up by the next run (generators.Output).
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-interrupts
		out.Discard()
		os.Exit(1)
	}()
	getTargets := func(c *generator.Context) []generator.Target {
		// The type checker's second look at the packages costs as much as
		// compiling them: it is taken only where gengo's types show a
		// declaration that does not compile, or an instance of a generic
		// type, which gengo cannot tell apart.
		var checked unions.Checked
		if unions.NeedsCheck(c.Universe, c.Inputs) {
			var err error
			if checked, err = unions.Check(patterns, a.OutputFile); err != nil {
				fail(err)
			}
		}
		var targets []generator.Target
		targets, problems = generators.GetTargets(c, config(a, header, out, checked))
		inputs, empty = len(c.Inputs), len(targets) == 0
		return targets
	}
	err := gengo.Execute(generators.NameSystems(), generators.DefaultNameSystem(), getTargets, gengo.StdBuildTag, patterns)
	problems.Silence(a.SilencedWarnings()).Print(os.Stderr)
	if err != nil || problems.HasErrors() {
		// All or nothing: no file is written when any target failed.
		out.Discard()
	} else if err := out.Commit(); err != nil {
		failRule(err, report.Files)
	}
	if err != nil {
		failLoad(err)
	}
	if problems.HasErrors() {
		os.Exit(1)
	}
	if empty && len(problems) == 0 {
		// Not a silent no-op: a pattern that matches no union says so.
		noun := "packages"
		if inputs == 1 {
			noun = "package"
		}
		fmt.Fprintf(os.Stderr, "union-gen: no union in %s (%d %s): nothing to write\n", strings.Join(patterns, " "), inputs, noun)
	}
}

// config is the generators' configuration of a run with arguments a.
func config(a *args.Args, header []byte, out *generators.Output, checked unions.Checked) generators.Config {
	return generators.Config{
		OutputFile:     a.OutputFile,
		Header:         header,
		OpenAPIPackage: a.OpenAPIOutputPkg,
		OpenAPIDir:     a.OpenAPIOutputDir,
		OpenAPIFile:    a.OpenAPIOutputFile,
		CRDPaths:       a.CRDPaths,
		CRDRules:       crd.RulesMode(a.CRDRules),
		PolicyVersion:  a.PolicyVersion,
		Ratcheting:     unionspec.Ratcheting(a.Ratcheting),
		Output:         out,
		Checked:        checked,
	}
}

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

package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/generator"

	"github.com/union-gen/union-gen/cmd/union-gen/args"
	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/generators"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/targets"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// generate runs the generators on the packages of patterns (with
// --builtin-policy, those of description), and writes their files only when
// no problem is an error.
func generate(a *args.Args, patterns []string, header []byte, description *builtin.Description) {
	var problems report.Problems
	// inputs counts the input packages, and empty says that they have
	// nothing to write.
	var inputs int
	var empty bool
	out := &targets.Output{}
	// An interrupted run leaves no temporary file behind; one killed is
	// cleaned up by the next run (targets.Output).
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-interrupts
		out.Discard()
		os.Exit(1)
	}()
	getTargets := func(c *generator.Context) []generator.Target {
		var ts []generator.Target
		ts, problems = targets.GetTargets(c, config(a, header, out, patterns, description))
		inputs, empty = len(c.Inputs), len(ts) == 0
		return ts
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

// config is the generators' configuration of a run with arguments a, and
// with --builtin-policy the description of built-in unions.
func config(a *args.Args, header []byte, out *targets.Output, patterns []string, description *builtin.Description) targets.Config {
	return targets.Config{
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
		Patterns:       patterns,
		Builtin:        description,
		BuiltinPolicy:  a.BuiltinPolicy,
		BuiltinWebhook: a.BuiltinWebhook,
	}
}

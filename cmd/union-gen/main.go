// union-gen generates normalization and validation of Kubernetes API unions
// (KEP-1027) from +unionDiscriminator and +unionMember markers.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"github.com/union-gen/union-gen/cmd/union-gen/args"
	"github.com/union-gen/union-gen/cmd/union-gen/reference"
	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/targets"
)

const usage = `Usage: union-gen [flags] PACKAGE_PATTERN...

Reads +unionDiscriminator and +unionMember markers in the given packages and
writes NormalizeUnions and ValidateUnions methods next to the types; with
--crd-paths, it also adds the unions' rules, as CEL, to the CRDs that
controller-gen wrote for the kinds of those packages. Every
problem is printed as FILE:LINE:COL: pkg.Type.Field: message [rule]; when there
is any error, nothing is written and the exit status is 1.

With --docs, prints the reference of every marker it reads, in every dialect,
and of every problem (error or warning) it reports, in Markdown, and exits;
with --version, its version.

With --builtin-policy, it writes the MutatingAdmissionPolicy that normalizes
the unions of Kubernetes' own kinds instead, and with --builtin-webhook the
MutatingWebhookConfiguration of union-webhook, which does the same on
clusters without that API (docs/builtin.md).

Example:
  union-gen --go-header-file hack/boilerplate.go.txt ./pkg/apis/...
  union-gen --crd-paths config/crd/bases ./api/...
  union-gen --builtin-policy config/builtin/unions-policy.yaml
  union-gen --builtin-webhook config/builtin/webhook/webhook.yaml

Flags:
`

// main runs union-gen on the command line's arguments; it exits with
// status 1 on any error.
func main() {
	a, patterns, ok := parseArgs()
	if !ok {
		return
	}
	header, err := targets.Header(a.GoHeaderFile)
	if err != nil {
		failRule(err, report.Files)
	}
	// Files that import "C" are in a package only where cgo is on: off, the
	// output does not depend on the machine.
	if err := os.Setenv("CGO_ENABLED", "0"); err != nil {
		fail(err)
	}
	// With --builtin-policy or --builtin-webhook, the packages are those of
	// the description.
	var description *builtin.Description
	if a.Builtin() {
		if description, err = builtin.Load(); err != nil {
			fail(err)
		}
		if err := description.CheckModule(); err != nil {
			failRule(err, report.LoadError)
		}
		patterns = description.Packages()
	}
	generate(a, patterns, header, description)
}

// parseArgs reads the flags and package patterns (none with
// --builtin-policy); ok is false where --help,
// --version or --docs did all there was to do.
func parseArgs() (a *args.Args, patterns []string, ok bool) {
	a = args.New()
	// A wrong flag is one line and exit status 1, as every other error;
	// the usage is for --help.
	fs := a.FlagSet()
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
	if a.Version {
		fmt.Println(buildVersion())
		return nil, nil, false
	}
	if a.Docs {
		if err := reference.Write(os.Stdout); err != nil {
			fail(err)
		}
		return nil, nil, false
	}
	if a.Builtin() {
		if fs.NArg() > 0 {
			fail(fmt.Errorf("--builtin-policy and --builtin-webhook read the packages of k8s.io/api that hold built-in unions: give no package pattern"))
		}
		return a, nil, true
	}
	if fs.NArg() == 0 {
		fail(fmt.Errorf("no package pattern given; try ./pkg/apis/..."))
	}
	return a, fs.Args(), true
}

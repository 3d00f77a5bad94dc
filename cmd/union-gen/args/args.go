// Package args holds union-gen's command-line arguments.
package args

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/spf13/pflag"
	"k8s.io/klog/v2"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/report"
)

// Args are the command-line arguments of union-gen.
type Args struct {
	// OutputFile is the name of the Go file written into each input package
	// that has unions.
	OutputFile string
	// GoHeaderFile is the boilerplate header of generated files.
	GoHeaderFile string
	// OpenAPIOutputPkg is the import path of the package that receives the
	// OpenAPI union definitions; nothing is written when it is empty.
	OpenAPIOutputPkg string
	// OpenAPIOutputDir is that package's directory, derived from the import
	// path when empty.
	OpenAPIOutputDir string
	// OpenAPIOutputFile is the name of the file written there.
	OpenAPIOutputFile string
	// Docs prints the reference of markers and rules instead of generating.
	Docs bool
	// Version prints union-gen's version instead of generating.
	Version bool
	// CRDPaths are CRD YAML files, or directories of them, written by
	// controller-gen, that receive the unions' CEL rules.
	CRDPaths []string
	// CRDRules is which rules the unions get in those CRDs where the API
	// server's cost limits allow them: "compact" or "precise"; empty for
	// compact.
	CRDRules string
	// PolicyVersion is the version of admissionregistration.k8s.io that the
	// policies beside those CRDs are written in: "v1" or "v1beta1"; empty
	// for v1; "none" for no policy.
	PolicyVersion string
	// BuiltinPolicy is the file that receives the policy for Kubernetes'
	// built-in kinds; union-gen then reads k8s.io/api, not packages given.
	BuiltinPolicy string
	// BuiltinWebhook is the file that receives the
	// MutatingWebhookConfiguration that sends the same resources' updates
	// to union-webhook, for clusters without the policy API.
	BuiltinWebhook string
	// Ratcheting is the ratcheting mode of the unions whose discriminator has
	// no "+unionRatcheting"; empty for none.
	Ratcheting string
	// SilenceWarnings are the rules whose warnings are not printed.
	SilenceWarnings []string
}

// New returns the arguments with their defaults.
func New() *Args {
	return &Args{OutputFile: "zz_generated.unions.go", OpenAPIOutputFile: "zz_generated.unions_openapi.go"}
}

// AddFlags adds the arguments' flags to fs.
func (a *Args) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&a.OutputFile, "output-file", a.OutputFile,
		"name of the Go file written into each input package that has unions")
	fs.StringVar(&a.GoHeaderFile, "go-header-file", a.GoHeaderFile,
		"file with the boilerplate header of generated files (\"YEAR\" is replaced by the current year)")
	fs.StringVar(&a.OpenAPIOutputPkg, "openapi-output-pkg", a.OpenAPIOutputPkg,
		"import path of the package that receives UnionDefinitions() for openapiext.WithUnions; nothing is written when empty")
	fs.StringVar(&a.OpenAPIOutputDir, "openapi-output-dir", a.OpenAPIOutputDir,
		"directory of --openapi-output-pkg (default: derived from the import path and the module of the input packages)")
	fs.StringVar(&a.OpenAPIOutputFile, "openapi-output-file", a.OpenAPIOutputFile,
		"name of the file written into --openapi-output-pkg")
	fs.BoolVar(&a.Docs, "docs", a.Docs,
		"print the reference of the markers union-gen reads, in every dialect, and of the problems (errors and warnings) it reports, in Markdown, and exit")
	fs.BoolVar(&a.Version, "version", a.Version,
		"print union-gen's version, and the VCS revision it was built from where recorded, and exit: a release's, from go install ...@VERSION; a pseudo-version, from a build in a git clone; the next release's with \"-devel\", from a build without VCS information (-buildvcs=false, or a copy without .git)")
	fs.StringSliceVar(&a.CRDPaths, "crd-paths", a.CRDPaths,
		"CRD YAML files written by controller-gen, or directories of them (their *.yaml and *.yml files), that receive the unions' rules as CEL x-kubernetes-validations; comma-separated or repeated")
	fs.StringVar(&a.CRDRules, "crd-rules", a.CRDRules,
		"the unions' rules in --crd-paths: \"compact\", one per member, which cost least, as hand-written rules do; \"precise\", one per error of the Go methods with its reason, field and message, and the same verdicts, at several times the cost. Where precise rules exceed the API server's cost limits, a union gets compact ones, with a warning (default \"compact\")")
	fs.StringVar(&a.PolicyVersion, "policy-version", a.PolicyVersion,
		"the version of admissionregistration.k8s.io of the MutatingAdmissionPolicy written beside each CRD of --crd-paths: \"v1\" (Kubernetes 1.36 and later) or \"v1beta1\" (1.35, where the MutatingAdmissionPolicy feature gate and the v1beta1 API are enabled; 1.34 serves v1beta1, but its CEL lacks flatten(), which a policy calls where it walks a map or a list-map); \"none\" writes no policy, and removes those union-gen wrote, for clusters without that API, which normalize with a webhook (default \"v1\")")
	fs.StringVar(&a.BuiltinPolicy, "builtin-policy", a.BuiltinPolicy,
		"write the MutatingAdmissionPolicies, with their bindings, that normalize the unions of Kubernetes' built-in kinds (Deployment's strategy, StatefulSet's updateStrategy, pod templates' seccompProfile and appArmorProfile, ...), one per resource, to this file, in --policy-version, from the k8s.io/api of the module graph; no package pattern is given, and no Go file is written")
	fs.StringVar(&a.BuiltinWebhook, "builtin-webhook", a.BuiltinWebhook,
		"write the MutatingWebhookConfiguration that sends the updates of the same resources that switch a union to union-webhook (Kubernetes 1.30 and later, without the policy API; config/builtin/webhook deploys it) to this file; alone or with --builtin-policy")
	fs.StringVar(&a.Ratcheting, "ratcheting", a.Ratcheting,
		"ratchet every union whose discriminator has no +unionRatcheting: \"unchanged\" lets an update keep an invalid union whose fields all equal old's, \"membership\" one whose discriminator equals old's and whose members are set where old's are; empty: validate every write")
	fs.StringSliceVar(&a.SilenceWarnings, "silence-warnings", a.SilenceWarnings,
		"rules whose warnings are not printed, by the id in brackets at the end of a warning ("+warnings()+"); comma-separated or repeated")
}

// FlagSet is union-gen's command line: the arguments' flags and klog's -v.
// A wrong flag is an error that Parse returns, printed by nothing.
func (a *Args) FlagSet() *pflag.FlagSet {
	fs := pflag.NewFlagSet("union-gen", pflag.ContinueOnError)
	a.AddFlags(fs)
	klogFlags := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(klogFlags)
	fs.AddGoFlag(klogFlags.Lookup("v"))
	fs.SetOutput(io.Discard)
	return fs
}

// Builtin reports whether the run writes manifests for Kubernetes' built-in
// kinds, from the description of their unions, in place of Go code.
func (a *Args) Builtin() bool {
	return a.BuiltinPolicy != "" || a.BuiltinWebhook != ""
}

// SilencedWarnings are the rules of --silence-warnings.
func (a *Args) SilencedWarnings() []report.ID {
	ids := make([]report.ID, len(a.SilenceWarnings))
	for i, id := range a.SilenceWarnings {
		ids[i] = report.ID(id)
	}
	return ids
}

// warnings lists the rules that warn, for messages.
func warnings() string {
	var ids []string
	for _, id := range report.Warnings() {
		ids = append(ids, string(id))
	}
	return strings.Join(ids, ", ")
}

// goFileName is a Go file that go build compiles, short of build
// constraints in the name.
var goFileName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.]*\.go$`)

// importPath reports whether p is an import path that names a directory
// inside its module: no element that climbs out of it.
func importPath(p string) bool {
	for _, elem := range strings.Split(p, "/") {
		if elem == "" || elem == "." || elem == ".." || strings.Trim(elem, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+") != "" {
			return false
		}
	}
	return true
}

// Validate checks the arguments.
func (a *Args) Validate() error {
	for _, f := range []struct{ flag, name string }{
		{"--output-file", a.OutputFile},
		{"--openapi-output-file", a.OpenAPIOutputFile},
	} {
		if filepath.Base(f.name) != f.name || filepath.Ext(f.name) != ".go" {
			return fmt.Errorf("%s must be a file name ending in .go, with no directory: %q", f.flag, f.name)
		}
		if !goFileName.MatchString(f.name) || strings.HasSuffix(f.name, "_test.go") {
			return fmt.Errorf("%s must be a name that go build compiles into the package: letters, digits and _ (and . inside), not starting with . or _, not ending in _test.go: %q", f.flag, f.name)
		}
	}
	if p := a.OpenAPIOutputPkg; p != "" && !importPath(p) {
		return fmt.Errorf("--openapi-output-pkg must be an import path (letters, digits and -._~+ in elements separated by /, none of them . or ..): %q", p)
	}
	if a.OpenAPIOutputDir != "" && a.OpenAPIOutputPkg == "" {
		return fmt.Errorf("--openapi-output-dir needs --openapi-output-pkg")
	}
	if a.CRDRules != "" {
		if !slices.Contains(crd.RulesModes, crd.RulesMode(a.CRDRules)) {
			return fmt.Errorf("--crd-rules must be \"compact\" or \"precise\": %q", a.CRDRules)
		}
		if len(a.CRDPaths) == 0 {
			return fmt.Errorf("--crd-rules needs --crd-paths")
		}
	}
	if a.PolicyVersion != "" {
		if !slices.Contains(policy.Versions, a.PolicyVersion) && a.PolicyVersion != policy.None {
			return fmt.Errorf("--policy-version must be \"v1\", \"v1beta1\" or \"none\": %q", a.PolicyVersion)
		}
		if len(a.CRDPaths) == 0 && a.BuiltinPolicy == "" {
			return fmt.Errorf("--policy-version needs --crd-paths or --builtin-policy")
		}
	}
	if a.Builtin() {
		if len(a.CRDPaths) > 0 || a.OpenAPIOutputPkg != "" || a.GoHeaderFile != "" || a.Ratcheting != "" {
			return fmt.Errorf("--builtin-policy and --builtin-webhook write only the manifests for built-in kinds, as the API server validates them: run union-gen apart for --crd-paths, --openapi-output-pkg, --go-header-file and --ratcheting")
		}
		if a.PolicyVersion == policy.None {
			return fmt.Errorf("--builtin-policy needs a --policy-version of \"v1\" or \"v1beta1\"; clusters without the policy API normalize built-in kinds with a webhook (docs/builtin.md)")
		}
	}
	if a.Ratcheting != "" {
		if _, err := markers.ParseRatcheting(a.Ratcheting); err != nil {
			return fmt.Errorf("--ratcheting: %w", err)
		}
	}
	for _, id := range a.SilenceWarnings {
		if !slices.Contains(report.Warnings(), report.ID(id)) {
			return fmt.Errorf("--silence-warnings: %q is not the id of a rule that warns; those are %s (errors cannot be silenced)", id, warnings())
		}
	}
	return nil
}

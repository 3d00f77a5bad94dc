package main

import (
	"slices"
	"testing"

	"github.com/union-gen/union-gen/cmd/union-gen/args"
)

// TestFlagGuesses: an unknown flag near one of union-gen's, klog's -v and
// --help among them, is guessed; one far from all is not.
func TestFlagGuesses(t *testing.T) {
	flags := flagNames(args.New().FlagSet())
	for _, f := range []string{"crd-paths", "openapi-output-pkg", "v", "help"} {
		if !slices.Contains(flags, f) {
			t.Fatalf("flagNames = %q, without %q", flags, f)
		}
	}
	for _, tc := range []struct {
		name string
		want []string
	}{
		// A trailing s missing or added.
		{"crd-path", []string{"crd-paths"}},
		{"openapi-output-dirs", []string{"openapi-output-dir"}},
		{"silence-warning", []string{"silence-warnings"}},
		// A word in full for its abbreviation, or the other way round:
		// Levenshtein's 4, beyond the old rule's 2.
		{"openapi-output-package", []string{"openapi-output-pkg"}},
		{"openapi_output_package", []string{"openapi-output-pkg"}},
		{"openapi-output-directory", []string{"openapi-output-dir"}},
		{"openapi-ouptut-package", []string{"openapi-output-pkg"}},
		// A word left out or added.
		{"go-header", []string{"go-header-file"}},
		{"openapi-pkg", []string{"openapi-output-pkg"}},
		{"webhook", []string{"builtin-webhook"}},
		{"crd-paths-dir", []string{"crd-paths"}},
		// A typo: a letter left out, added, replaced, or two swapped.
		{"outputfile", []string{"output-file"}},
		{"builtin-polcy", []string{"builtin-policy"}},
		{"verison", []string{"version"}},
		{"dcos", []string{"docs"}},
		{"ratcheeting", []string{"ratcheting"}},
		{"hepl", []string{"help"}},
		{"CRD-Paths", []string{"crd-paths"}},
		// Two words swapped.
		{"output-openapi-pkg", []string{"openapi-output-pkg"}},
		{"rules-crd", []string{"crd-rules"}},
		// As near to several flags: all of them.
		{"policy", []string{"builtin-policy", "policy-version"}},
		{"openapi-output", []string{"openapi-output-dir", "openapi-output-file", "openapi-output-pkg"}},
		// Far from every flag, or too short to tell.
		{"frobnicate", nil},
		{"bogus", nil},
		{"crd", nil},
		{"verbose", nil},
		{"validate", nil},
		{"x", nil},
		{"vv", nil},
		{"openapi", nil},
		{"openapi-output-frobnicate", nil},
	} {
		if got := flagGuesses(tc.name, flags); !slices.Equal(got, tc.want) {
			t.Errorf("flagGuesses(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestFlagDistance(t *testing.T) {
	for _, tc := range []struct {
		typed, flag string
		want        int
	}{
		{"crd-paths", "crd-paths", 0},
		{"crd-path", "crd-paths", 1},
		{"verison", "version", 1},
		{"openapi-output-package", "openapi-output-pkg", 1},
		{"output-openapi-pkg", "openapi-output-pkg", 1},
		{"output-openapi-package", "openapi-output-pkg", 2},
		{"go-header", "go-header-file", 2},
		{"bogus", "docs", 3},
		{"openapi-output-package", "openapi-output-file", 4},
	} {
		if got := flagDistance(tc.typed, tc.flag); got != tc.want {
			t.Errorf("flagDistance(%q, %q) = %d, want %d", tc.typed, tc.flag, got, tc.want)
		}
	}
}

// TestDidYouMean: the guess for what pflag rejects as unknown, from the
// error of the real command line, given two dashes or one.
func TestDidYouMean(t *testing.T) {
	for _, tc := range []struct {
		arg, want string
	}{
		{"--openapi-output-package=example.com/x", ": did you mean --openapi-output-pkg?"},
		{"--crd-path", ": did you mean --crd-paths?"},
		{"--crd-rule=compact", ": did you mean --crd-rules?"},
		{"--policy=v1", ": did you mean --builtin-policy or --policy-version?"},
		{"--openapi-output", ": did you mean --openapi-output-dir, --openapi-output-file or --openapi-output-pkg?"},
		{"-crd-paths=config/crd/bases", ": did you mean --crd-paths?"},
		{"-go-header", ": did you mean --go-header-file?"},
		{"--frobnicate", ""},
		{"-x", ""},
		{"-frobnicate", ""},
		// Not an unknown flag.
		{"--ratcheting", ""},
	} {
		fs := args.New().FlagSet()
		err := fs.Parse([]string{tc.arg})
		if err == nil {
			t.Fatalf("%s: parsed", tc.arg)
		}
		if got := didYouMean(fs, err); got != tc.want {
			t.Errorf("%s (%v): didYouMean = %q, want %q", tc.arg, err, got, tc.want)
		}
	}
}

// TestUnknownFlagGuess: the binary prints the guess, one line, and exits
// with status 1 before it reads any package.
func TestUnknownFlagGuess(t *testing.T) {
	res := run(t, "--openapi-output-package=example.com/openapi", "./"+validPkg)
	want := "union-gen: unknown flag: --openapi-output-package: did you mean --openapi-output-pkg? (union-gen --help lists the flags)\n"
	if res.code != 1 || res.stdout != "" || res.stderr != want {
		t.Errorf("exit status %d, stdout %q, stderr %q; want 1, nothing and %q", res.code, res.stdout, res.stderr, want)
	}
}

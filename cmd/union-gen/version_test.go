package main

import (
	"debug/buildinfo"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"golang.org/x/mod/semver"

	"github.com/union-gen/union-gen/cmd/union-gen/args"
)

func TestVersionOf(t *testing.T) {
	const rev = "397b3a93c7ac1f0e2d5b8a6c4e9f7d3b1a2c5e8f"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{
			{Key: "-buildmode", Value: "exe"},
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: "2026-11-27T18:40:59Z"}, {Key: "vcs.modified", Value: modified},
		}
	}
	noVCS := []debug.BuildSetting{{Key: "-buildmode", Value: "exe"}, {Key: "-buildvcs", Value: "false"}}
	for _, tc := range []struct {
		name     string
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		// go install …@v0.1.0, from the module cache: no VCS.
		{"release", "v0.1.0", nil, "union-gen v0.1.0"},
		{"another release", "v0.2.3", noVCS, "union-gen v0.2.3"},
		// go install …@<commit>.
		{"pseudo-version without VCS", "v0.0.0-20261127184059-397b3a93c7ac", nil,
			"union-gen v0.0.0-20261127184059-397b3a93c7ac"},
		// go build in a git clone, which stamps the version (Go 1.24 and later).
		{"pseudo-version with VCS", "v0.0.0-20261127184059-397b3a93c7ac", vcs("false"),
			"union-gen v0.0.0-20261127184059-397b3a93c7ac (revision " + rev + ")"},
		{"modified pseudo-version with VCS", "v0.0.0-20261127184059-397b3a93c7ac+dirty", vcs("true"),
			"union-gen v0.0.0-20261127184059-397b3a93c7ac+dirty (revision " + rev + ", modified)"},
		{"tagged clone", "v0.1.0", vcs("false"), "union-gen v0.1.0 (revision " + rev + ")"},
		// A build that records the revision but no version.
		{"devel with VCS", "(devel)", vcs("false"), "union-gen " + version + "-devel (revision " + rev + ")"},
		{"modified devel with VCS", "(devel)", vcs("true"), "union-gen " + version + "-devel (revision " + rev + ", modified)"},
		// go build -buildvcs=false, or in a copy without .git.
		{"devel without VCS", "(devel)", noVCS, "union-gen " + version + "-devel"},
		{"no version", "", nil, "union-gen " + version + "-devel"},
	} {
		info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/union-gen/union-gen", Version: tc.version}, Settings: tc.settings}
		if got := versionOf(info); got != tc.want {
			t.Errorf("%s: versionOf = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestVersionIsMakefiles: version is the release that the kubebuilder
// example installs, which the README builds from a clone as
// bin/union-gen-$(UNION_GEN_VERSION).
func TestVersionIsMakefiles(t *testing.T) {
	makefile, err := os.ReadFile("../../examples/kubebuilder/Makefile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^UNION_GEN_VERSION \?= (\S+)$`).FindSubmatch(makefile)
	if m == nil {
		t.Fatal("examples/kubebuilder/Makefile sets no UNION_GEN_VERSION")
	}
	if string(m[1]) != version {
		t.Errorf("version = %q, examples/kubebuilder/Makefile's UNION_GEN_VERSION %q: they name the same release", version, m[1])
	}
	if !semver.IsValid(version) || semver.Canonical(version) != version || semver.Prerelease(version) != "" {
		t.Errorf("version = %q, not a release's semantic version vMAJOR.MINOR.PATCH", version)
	}
}

// TestVersionUsage: --help says what --version prints.
func TestVersionUsage(t *testing.T) {
	usage := args.New().FlagSet().Lookup("version").Usage
	if !strings.Contains(usage, `"-devel"`) || strings.Contains(usage, "(devel)") {
		t.Errorf("--version's usage does not say that a build without a version prints the next release's with \"-devel\": %q", usage)
	}
}

// TestVersion: --version prints, and only it, the version of the binary's
// build information, read from the binary by debug/buildinfo: one line
// that names a version, with or without VCS stamping.
func TestVersion(t *testing.T) {
	info, err := buildinfo.ReadFile(binary)
	if err != nil {
		t.Fatal(err)
	}
	res := run(t, "--version")
	if res.code != 0 || res.stderr != "" {
		t.Errorf("exit status %d, stderr %q; want 0 and nothing", res.code, res.stderr)
	}
	if want := versionOf(info) + "\n"; res.stdout != want {
		t.Errorf("stdout %q, want %q", res.stdout, want)
	}
	v, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimSuffix(res.stdout, "\n"), "union-gen "), " ")
	if strings.Count(res.stdout, "\n") != 1 || !semver.IsValid(v) {
		t.Errorf("stdout %q is not one line \"union-gen VERSION\"", res.stdout)
	}
}

package main

import (
	"debug/buildinfo"
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	for _, tc := range []struct {
		name     string
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"go install of a release", "v0.1.0", nil, "union-gen v0.1.0"},
		{"no VCS stamp", "(devel)", []debug.BuildSetting{{Key: "-buildvcs", Value: "false"}}, "union-gen (devel)"},
		{"clean clone", "v0.0.0-20261127184059-397b3a93c7ac", []debug.BuildSetting{
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "397b3a93c7ac"}, {Key: "vcs.modified", Value: "false"},
		}, "union-gen v0.0.0-20261127184059-397b3a93c7ac (revision 397b3a93c7ac)"},
		{"modified clone", "v0.0.0-20261127184059-397b3a93c7ac+dirty", []debug.BuildSetting{
			{Key: "vcs.modified", Value: "true"}, {Key: "vcs.revision", Value: "397b3a93c7ac"},
		}, "union-gen v0.0.0-20261127184059-397b3a93c7ac+dirty (revision 397b3a93c7ac, modified)"},
	} {
		info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/union-gen/union-gen", Version: tc.version}, Settings: tc.settings}
		if got := versionOf(info); got != tc.want {
			t.Errorf("%s: versionOf = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestVersion: --version prints, and only it, the version of the binary's
// build information, read from the binary by debug/buildinfo.
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
}

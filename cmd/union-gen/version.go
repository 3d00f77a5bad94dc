package main

import (
	"runtime/debug"
	"strings"
)

// version is the release that this source is, or leads to: what a build
// without a module version of its own, from a clone with -buildvcs=false
// or from a copy without .git, calls itself, with "-devel". It is the
// version that examples/kubebuilder/Makefile's UNION_GEN_VERSION installs
// (TestVersionIsMakefiles).
const version = "v0.1.0"

// buildVersion is union-gen's version, as the build stamped it into the
// binary.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = &debug.BuildInfo{}
	}
	return versionOf(info)
}

// versionOf is the line that --version prints: "union-gen VERSION", and
// " (revision REV)", or " (revision REV, modified)" for uncommitted
// changes, where the build recorded the VCS revision. VERSION is the main
// module's: v0.1.0 from go install …@v0.1.0, a pseudo-version such as
// v0.0.0-20261127184059-397b3a93c7ac+dirty from go build in a git clone;
// where the build set none, "(devel)" as with -buildvcs=false or without
// .git, it is version with "-devel": v0.1.0-devel.
func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = version + "-devel"
	}
	var revision string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	var vcs []string
	if revision != "" {
		vcs = append(vcs, "revision "+revision)
	}
	if modified {
		vcs = append(vcs, "modified")
	}
	if len(vcs) > 0 {
		v += " (" + strings.Join(vcs, ", ") + ")"
	}
	return "union-gen " + v
}

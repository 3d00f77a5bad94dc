package main

import (
	"runtime/debug"
	"strings"
)

// version is union-gen's version, as the build stamped it into the binary.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "union-gen (unknown: built without module support)"
	}
	return versionOf(info)
}

// versionOf is the main module's version and, for a build from a clone, the
// VCS revision: "union-gen v0.1.0" from go install, "union-gen
// v0.0.0-20261127184059-397b3a93c7ac+dirty (revision 397b3a9…, modified)"
// from go build in a clone.
func versionOf(info *debug.BuildInfo) string {
	v := "union-gen " + info.Main.Version
	var vcs []string
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			vcs = append([]string{"revision " + s.Value}, vcs...)
		case s.Key == "vcs.modified" && s.Value == "true":
			vcs = append(vcs, "modified")
		}
	}
	if len(vcs) > 0 {
		v += " (" + strings.Join(vcs, ", ") + ")"
	}
	return v
}

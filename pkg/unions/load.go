package unions

import (
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// LoadTypeErrors type-checks the packages of patterns as go build does and
// returns their type errors, but those in
// files named outputFile, which the run replaces. gengo keeps the type errors
// of the packages it loads to itself, and its generators go on regardless;
// union-gen reports them. Packages that cannot be loaded at all are left to
// gengo, which fails on them.
func LoadTypeErrors(patterns []string, outputFile string) ([]TypeError, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var out []TypeError
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			if e.Kind != packages.TypeError {
				continue
			}
			pos := errorPos(e.Pos)
			if filepath.Base(pos.Filename) == outputFile {
				continue
			}
			out = append(out, TypeError{Pos: pos, Message: e.Msg})
		}
	}
	return out, nil
}

// errorPos reads the position of a packages.Error: "file:line:col",
// "file:line", or "-" where the type checker gave none.
func errorPos(s string) token.Position {
	rest, last, ok := cutNumber(s)
	if !ok {
		return token.Position{}
	}
	if file, line, ok := cutNumber(rest); ok {
		return token.Position{Filename: file, Line: line, Column: last}
	}
	return token.Position{Filename: rest, Line: last}
}

// cutNumber splits "a:n" at its last colon into a and the number n.
func cutNumber(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil
}

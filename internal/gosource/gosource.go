// Package gosource parses the Go files of a package as union-gen loads
// packages: gengo's types carry no positions and gengo reads package comments
// from doc.go only, so what needs either reads the files once more.
package gosource

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
)

// Parse parses, with their comments, the Go files of the package in dir that
// union-gen reads: those of the build tags, with cgo off, so that the output
// does not depend on the machine. With cgoFiles it parses instead the files
// that import "C", which union-gen does not read. A file that cannot be read
// is left out: gengo has loaded the package, so only what its syntax adds
// (positions, comments) is missing.
func Parse(fset *token.FileSet, dir string, buildTags []string, cgoFiles bool) []*ast.File {
	ctx := build.Default
	ctx.BuildTags = buildTags
	ctx.CgoEnabled = cgoFiles
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		return nil
	}
	names := bp.GoFiles
	if cgoFiles {
		names = bp.CgoFiles
	}
	var files []*ast.File
	for _, name := range names {
		if f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			files = append(files, f)
		}
	}
	return files
}

// Package gosource parses the Go files of a package as union-gen loads
// packages: gengo's types carry no positions and gengo reads package comments
// from doc.go only, so what needs either reads the files once more.
package gosource

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
)

// Parse parses, with their comments, the Go files of the package in dir that
// union-gen reads: those of the build tags, with cgo off, so that the output
// does not depend on the machine. With cgoFiles it parses instead the files
// that import "C", which union-gen does not read. A file that cannot be read
// is left out: gengo has loaded the package, so only what its syntax adds
// (positions, comments) is missing.
func Parse(fset *token.FileSet, dir string, buildTags []string, cgoFiles bool) []*ast.File {
	return parse(fset, dir, buildTags, cgoFiles, nil)
}

// ParseMentioning parses, as Parse does, only the files whose text contains
// text: reading a file costs little beside parsing it, so that a package
// without the text costs no parse.
func ParseMentioning(fset *token.FileSet, dir string, buildTags []string, text string) []*ast.File {
	return parse(fset, dir, buildTags, false, []byte(text))
}

func parse(fset *token.FileSet, dir string, buildTags []string, cgoFiles bool, mention []byte) []*ast.File {
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
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err != nil || mention != nil && !bytes.Contains(data, mention) {
			continue
		}
		if f, err := parser.ParseFile(fset, path, data, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			files = append(files, f)
		}
	}
	return files
}

// TypeDoc is a type spec's doc comment, or its declaration's for a lone
// spec (`// doc` above `type T struct`), as go/doc reads it.
func TypeDoc(gd *ast.GenDecl, ts *ast.TypeSpec) *ast.CommentGroup {
	if ts.Doc == nil && len(gd.Specs) == 1 {
		return gd.Doc
	}
	return ts.Doc
}

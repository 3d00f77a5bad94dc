package markers

import (
	"go/ast"
	"strings"
)

// PackageComments returns the lines of the comments of a file that
// controller-gen reads package markers (+groupName, +versionName) from: the
// package's doc comment and every other comment outside declarations, but for
// the doc comments of types, whose markers are the types'. Any file of a
// package may hold them, as kubebuilder's groupversion_info.go does.
func PackageComments(f *ast.File) []string {
	typeDocs := map[*ast.CommentGroup]bool{}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Doc != nil && len(gd.Specs) > 0 {
			if _, isType := gd.Specs[0].(*ast.TypeSpec); isType {
				typeDocs[gd.Doc] = true
			}
		}
	}
	var lines []string
	for _, c := range f.Comments {
		if typeDocs[c] || inDecl(f, c) {
			continue
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(c.Text(), "\n"), "\n")...)
	}
	return lines
}

// inDecl reports whether comment c is inside one of the file's declarations:
// on a struct's field or in a function's body, say.
func inDecl(f *ast.File, c *ast.CommentGroup) bool {
	for _, d := range f.Decls {
		if d.Pos() <= c.Pos() && c.End() <= d.End() {
			return true
		}
	}
	return false
}

// TagValue is the value of the first of lines that is "+name=value" with a
// value.
func TagValue(lines []string, name string) string {
	for _, l := range lines {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "+"+name+"="); ok && strings.TrimSpace(v) != "" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

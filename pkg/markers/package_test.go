package markers

import (
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestPackageComments: package markers are read where controller-gen reads
// them, in any file: the package's doc comment and free comments, and not a
// type's doc comment, a field's, or a comment in a function.
func TestPackageComments(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{
			name: "kubebuilder's groupversion_info.go",
			src: `// Package v1 contains API Schema definitions for the apps v1 API group.
// +kubebuilder:object:generate=true
// +groupName=apps.example.com
package v1

var GroupVersion = 1
`,
			want: []string{"Package v1 contains API Schema definitions for the apps v1 API group.", "+kubebuilder:object:generate=true", "+groupName=apps.example.com"},
		},
		{
			name: "free comments between declarations, and a variable's doc",
			src: `package v1

// +groupName=a.example.com

type T struct{}

// +versionName=v2
var V = 1
`,
			want: []string{"+groupName=a.example.com", "+versionName=v2"},
		},
		{
			name: "a type's doc, a field's, a block's and a function's are not",
			src: `package v1

// +groupName=type.example.com
type T struct {
	// +groupName=field.example.com
	F int
}

type (
	// +groupName=spec.example.com
	U int
)

func f() {
	// +groupName=body.example.com
}
`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "x.go", tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			if got := PackageComments(f); !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTagValue(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  string
	}{
		{nil, ""},
		{[]string{"+groupName=example.com"}, "example.com"},
		{[]string{"  +groupName= example.com  "}, "example.com"},
		{[]string{"+groupName=", "+groupName=second.example.com"}, "second.example.com"},
		{[]string{"+groupName", "+groupNames=x", "groupName=x"}, ""},
		{[]string{"+versionName=v1", "+groupName=a", "+groupName=b"}, "a"},
	} {
		if got := TagValue(c.lines, "groupName"); got != c.want {
			t.Errorf("TagValue(%q) = %q, want %q", c.lines, got, c.want)
		}
	}
}

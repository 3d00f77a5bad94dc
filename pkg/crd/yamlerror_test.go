package crd

import (
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/union-gen/union-gen/pkg/report"
)

// TestYAMLError checks the lines of the YAML reader's errors, counted from 1
// in the document whether its scanner or its parser found them: where the
// reader names a construct it was reading ("while parsing a flow sequence"),
// the line where that construct starts.
func TestYAMLError(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		line int
		msg  string
	}{
		{"a: 1\n\tb: 2\n", 2, "found a tab character that violates indentation"},
		{"a: [\n", 2, "did not find expected node content"},
		{"a: 1\nb: 2\nc: [d\n", 3, "did not find expected ',' or ']'"},
		{"a: 1\nb: {c: d\n", 2, "did not find expected ',' or '}'"},
		{"a:\n  - b\n  c: d\n", 2, "did not find expected '-' indicator"},
		{"a: 1\n b: 2\n", 2, "mapping values are not allowed in this context"},
		{"a: *x\n", 1, "unknown anchor 'x' referenced"},
		{"a: 1\nb: \"c\n", 2, "found unexpected end of stream"},
		{"a:\n  b: 1\n c: 2\n", 3, "did not find expected key"},
	} {
		var n yaml.Node
		err := yaml.Unmarshal([]byte(tc.doc), &n)
		if err == nil {
			t.Errorf("%q: no error", tc.doc)
			continue
		}
		if line, msg := yamlError(err); line != tc.line || msg != tc.msg {
			t.Errorf("%q: line %d, %q; want line %d, %q (the reader said %q)", tc.doc, line, msg, tc.line, tc.msg, err)
		}
	}
}

// TestRepeatedKey checks that a repeated mapping key is an error at the key,
// counted from the file's first line: in a document after others, after a
// leading "---", and nested.
func TestRepeatedKey(t *testing.T) {
	for _, tc := range []struct {
		data, at, msg string
	}{
		{"# header\na: 1\n---\nb: 2\nc:\n  d: 1\n  d: 2\n", "crd.yaml:7:3",
			`not YAML: mapping key "d" already defined at line 6; remove one of the two, or leave the file out of --crd-paths`},
		{"---\napiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: g\nkind: Other\n", "crd.yaml:6:1",
			`not YAML: mapping key "kind" already defined at line 3; remove one of the two, or leave the file out of --crd-paths`},
	} {
		e := &editor{file: "crd.yaml"}
		if out := e.file1([]byte(tc.data)); string(out) != tc.data {
			t.Errorf("%q: the file is changed:\n%s", tc.data, out)
		}
		if len(e.problems) != 1 {
			t.Errorf("%q: problems %v, want one", tc.data, e.problems)
			continue
		}
		if p := e.problems[0]; p.Pos.String() != tc.at || p.Rule != report.NotYAML || p.Message != tc.msg {
			t.Errorf("%q: %s: %s [%s]; want %s: %s [%s]", tc.data, p.Pos, p.Message, p.Rule, tc.at, tc.msg, report.NotYAML)
		}
	}
}

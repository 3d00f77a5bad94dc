package crd

import (
	"testing"

	"go.yaml.in/yaml/v3"
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

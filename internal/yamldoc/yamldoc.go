// Package yamldoc reads union-gen's own YAML files strictly, with the lines
// of their entries for the problems about them.
package yamldoc

import (
	"bytes"
	"io"

	"go.yaml.in/yaml/v3"
)

// Decode decodes data into v, refusing fields that v's types do not have
// and data without a document, and returns the document's root node, whose
// nodes have the lines and columns of the entries. The nodes come from a
// second decoding: a node's Decode would not refuse unknown fields.
func Decode(data []byte, v any) (*yaml.Node, error) {
	decoder := yaml.NewDecoder(bytes.NewReader(data))
	decoder.KnownFields(true)
	if err := decoder.Decode(v); err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return nil, io.EOF // which the first decoding returns first
	}
	return doc.Content[0], nil
}

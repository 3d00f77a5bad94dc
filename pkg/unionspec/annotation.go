package unionspec

import (
	"bytes"
	"strings"
)

// Annotation is the annotation of the MutatingAdmissionPolicy that union-gen
// writes beside a CRD: its value is the JSON of the kind's Schema. The policy
// backend writes it and pkg/unstructuredunions reads it.
const Annotation = "union-gen.io/schema"

// Documents splits a file of YAML documents, each after a line "---" as
// union-gen writes its policy files, dropping empty ones.
func Documents(data []byte) [][]byte {
	var docs [][]byte
	for _, doc := range bytes.Split(bytes.TrimPrefix(data, []byte("---\n")), []byte("\n---\n")) {
		if len(bytes.TrimSpace(doc)) > 0 {
			docs = append(docs, doc)
		}
	}
	return docs
}

// EscapePointer escapes a property name as a JSON pointer segment (RFC 6901),
// as the policy's patches and pkg/unstructuredunions' patches both do.
func EscapePointer(name string) string {
	return pointerEscaper.Replace(name)
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

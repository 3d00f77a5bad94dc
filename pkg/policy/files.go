package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Suffix replaces a CRD file's extension to name its policy file.
const Suffix = ".unions-policy.yaml"

// File is a policy file and its new content.
type File struct {
	Path string
	Data []byte
	// Remove is set for a policy file of union-gen's with nothing left to
	// hold.
	Remove bool
}

// Files returns the policy files of the CRD files that change or go, in
// version, one of Versions or None: a policy file beside each CRD file
// holds the policies of its targets (Write), but never replaces a file that
// union-gen did not write. With any error, no file is returned.
func Files(crds []backend.CRDFile, version string) ([]File, report.Problems) {
	w := &files{policyOf: map[string]string{}, nameOf: map[string][]string{}}
	var out []File
	for _, c := range crds {
		data, names := w.policies(c, version)
		out = append(out, w.file(c, data, names)...)
	}
	if w.problems.HasErrors() {
		return nil, w.problems
	}
	return out, w.problems
}

// files are the policy files of a run, each of one CRD file, as each
// policy name is.
type files struct {
	policyOf map[string]string   // policy file to the CRD file it is of
	nameOf   map[string][]string // policy name to the CRD files it is of
	problems report.Problems
}

func (w *files) errorf(pos token.Position, subject, format string, args ...any) {
	w.problems = append(w.problems, report.Problem{Pos: pos, Subject: subject, Rule: report.PolicyFile, Message: fmt.Sprintf(format, args...)})
}

// policies are the policies of a CRD file's targets, as YAML documents,
// and their names; none in version None.
func (w *files) policies(c backend.CRDFile, version string) (data []byte, names []string) {
	if version == None {
		return nil, nil
	}
	for _, t := range c.Targets {
		if errs := validation.IsDNS1123Subdomain(t.Resource.Name()); len(errs) > 0 {
			w.errorf(t.Annotations, t.Subject, "the policy's name %s, made of the CRD's plural, group, version and %s annotation, is no valid object name: %s; fix the annotation",
				t.Resource.Name(), backend.FeatureSetAnnotation, strings.Join(errs, "; "))
			continue
		}
		policy, err := Write(t.Resource, t.Schema, version)
		if err != nil {
			w.problems = append(w.problems, report.Problem{Pos: t.At, Subject: t.Subject, Rule: report.CELSize,
				Message: fmt.Sprintf("%v: the unions of %s have too many enum values or members for one; leave this kind out of --crd-paths", err, t.TypeName)})
			continue
		}
		if policy != nil {
			data, names = append(data, policy...), append(names, t.Resource.Name())
		}
	}
	return data, names
}

// file returns the policy file of CRD file c, holding policies (named
// names), to write or remove; never one that union-gen did not write, nor
// another CRD file's.
func (w *files) file(c backend.CRDFile, policies []byte, names []string) []File {
	policyFile := strings.TrimSuffix(c.Path, filepath.Ext(c.Path)) + Suffix
	if len(policies) == 0 {
		if have, err := os.ReadFile(policyFile); c.Matched && err == nil && ownFile(have) {
			return []File{{Path: policyFile, Remove: true}}
		}
		return nil
	}
	at := token.Position{Filename: c.Path, Line: 1, Column: 1}
	if other, ok := w.policyOf[policyFile]; ok {
		w.errorf(at, "", "the policies of this file and of %s would both be written to %s: rename one of the two", other, policyFile)
		return nil
	}
	w.policyOf[policyFile] = c.Path
	for _, name := range names {
		// The CRDs of different directories are of different variants
		// (release channels), of which a cluster installs one.
		for _, other := range w.nameOf[name] {
			if filepath.Dir(other) == filepath.Dir(c.Path) {
				w.errorf(at, "", "the policies of this file and of %s would both be named %s, and one would replace the other in a cluster: give the two CRDs different %s annotations, or leave one out of --crd-paths", other, name, backend.FeatureSetAnnotation)
			}
		}
		w.nameOf[name] = append(w.nameOf[name], c.Path)
	}
	have, err := os.ReadFile(policyFile)
	switch {
	case err == nil && !ownFile(have):
		w.errorf(token.Position{Filename: policyFile, Line: 1, Column: 1}, "", "union-gen writes the policies of %s here, but this file is not union-gen's: move it, or rename the CRD file", c.Path)
	case err != nil && !os.IsNotExist(err):
		// A directory, say: not a file that union-gen wrote.
		w.errorf(token.Position{Filename: policyFile}, "", "union-gen writes the policies of %s here, but cannot read what is there (%v): move it, or rename the CRD file", c.Path, err)
	case !bytes.Equal(have, policies):
		return []File{{Path: policyFile, Data: policies}}
	}
	return nil
}

// document is what ownFile reads of each document of a policy file.
type document struct {
	Kind     string `json:"kind"`
	Metadata struct {
		Name        string            `json:"name"`
		Annotations map[string]string `json:"annotations"`
	} `json:"metadata"`
}

// ownFile reports whether data is a policy file as Write and Files write
// it: policies, each named once and carrying a schema that verifies in
// unionspec.Annotation, their bindings, and nothing else. A file that a user
// edited to hold any other document is not union-gen's, and is never
// replaced.
func ownFile(data []byte) bool {
	policies := map[string]bool{}
	for _, doc := range unionspec.Documents(data) {
		var d document
		if sigsyaml.Unmarshal(doc, &d) != nil {
			return false
		}
		switch d.Kind {
		case "MutatingAdmissionPolicyBinding":
		case "MutatingAdmissionPolicy":
			if policies[d.Metadata.Name] || !verifies(d.Metadata.Annotations[unionspec.Annotation]) {
				return false
			}
			policies[d.Metadata.Name] = true
		default:
			return false
		}
	}
	return len(policies) > 0
}

// verifies reports whether an annotation's value is a schema that verifies.
func verifies(schemaJSON string) bool {
	var s unionspec.Schema
	return json.Unmarshal([]byte(schemaJSON), &s) == nil && s.Verify() == nil
}

package crd_test

import (
	"os"
	"strings"
	"testing"
)

// FuzzEditDocuments edits the example CRD between other YAML documents, any
// text, with any line that starts a document between them. Whatever the
// text, Edit does not panic and positions its problems in the file. Where it
// edits, the documents before and after the CRD are kept byte for byte, and
// editing the result again changes nothing.
func FuzzEditDocuments(f *testing.F) {
	crdText, err := os.ReadFile(controllerGen)
	if err != nil {
		f.Fatal(err)
	}
	configMap := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n"
	f.Add("", "--- # the settings\n"+configMap)
	f.Add(configMap, "--- !!map\n"+configMap)
	f.Add("# a comment only\n", "---\n...\n")
	f.Add("a: [\n", "")
	f.Add("", "---\r\n"+configMap)
	f.Add("--- |\n  a literal document\n", "--- {a: 1}\n")
	f.Add("", "---\nkind: CustomResourceDefinition\napiVersion: apiextensions.k8s.io/v1\n")
	f.Fuzz(func(t *testing.T, before, after string) {
		// The CRD is a document of its own: its "---" starts a line, and
		// so does the one that ends it, followed by a space or the line's
		// end (where "---x" is text of the CRD's last value).
		if before != "" && !strings.HasSuffix(before, "\n") {
			before += "\n"
		}
		if rest, ok := strings.CutPrefix(after, "---"); after != "" && (!ok || rest != "" && !strings.ContainsAny(rest[:1], " \t\r\n")) {
			after = "---\n" + after
		}
		content := before + string(crdText) + after
		files, problems, file := edit(t, content, "")
		for _, p := range problems {
			if p.Pos.Filename != file || p.Pos.Line < 1 || p.Pos.Line > strings.Count(content, "\n")+1 {
				t.Fatalf("problem not positioned in the file: %v", p)
			}
		}
		if problems.HasErrors() {
			return
		}
		got, policy := edited(t, files, file)
		if got == "" {
			return // nothing of the input kind to edit, for instance
		}
		if !strings.HasPrefix(got, before) || !strings.HasSuffix(got, after) {
			t.Fatalf("the documents around the CRD changed:\n%s", got)
		}
		again, problems, file := edit(t, got, policy)
		if problems.HasErrors() {
			t.Fatalf("the edited file has problems: %v", problems)
		}
		if len(again) != 0 {
			result, _ := edited(t, again, file)
			t.Fatalf("editing the result again changed it:\n%s", result)
		}
	})
}

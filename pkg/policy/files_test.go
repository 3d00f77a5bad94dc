package policy

import "testing"

// TestOwnFile: a file of policies, each named once with a schema that
// verifies, and their bindings is union-gen's; a file with any other
// document, with no policy, with a policy twice or with a schema that does
// not verify is not, and is never replaced.
func TestOwnFile(t *testing.T) {
	policyNamed := func(name, schema string) string {
		return "---\nkind: MutatingAdmissionPolicy\nmetadata:\n  name: " + name + "\n  annotations:\n    union-gen.io/schema: '" + schema + "'\n"
	}
	policy := policyNamed("p", `{"root": "R", "structs": {"R": {}}}`)
	binding := "---\nkind: MutatingAdmissionPolicyBinding\nmetadata:\n  name: p\n"
	for data, want := range map[string]bool{
		policy + binding: true,
		policy + binding + policyNamed("q", `{"root": "R", "structs": {"R": {}}}`): true,
		policy + binding + "---\nkind: ConfigMap\n":                                false,
		policy + policy: false,
		policyNamed("p", `{"root": "S", "structs": {"R": {}}}`):      false,
		policyNamed("p", `not JSON`):                                 false,
		"---\nkind: MutatingAdmissionPolicy\nmetadata:\n  name: p\n": false,
		binding:    false,
		"# mine\n": false,
		"":         false,
	} {
		if got := ownFile([]byte(data)); got != want {
			t.Errorf("ownFile(%q) = %t, want %t", data, got, want)
		}
	}
}

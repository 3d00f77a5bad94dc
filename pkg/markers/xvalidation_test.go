package markers

import "testing"

func TestXValidationRule(t *testing.T) {
	tests := []struct {
		line string
		rule string
		ok   bool
	}{
		{`+kubebuilder:validation:XValidation:rule="self.type == 'A' ? has(self.a) : !has(self.a)",message="a is required when type is A"`, `self.type == 'A' ? has(self.a) : !has(self.a)`, true},
		{" +kubebuilder:validation:XValidation:rule=`has(self.type) && self.type == \"A\"`,message=\"m\"", `has(self.type) && self.type == "A"`, true},
		// The message first, with a comma and "rule=" in it.
		{`+kubebuilder:validation:XValidation:message="a, rule=x",rule="!has(self.a) || !has(self.b)"`, `!has(self.a) || !has(self.b)`, true},
		{`+kubebuilder:validation:XValidation:rule="self.name.matches(\"^[a-z]+$\")", message="m"`, `self.name.matches("^[a-z]+$")`, true},
		{`+kubebuilder:validation:XValidation:message="m",rule=self.a`, "", false},
		{`+kubebuilder:validation:XValidation:rule="self.a`, "", false},
		{`+kubebuilder:validation:XValidation:message="no rule"`, "", false},
		{`+kubebuilder:validation:Enum=A;B`, "", false},
		{`rule="self.a"`, "", false},
	}
	for _, tc := range tests {
		rule, ok := XValidationRule(tc.line)
		if rule != tc.rule || ok != tc.ok {
			t.Errorf("XValidationRule(%q) = %q, %t; want %q, %t", tc.line, rule, ok, tc.rule, tc.ok)
		}
	}
}

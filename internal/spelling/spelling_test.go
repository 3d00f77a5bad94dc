package spelling

import "testing"

func TestNearest(t *testing.T) {
	flags := []string{"crd-paths", "crd-rules", "output-file"}
	for _, tc := range []struct{ name, want string }{
		{"crd-path", "crd-paths"},
		{"CRD-Rule", "crd-rules"},
		{"outputfile", "output-file"},
		{"ratchet", ""},
	} {
		if got := Nearest(tc.name, flags, nil); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := Nearest("unionMemebr", []string{"k8s:unionMember"}, func(s string) string { return s[len("k8s:"):] }); got != "k8s:unionMember" {
		t.Errorf("with a key: got %q", got)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"enum", "enmu", 1}, {"enum", "nemu", 2}, {"kitten", "sitting", 3}, {"ca", "abc", 3},
		{"unionmember", "unionmember", 0}, {"unionmemeber", "unionmember", 1}, {"union", "unionmember", 6},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

package inject

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestHostileStringsSurvive runs the generated methods: the hostile values
// and names must come back exactly, in paths, messages and valid values.
func TestHostileStringsSurvive(t *testing.T) {
	s := "set"
	in := &Hostile{Kind: KindLineComment, CommentEnd: &s}
	errs := in.ValidateUnions(nil, field.NewPath("root"))
	if len(errs) != 2 {
		t.Fatalf("got %v, want a Required for // y and a Forbidden for end*/x", errs)
	}
	if errs[0].Field != `root.end*/x` || errs[0].Type != field.ErrorTypeForbidden ||
		!strings.Contains(errs[0].Detail, `k*/ind is "*/"`) {
		t.Errorf("first error = %#v", errs[0])
	}
	if errs[1].Field != "root.// y" || errs[1].Type != field.ErrorTypeRequired ||
		!strings.Contains(errs[1].Detail, `k*/ind is "//x"`) {
		t.Errorf("second error = %#v", errs[1])
	}

	for _, valid := range []Kind{KindQuote, KindBacktick, KindNewline, KindSeparator, KindPlain} {
		if errs := (&Hostile{Kind: valid}).ValidateUnions(nil, nil); errs != nil {
			t.Errorf("%q is an empty member, got %v", valid, errs)
		}
	}
	errs = (&Hostile{Kind: KindLong, Unicode: &s}).ValidateUnions(nil, nil)
	if len(errs) != 2 || errs[0].Field != "ünï" || !strings.Contains(errs[1].Detail, string(KindLong)) {
		t.Errorf("got %v, want a Forbidden for ünï and a Required naming the long value", errs)
	}

	errs = (&Hostile{Kind: "bogus"}).ValidateUnions(nil, nil)
	if len(errs) != 1 || errs[0].Field != `k*/ind` || !strings.Contains(errs[0].Detail, `"line1\nline2 */ // not a comment"`) {
		t.Errorf("got %v, want NotSupported listing every value quoted", errs)
	}

	old := &Hostile{Kind: KindCommentEnd, CommentEnd: &s}
	switched := &Hostile{Kind: KindUnicode, CommentEnd: &s, Unicode: &s}
	switched.NormalizeUnions(old)
	if switched.CommentEnd != nil || switched.ValidateUnions(old, nil) != nil {
		t.Errorf("switching from */ to ünïcode did not clear the stale member: %+v", switched)
	}
}

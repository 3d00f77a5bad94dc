package markers

import (
	"strings"
	"testing"
	"unicode"
)

// FuzzMarkers feeds arbitrary comment blocks to the marker grammar. Whatever
// the input, it must not panic, every error must point at a line of the
// block and name its rule, and a value it accepts must be safe to print in Go
// source.
func FuzzMarkers(f *testing.F) {
	for _, seed := range []string{
		"+unionDiscriminator",
		"+unionMember",
		"+unionMember=ALPHA",
		"+unionMember,optional",
		"+unionMember=BETA,optional\n+optional",
		"+unionDiscriminatedBy=Union1",
		"Type selects.\n+unionDiscriminator\n+default=\"Recreate\"\n+required",
		"+listType=map\n+listMapKey=name",
		"+unionMember=\n+unionMember=A,\n+unionMember(A)\n+unionMember=A, optional",
		"+unionMemeber\n+uniondiscriminator\n+unionDiscriminatedby=x",
		"+unionMember=\"A\"\n+unionMember=`A`\n+unionMember=a*/b",
		"+enum\n+union\n+unionDeprecated",
		"+unionMember=ünï\x00\u2028",
		"  +  unionMember  ",
		"+",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		lines := strings.Split(text, "\n")
		fm, errs := ParseField(lines)
		for _, e := range errs {
			if e.Line < 0 || e.Line >= len(lines) || e.Message == "" || e.Rule == "" {
				t.Fatalf("ParseField(%q): error %+v does not point at a line or has no rule", lines, e)
			}
		}
		for marker, line := range fm.Lines {
			if line < 0 || line >= len(lines) || !strings.Contains(lines[line], "+"+marker) {
				t.Fatalf("ParseField(%q): +%s is on line %d", lines, marker, line)
			}
		}
		if fm.Member != nil {
			checkSafeValue(t, fm.Member.Value)
		}
		checkSafeValue(t, fm.DiscriminatedBy)
		// Build skips the structs without union markers: whatever ParseField
		// would find or reject, HasUnionMarker must see.
		if (fm.Discriminator || fm.Member != nil || fm.DiscriminatedBy != "" || len(errs) > 0) && !HasUnionMarker(lines) {
			t.Fatalf("HasUnionMarker(%q) = false, but ParseField finds %+v, %v", lines, fm, errs)
		}

		_, typeErrs := ParseType(lines)
		for _, e := range typeErrs {
			if e.Line < 0 || e.Line >= len(lines) || e.Message == "" || e.Rule == "" {
				t.Fatalf("ParseType(%q): error %+v does not point at a line or has no rule", lines, e)
			}
		}
	})
}

// checkSafeValue fails when an accepted marker value could break out of the
// string literal or comment it is printed in.
func checkSafeValue(t *testing.T, v string) {
	t.Helper()
	if strings.ContainsAny(v, "\"'`,") || strings.IndexFunc(v, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}) >= 0 {
		t.Fatalf("accepted marker value %q has quotes, commas, spaces or control characters", v)
	}
}

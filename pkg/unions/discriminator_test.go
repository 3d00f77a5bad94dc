package unions

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// onlyUnion returns the one union of the model, failing t on errors or
// another count.
func onlyUnion(t *testing.T, model *Model, problems report.Problems) *Union {
	t.Helper()
	if problems.HasErrors() {
		t.Fatalf("unexpected errors:\n%v", problems)
	}
	var all []*Union
	for _, plan := range model.Plans {
		all = append(all, plan.Unions...)
	}
	if len(all) != 1 {
		t.Fatalf("got %d unions, want 1", len(all))
	}
	return all[0]
}

// TestOptionalDiscriminator checks V1 for a discriminator whose values lack
// "" (docs/semantics.md V1): an optional one may be absent, which selects
// no member, so that a set member is forbidden and nothing is Required; a
// required one (+required, whichever marker says it, wins over omitempty)
// is Required when absent. The CRD's enum lists "" only where V1 reports it
// Required, or where it is a value.
func TestOptionalDiscriminator(t *testing.T) {
	const enum = `package apis

// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

// +enum
type WithNone string

const (
	WithNoneEmpty WithNone = ""
	WithNoneA     WithNone = "A"
)

`
	tests := []struct {
		name, src string
		// required: V1 reports an absent discriminator Required.
		required  bool
		selecting []string
		// writesEmpty: encoding/json writes "" for an unset discriminator.
		writesEmpty bool
	}{
		{"+optional and omitempty", "// +optional\n\tKind Kind `json:\"kind,omitempty\"`", false, []string{"", "A", "B"}, false},
		{"omitempty alone", "Kind Kind `json:\"kind,omitempty\"`", false, []string{"", "A", "B"}, false},
		// encoding/json writes "" for it, which the CRD's enum lets through.
		{"+optional alone", "// +optional\n\tKind Kind `json:\"kind\"`", false, []string{"", "A", "B"}, true},
		{"+optional pointer without omitempty", "// +optional\n\tKind *Kind `json:\"kind\"`", false, []string{"", "A", "B"}, false},
		{"no marker", "Kind Kind `json:\"kind\"`", true, []string{"A", "B"}, true},
		{"+required and omitempty", "// +required\n\tKind Kind `json:\"kind,omitempty\"`", true, []string{"A", "B"}, false},
		{"+k8s:required and omitempty", "// +k8s:required\n\tKind Kind `json:\"kind,omitempty\"`", true, []string{"A", "B"}, false},
		{"+kubebuilder:validation:Required and omitempty", "// +kubebuilder:validation:Required\n\tKind Kind `json:\"kind,omitempty\"`", true, []string{"A", "B"}, false},
		{"optional pointer", "// +optional\n\tKind *Kind `json:\"kind,omitempty\"`", false, []string{"", "A", "B"}, false},
		{"required pointer", "// +required\n\tKind *Kind `json:\"kind\"`", true, []string{"A", "B"}, false},
		{"optional with a \"\" value", "// +optional\n\tKind WithNone `json:\"kind,omitempty\"`", false, []string{"", "A"}, false},
		{"required with a \"\" value", "// +required\n\tKind WithNone `json:\"kind\"`", false, []string{"", "A"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := enum + "type Choice struct {\n\t// +unionDiscriminator\n\t" + tt.src + "\n\t// +unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n"
			model, problems := buildModule(t, src)
			u := onlyUnion(t, model, problems)
			required := slices.ContainsFunc(u.Rules.Checks, func(c *unionspec.Check) bool {
				return c.Field == "kind" && c.Error == unionspec.ErrorRequired
			})
			if required != tt.required {
				t.Errorf("absent discriminator Required = %t, want %t", required, tt.required)
			}
			// Absent, the discriminator selects no member unless V1
			// rejects it: a set member is forbidden.
			forbidden := slices.ContainsFunc(u.Rules.Checks, func(c *unionspec.Check) bool {
				return c.Field == "a" && c.Error == unionspec.ErrorForbidden &&
					!c.When.Simplify(unionspec.Known{Update: new(false), Discriminator: []string{""}}).Is(false)
			})
			if forbidden == tt.required {
				t.Errorf("member set with the discriminator absent Forbidden = %t, want %t", forbidden, !tt.required)
			}
			if got := u.Rules.Selecting; !slices.Equal(got, tt.selecting) {
				t.Errorf("Rules.Selecting = %q, want %q", got, tt.selecting)
			}
			if u.WritesEmpty != tt.writesEmpty {
				t.Errorf("WritesEmpty = %t, want %t", u.WritesEmpty, tt.writesEmpty)
			}
		})
	}
}

// TestPointerDiscriminator checks that every dialect takes a pointer to a
// string type for a discriminator, nil being absent, and none a pointer to
// another type.
func TestPointerDiscriminator(t *testing.T) {
	tests := []struct {
		name, src string
		// problem is the rule of the one problem expected, "" for none.
		problem report.ID
	}{
		{"KEP-1027, pointer to an enum", "type Choice struct {\n\t// +unionDiscriminator\n\t// +optional\n\tKind *Kind `json:\"kind,omitempty\"`\n\t// +unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n", ""},
		{"KEP-1027, pointer to string", "type Choice struct {\n\t// +unionDiscriminator\n\t// +optional\n\tKind *string `json:\"kind,omitempty\"`\n\t// +unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n", report.NotString},
		{"KEP-1027, pointer to a number", "type Choice struct {\n\t// +unionDiscriminator\n\t// +optional\n\tKind *int `json:\"kind,omitempty\"`\n\t// +unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n", report.NotString},
		{"KEP-1027, pointer to a pointer", "type Choice struct {\n\t// +unionDiscriminator\n\t// +optional\n\tKind **Kind `json:\"kind,omitempty\"`\n\t// +unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n", report.NotString},
		{"validation-gen, pointer to string", "type Choice struct {\n\t// +k8s:unionDiscriminator\n\t// +kubebuilder:validation:Enum=A;B\n\t// +optional\n\tKind *string `json:\"kind,omitempty\"`\n\t// +k8s:unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n", ""},
		{"validation-gen, pointer to a number", "type Choice struct {\n\t// +k8s:unionDiscriminator\n\t// +optional\n\tKind *int `json:\"kind,omitempty\"`\n\t// +k8s:unionMember\n\t// +optional\n\tA *int `json:\"a,omitempty\"`\n}\n", report.NotString},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package apis\n\n// +enum\ntype Kind string\n\nconst (\n\tKindA Kind = \"A\"\n\tKindB Kind = \"B\"\n)\n\n" + tt.src
			model, problems := buildModule(t, src)
			if tt.problem != "" {
				if len(problems) != 1 || problems[0].Rule != tt.problem {
					t.Errorf("problems = %v, want one of rule %s", problems, tt.problem)
				}
				return
			}
			u := onlyUnion(t, model, problems)
			if got := u.Rules.Selecting; !slices.Equal(got, []string{"", "A", "B"}) {
				t.Errorf("Rules.Selecting = %q, want a nil discriminator to select no member", got)
			}
		})
	}
}

// TestInferredMembers checks the members of a discriminator of KEP-1027's
// markers in a struct without member markers: the optional fields whose
// Go name, or else JSON name, is a valid value, or else either ignoring
// case, each required when selected, with a warning that names them, or one
// that says there are none.
func TestInferredMembers(t *testing.T) {
	const enum = `package apis

// +enum
type Kind string

const (
	KindGit   Kind = "Git"
	KindImage Kind = "image"
	KindNone  Kind = "None"
	KindGRPC  Kind = "GRPC"
)

// +enum
type Other string

const OtherGit Other = "Git"

`
	field := func(goName, json string, markers ...string) string {
		var b strings.Builder
		for _, m := range markers {
			b.WriteString("\t// " + m + "\n")
		}
		fmt.Fprintf(&b, "\t%s *string `json:%q`\n", goName, json)
		return b.String()
	}
	disc := "\t// +unionDiscriminator\n\tKind Kind `json:\"kind\"`\n"
	tests := []struct {
		name   string
		fields string
		// members are the members of the first union, as "GoName=value".
		members []string
		rules   []report.ID
	}{
		{"by Go name and JSON name", disc + field("Git", "git,omitempty") + field("Image", "image,omitempty") + field("Name", "name,omitempty"),
			[]string{"Git=Git", "Image=image"}, []report.ID{report.InferredMembers}},
		{"required fields are no members", disc + field("Git", "git") + field("Image", "image,omitempty", "+required"),
			nil, []report.ID{report.NoMembers}},
		{"+optional without omitempty", disc + field("Git", "git", "+optional"),
			[]string{"Git=Git"}, []report.ID{report.InferredMembers}},
		{"the first field of a value", disc + field("Image", "picture,omitempty") + field("Picture", "image,omitempty"),
			[]string{"Picture=image"}, []report.ID{report.InferredMembers}},
		{"ignoring case, after the exact names", disc + field("Grpc", "grpc,omitempty") + field("Pic", "IMAGE,omitempty") + field("Picture", "image,omitempty"),
			[]string{"Picture=image", "Grpc=GRPC"}, []report.ID{report.InferredMembers}},
		{"no field named by a value", disc + field("Name", "name,omitempty"),
			nil, []report.ID{report.NoMembers}},
		{"member markers: nothing inferred", disc + field("Git", "git,omitempty") + field("Image", "image,omitempty", "+unionMember=image", "+optional"),
			[]string{"Image=image"}, nil},
		{"a field of another dialect's markers", disc + field("Git", "git,omitempty", "+k8s:zeroOrOneOfMember") + field("Image", "image,omitempty"),
			[]string{"Image=image"}, []report.ID{report.InferredMembers}},
		{"two discriminators: a field is inferred once", disc + "\t// +unionDiscriminator\n\tOther Other `json:\"other\"`\n" + field("Git", "git,omitempty"),
			[]string{"Git=Git"}, []report.ID{report.InferredMembers, report.NoMembers}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model, problems := buildModule(t, enum+"type Source struct {\n"+tt.fields+"}\n")
			var got []report.ID
			for _, p := range problems {
				if !p.Warning {
					t.Errorf("unexpected error: %v", p)
				}
				got = append(got, p.Rule)
			}
			if !slices.Equal(got, tt.rules) {
				t.Errorf("problems = %v, want rules %q", problems, tt.rules)
			}
			var members []string
			for _, plan := range model.Plans {
				for _, m := range plan.Unions[0].Members {
					if len(m.Values) != 1 || !slices.Equal(m.Required, m.Values) {
						t.Errorf("member %s: values %q, required in %q: want a member selected by a value and required when selected", m.GoName, m.Values, m.Required)
					}
					members = append(members, m.GoName+"="+strings.Join(m.Values, "|"))
				}
			}
			if !slices.Equal(members, tt.members) {
				t.Errorf("members = %q, want %q", members, tt.members)
			}
		})
	}
}

// TestImplicitValues: an implicit member of KEP-1027 2019's +union struct
// whose Go name is no value is selected by its JSON name, else by either
// name ignoring case (openshift/api's ImagePolicy), else by the one value
// that its JSON name starts with (k8s.io/api's SeccompProfile, with a
// warning); a value that another member took leaves it out.
func TestImplicitValues(t *testing.T) {
	const enum = `package apis

// +enum
type Policy string

const (
	PolicyExact     Policy = "ExactRepository"
	PolicyRemap     Policy = "RemapIdentity"
	PolicyLocalhost Policy = "Localhost"
	PolicyNone      Policy = "None"
)

`
	field := func(goName, json string) string {
		return fmt.Sprintf("\t// +optional\n\t%s *string `json:%q`\n", goName, json+",omitempty")
	}
	disc := "\t// +unionDiscriminator\n\tPolicy Policy `json:\"policy\"`\n"
	tests := []struct {
		name    string
		fields  string
		members []string
		rules   []report.ID
	}{
		{"JSON names ignoring case", disc + field("Exact", "exactRepository") + field("Remap", "remapIdentity"),
			[]string{"Exact=ExactRepository", "Remap=RemapIdentity"}, nil},
		{"the value a JSON name starts with", disc + field("LocalhostProfile", "localhostProfile"),
			[]string{"LocalhostProfile=Localhost"}, []report.ID{report.PrefixValue}},
		{"a value another member took", disc + field("Localhost", "localhost") + field("LocalhostProfile", "localhostProfile"),
			[]string{"Localhost=Localhost"}, []report.ID{report.Unselectable}},
		{"no value", disc + field("Path", "path"),
			nil, []report.ID{report.Unselectable}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model, problems := buildModule(t, enum+"// +union\ntype Identity struct {\n"+tt.fields+"}\n")
			var got []report.ID
			for _, p := range problems {
				if !p.Warning {
					t.Errorf("unexpected error: %v", p)
				}
				if p.Rule != report.GuessedValues {
					got = append(got, p.Rule)
				}
			}
			if !slices.Equal(got, tt.rules) {
				t.Errorf("problems = %v, want rules %q", problems, tt.rules)
			}
			var members []string
			for _, plan := range model.Plans {
				for _, m := range plan.Unions[0].Members {
					members = append(members, m.GoName+"="+strings.Join(m.Values, "|"))
				}
			}
			if !slices.Equal(members, tt.members) {
				t.Errorf("members = %q, want %q", members, tt.members)
			}
		})
	}
}

package markers

import (
	"reflect"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

func TestParseField(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  FieldMarkers
		// errs are substrings of the expected errors, with their line index.
		errs map[int]string
	}{
		{
			name:  "no markers",
			lines: []string{"Type of deployment.", "", "More text with a + sign."},
			want:  FieldMarkers{Lines: map[string]int{}},
		},
		{
			name:  "discriminator",
			lines: []string{"Type selects.", "+unionDiscriminator", "+required"},
			want:  FieldMarkers{Discriminator: true, Required: true, Lines: map[string]int{DiscriminatorMarker: 1}},
		},
		{
			name:  "discriminator with default",
			lines: []string{"+unionDiscriminator", `+default="RollingUpdate"`, "+optional"},
			want: FieldMarkers{Discriminator: true, Optional: true, Default: ptr(`"RollingUpdate"`),
				Lines: map[string]int{DiscriminatorMarker: 0, DefaultMarker: 1}},
		},
		{
			name:  "member",
			lines: []string{"+unionMember", "+optional"},
			want:  FieldMarkers{Member: &MemberOptions{}, Optional: true, Lines: map[string]int{MemberMarker: 0}},
		},
		{
			name:  "member with value",
			lines: []string{"+unionMember=ALPHA"},
			want:  FieldMarkers{Member: &MemberOptions{Value: "ALPHA"}, Lines: map[string]int{MemberMarker: 0}},
		},
		{
			name:  "optional member",
			lines: []string{"+unionMember,optional"},
			want:  FieldMarkers{Member: &MemberOptions{Optional: true}, Lines: map[string]int{MemberMarker: 0}},
		},
		{
			name:  "optional member with value",
			lines: []string{"  +unionMember=BETA,optional  ", "+k8s:optional"},
			want:  FieldMarkers{Member: &MemberOptions{Value: "BETA", Optional: true}, Optional: true, Lines: map[string]int{MemberMarker: 0}},
		},
		{
			name:  "discriminated by",
			lines: []string{"+unionMember", "+unionDiscriminatedBy=Union1"},
			want: FieldMarkers{Member: &MemberOptions{}, DiscriminatedBy: "Union1",
				Lines: map[string]int{MemberMarker: 0, DiscriminatedByMarker: 1}},
		},
		{
			name:  "list map",
			lines: []string{"+listType=map", "+listMapKey=name", "+listMapKey=protocol"},
			want:  FieldMarkers{ListType: "map", ListMapKeys: []string{"name", "protocol"}, Lines: map[string]int{}},
		},
		{
			name:  "foreign markers are left alone",
			lines: []string{"+unionDeprecated", "+union", "+k8s:unionMember(union: a)", "+patchStrategy=retainKeys"},
			want:  FieldMarkers{Lines: map[string]int{}},
		},
		{
			name:  "unknown option",
			lines: []string{"+unionMember,optinal"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: `unknown option "optinal" in +unionMember,optinal; the only option is "optional"`},
		},
		{
			name:  "unknown option after value",
			lines: []string{"+unionMember=A,required"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: `unknown option "required"`},
		},
		{
			name:  "empty value",
			lines: []string{"+unionMember="},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: "empty value in +unionMember=; write +unionMember to use the Go field name"},
		},
		{
			name:  "empty option",
			lines: []string{"+unionMember=A,"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: "empty option"},
		},
		{
			name:  "repeated option",
			lines: []string{"+unionMember,optional,optional"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: `option "optional" is repeated`},
		},
		{
			name:  "space after comma",
			lines: []string{"+unionMember=A, optional"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: "unexpected space in +unionMember=A, optional"},
		},
		{
			name:  "space around equals",
			lines: []string{"+unionMember = A"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: "malformed +unionMember = A"},
		},
		{
			name:  "space in value",
			lines: []string{"+unionDiscriminatedBy=a b"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatedByMarker: 0}},
			errs:  map[int]string{0: "unexpected space in +unionDiscriminatedBy=a b"},
		},
		{
			name:  "quoted value",
			lines: []string{`+unionMember="ALPHA"`},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: "write the value without quotes"},
		},
		{
			name:  "parenthesized value",
			lines: []string{"+unionMember(ALPHA)"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{0: "malformed +unionMember(ALPHA): expected +unionMember, +unionMember=<value>"},
		},
		{
			name:  "discriminator with value",
			lines: []string{"+unionDiscriminator=true"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatorMarker: 0}},
			errs:  map[int]string{0: `+unionDiscriminator takes no value or option, found "=true"`},
		},
		{
			name:  "discriminated by without value",
			lines: []string{"+unionDiscriminatedBy"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatedByMarker: 0}},
			errs:  map[int]string{0: "malformed +unionDiscriminatedBy: expected +unionDiscriminatedBy=<field>"},
		},
		{
			name:  "option on discriminated by",
			lines: []string{"+unionDiscriminatedBy=Union1,optional"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatedByMarker: 0}},
			errs:  map[int]string{0: "unexpected comma in +unionDiscriminatedBy=Union1,optional; +unionDiscriminatedBy takes no option"},
		},
		{
			name:  "repeated marker",
			lines: []string{"+unionMember=A", "+optional", "+unionMember=B"},
			want:  FieldMarkers{Member: &MemberOptions{Value: "A"}, Optional: true, Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]string{2: "+unionMember is repeated"},
		},
		{
			name:  "misspelled markers",
			lines: []string{"+unionMemeber", "+uniondiscriminator", "+unionDiscriminatedby=X"},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs: map[int]string{
				0: "unknown marker +unionMemeber; did you mean +unionMember?",
				1: "unknown marker +uniondiscriminator; did you mean +unionDiscriminator?",
				2: "unknown marker +unionDiscriminatedby; did you mean +unionDiscriminatedBy?",
			},
		},
		{
			name:  "every error is reported",
			lines: []string{"+unionMember,foo", "+unionDiscriminator=x"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0, DiscriminatorMarker: 1}},
			errs:  map[int]string{0: "unknown option", 1: "takes no value"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := ParseField(tt.lines)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseField(%q) =\n%+v\nwant\n%+v", tt.lines, got, tt.want)
			}
			if len(errs) != len(tt.errs) {
				t.Fatalf("ParseField(%q) errors = %v, want %d errors", tt.lines, errs, len(tt.errs))
			}
			for _, err := range errs {
				if want, ok := tt.errs[err.Line]; !ok || !strings.Contains(err.Message, want) {
					t.Errorf("error on line %d = %q, want it to contain %q", err.Line, err.Message, want)
				}
			}
		})
	}
}

func TestParseType(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  TypeMarkers
		errs  []string
	}{
		{name: "enum", lines: []string{"UnionType selects.", "+enum"}, want: TypeMarkers{Enum: true}},
		{name: "not an enum", lines: []string{"A plain string.", "+genclient"}},
		{name: "enum in the detached comment", lines: []string{"  +enum  "}, want: TypeMarkers{Enum: true}},
		{name: "union marker on a type", lines: []string{"+unionDiscriminator"}, errs: []string{"belongs on a struct field"}},
		{name: "legacy +union is kube-openapi's", lines: []string{"+union"}, want: TypeMarkers{LegacyUnion: true}},
		{name: "misspelled", lines: []string{"+enum", "+unionMembr"}, want: TypeMarkers{Enum: true}, errs: []string{"did you mean +unionMember?"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := ParseType(tt.lines)
			if got != tt.want {
				t.Errorf("ParseType(%q) = %+v, want %+v", tt.lines, got, tt.want)
			}
			if len(errs) != len(tt.errs) {
				t.Fatalf("ParseType(%q) errors = %v, want %v", tt.lines, errs, tt.errs)
			}
			for i, err := range errs {
				if !strings.Contains(err.Message, tt.errs[i]) {
					t.Errorf("error %d = %q, want it to contain %q", i, err.Message, tt.errs[i])
				}
			}
		})
	}
}

func TestHasUnionMarker(t *testing.T) {
	tests := []struct {
		lines []string
		want  bool
	}{
		{[]string{"+optional"}, false},
		{[]string{"+union"}, false},
		{[]string{"text", "+unionMember"}, true},
		{[]string{"+unionmembr"}, true},
		{nil, false},
	}
	for _, tt := range tests {
		if got := HasUnionMarker(tt.lines); got != tt.want {
			t.Errorf("HasUnionMarker(%q) = %v, want %v", tt.lines, got, tt.want)
		}
	}
}

func TestParseDefault(t *testing.T) {
	tests := []struct {
		raw     string
		want    string
		wantErr string
	}{
		{raw: `"RollingUpdate"`, want: "RollingUpdate"},
		{raw: `""`, want: ""},
		{raw: `RollingUpdate`, wantErr: `must be a JSON string, e.g. +default="RollingUpdate"`},
		{raw: `1`, wantErr: "must be a JSON string"},
	}
	for _, tt := range tests {
		got, err := ParseDefault(tt.raw)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseDefault(%s) error = %v, want %q", tt.raw, err, tt.wantErr)
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("ParseDefault(%s) = %q, %v, want %q", tt.raw, got, err, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"unionmember", "unionmember", 0},
		{"unionmemeber", "unionmember", 1},
		{"union", "unionmember", 6},
		{"kitten", "sitting", 3},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

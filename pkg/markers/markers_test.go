package markers

import (
	"reflect"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

func ptr[T any](v T) *T { return &v }

// wantError is an expected SyntaxError: its rule and a substring of its message.
type wantError struct {
	rule    report.ID
	message string
}

func TestParseField(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  FieldMarkers
		// errs are the expected errors, by line index.
		errs map[int]wantError
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
			name:  "required as validation-gen and controller-gen write it",
			lines: []string{"+unionDiscriminator", "+k8s:required", "+kubebuilder:validation:Required"},
			want:  FieldMarkers{Discriminator: true, Required: true, Lines: map[string]int{DiscriminatorMarker: 0}},
		},
		{
			name:  "ratcheting, default mode",
			lines: []string{"+unionDiscriminator", "+unionRatcheting"},
			want: FieldMarkers{Discriminator: true, Ratcheting: unionspec.RatchetingUnchanged,
				Lines: map[string]int{DiscriminatorMarker: 0, RatchetingMarker: 1}},
		},
		{
			name:  "ratcheting by membership",
			lines: []string{"+unionRatcheting=membership", "+unionDiscriminator"},
			want: FieldMarkers{Discriminator: true, Ratcheting: unionspec.RatchetingMembership,
				Lines: map[string]int{DiscriminatorMarker: 1, RatchetingMarker: 0}},
		},
		{
			name:  "ratcheting, unknown mode",
			lines: []string{"+unionRatcheting=always"},
			want:  FieldMarkers{Lines: map[string]int{RatchetingMarker: 0}},
			errs:  map[int]wantError{0: {report.UnknownOption, `unknown ratcheting mode "always"`}},
		},
		{
			name:  "ratcheting, repeated",
			lines: []string{"+unionRatcheting", "+unionRatcheting=membership"},
			want:  FieldMarkers{Ratcheting: unionspec.RatchetingUnchanged, Lines: map[string]int{RatchetingMarker: 0}},
			errs:  map[int]wantError{1: {report.Repeated, "+unionRatcheting is repeated"}},
		},
		{
			name:  "ratcheting, malformed",
			lines: []string{"+unionRatcheting,membership"},
			want:  FieldMarkers{Lines: map[string]int{RatchetingMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "malformed +unionRatcheting,membership: expected +unionRatcheting=<mode>"}},
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
			lines: []string{"+patchStrategy=retainKeys", "+k8s:beta(since: \"1.37\")=+k8s:maxItems=8", "+k8s:item(type: \"A\")=+k8s:immutable"},
			want:  FieldMarkers{Lines: map[string]int{}},
		},
		{
			name:  "2019 member",
			lines: []string{"+unionDeprecated", "+optional"},
			want:  FieldMarkers{Deprecated: true, Optional: true, Lines: map[string]int{LegacyMemberMarker: 0}},
		},
		{
			name:  "validation-gen member",
			lines: []string{"+k8s:unionMember", `+k8s:beta(since: "1.37")=+k8s:unionMember(union: "b", memberName: "B")`},
			want: FieldMarkers{K8sMembers: []K8sMember{{Line: 0}, {Union: "b", MemberName: "B", Line: 1}},
				Lines: map[string]int{K8sMemberMarker: 0}},
		},
		{
			name:  "validation-gen discriminator and wrapped optional",
			lines: []string{`+k8s:alpha(since: "1.36")=+k8s:beta(since: "1.37")=+k8s:unionDiscriminator(union: "b")`, `+k8s:beta(since: "1.37")=+k8s:optional`},
			want: FieldMarkers{K8sDiscriminator: &K8sDiscriminator{Union: "b"}, Optional: true,
				Lines: map[string]int{K8sDiscriminatorMarker: 0}},
		},
		{
			name:  "validation-gen list items",
			lines: []string{`+k8s:beta(since: "1.37")=+k8s:item(type: "Approved", ready: true)=+k8s:zeroOrOneOfMember`},
			want: FieldMarkers{K8sMembers: []K8sMember{{ZeroOrOne: true, Item: []ItemTerm{{"type", `"Approved"`}, {"ready", "true"}}}},
				Lines: map[string]int{}},
		},
		{
			name:  "kubebuilder enum",
			lines: []string{`+kubebuilder:validation:Enum="";AWS;"oVirt"`},
			want:  FieldMarkers{Enum: []string{"", "AWS", "oVirt"}, Lines: map[string]int{KubebuilderEnumMarker: 0}},
		},
		{
			name:  "kubebuilder enum, controller-gen's other spellings",
			lines: []string{`+kubebuilder:validation:Enum:=A;B;`, `+kubebuilder:validation:Enum={"C", D}`},
			want:  FieldMarkers{Enum: []string{"C", "D"}, Lines: map[string]int{KubebuilderEnumMarker: 1}},
		},
		{
			name:  "kubebuilder enum that controller-gen misreads",
			lines: []string{`+kubebuilder:validation:Enum=A; B`, `+kubebuilder:validation:Enum=1;2`, `+kubebuilder:validation:Enum=A;;B`, `+kubebuilder:validation:Enum={A }`},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs: map[int]wantError{
				0: {report.Malformed, `malformed +kubebuilder:validation:Enum=A; B: space before or beside ";", which controller-gen reads into the values; write the values with no space before the next`},
				1: {report.Malformed, `malformed +kubebuilder:validation:Enum=1;2: controller-gen reads 1 as a number or a boolean, not a string; quote it: "1"`},
				2: {report.Malformed, `malformed +kubebuilder:validation:Enum=A;;B: an empty value between two ";"; write "" for the empty string`},
				3: {report.Malformed, `malformed +kubebuilder:validation:Enum={A }: space before or beside ",", which controller-gen reads into the values; write the values with no space before the next`},
			},
		},
		{
			name:  "validation-gen unknown argument",
			lines: []string{`+k8s:unionMember(name: "a")`},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs:  map[int]wantError{0: {report.UnknownOption, `unknown argument "name" in +k8s:unionMember(name: "a"); the arguments are union and memberName`}},
		},
		{
			name:  "validation-gen positional argument",
			lines: []string{`+k8s:unionDiscriminator("a")`},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs:  map[int]wantError{0: {report.Malformed, `name the argument, as in +k8s:unionDiscriminator(union: "a")`}},
		},
		{
			name:  "validation-gen syntax error",
			lines: []string{`+k8s:unionMember(union: "a"`},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs:  map[int]wantError{0: {report.Malformed, `malformed +k8s:unionMember(union: "a"`}},
		},
		{
			name:  "validation-gen member with a value",
			lines: []string{`+k8s:zeroOrOneOfMember=true`},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs:  map[int]wantError{0: {report.Malformed, `+k8s:zeroOrOneOfMember takes no value`}},
		},
		{
			name:  "malformed kubebuilder enum",
			lines: []string{`+kubebuilder:validation:Enum`},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs:  map[int]wantError{0: {report.Malformed, `expected +kubebuilder:validation:Enum=<value>;<value>`}},
		},
		{
			name:  "unknown option",
			lines: []string{"+unionMember,optinal"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.UnknownOption, `unknown option "optinal" in +unionMember,optinal; the only option is "optional"`}},
		},
		{
			name:  "unknown option after value",
			lines: []string{"+unionMember=A,required"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.UnknownOption, `unknown option "required"`}},
		},
		{
			name:  "empty value",
			lines: []string{"+unionMember="},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "empty value in +unionMember=; write +unionMember to use the Go field name"}},
		},
		{
			name:  "empty option",
			lines: []string{"+unionMember=A,"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "empty option"}},
		},
		{
			name:  "repeated option",
			lines: []string{"+unionMember,optional,optional"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Repeated, `option "optional" is repeated`}},
		},
		{
			name:  "space after comma",
			lines: []string{"+unionMember=A, optional"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "unexpected space in +unionMember=A, optional"}},
		},
		{
			name:  "space around equals",
			lines: []string{"+unionMember = A"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "malformed +unionMember = A"}},
		},
		{
			name:  "space in value",
			lines: []string{"+unionDiscriminatedBy=a b"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatedByMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "unexpected space in +unionDiscriminatedBy=a b"}},
		},
		{
			name:  "quoted value",
			lines: []string{`+unionMember="ALPHA"`},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "write the value without quotes"}},
		},
		{
			name:  "parenthesized value",
			lines: []string{"+unionMember(ALPHA)"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "malformed +unionMember(ALPHA): expected +unionMember, +unionMember=<value>"}},
		},
		{
			name:  "discriminator with value",
			lines: []string{"+unionDiscriminator=true"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatorMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, `+unionDiscriminator takes no value or option, found "=true"`}},
		},
		{
			name:  "discriminated by without value",
			lines: []string{"+unionDiscriminatedBy"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatedByMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "malformed +unionDiscriminatedBy: expected +unionDiscriminatedBy=<field>"}},
		},
		{
			name:  "option on discriminated by",
			lines: []string{"+unionDiscriminatedBy=Union1,optional"},
			want:  FieldMarkers{Lines: map[string]int{DiscriminatedByMarker: 0}},
			errs:  map[int]wantError{0: {report.Malformed, "unexpected comma in +unionDiscriminatedBy=Union1,optional; +unionDiscriminatedBy takes no option"}},
		},
		{
			name:  "repeated marker",
			lines: []string{"+unionMember=A", "+optional", "+unionMember=B"},
			want:  FieldMarkers{Member: &MemberOptions{Value: "A"}, Optional: true, Lines: map[string]int{MemberMarker: 0}},
			errs:  map[int]wantError{2: {report.Repeated, "+unionMember is repeated"}},
		},
		{
			name:  "misspelled markers",
			lines: []string{"+unionMemeber", "+uniondiscriminator", "+unionDiscriminatedby=X"},
			want:  FieldMarkers{Lines: map[string]int{}},
			errs: map[int]wantError{
				0: {report.Misspelled, "unknown marker +unionMemeber; did you mean +unionMember?"},
				1: {report.Misspelled, "unknown marker +uniondiscriminator; did you mean +unionDiscriminator?"},
				2: {report.Misspelled, "unknown marker +unionDiscriminatedby; did you mean +unionDiscriminatedBy?"},
			},
		},
		{
			name: "misspelled markers with a prefix",
			lines: []string{`+k8s:unionMemebr(union: "u")`, "+kubebuilder:validation:unionMember", "+openshift:unionDiscriminator",
				"+k8s:zeroOrOneMember", "+k8s:unionDiscriminatedBy=Kind", "+example.com:zeroOrOneOfMember"},
			want: FieldMarkers{Lines: map[string]int{}},
			errs: map[int]wantError{
				0: {report.Misspelled, "unknown marker +k8s:unionMemebr; did you mean +k8s:unionMember?"},
				1: {report.Misspelled, "unknown marker +kubebuilder:validation:unionMember; did you mean +unionMember?"},
				2: {report.Misspelled, "unknown marker +openshift:unionDiscriminator; did you mean +unionDiscriminator?"},
				3: {report.Misspelled, "unknown marker +k8s:zeroOrOneMember; did you mean +k8s:zeroOrOneOfMember?"},
				4: {report.Misspelled, "unknown marker +k8s:unionDiscriminatedBy; did you mean +unionDiscriminatedBy?"},
				5: {report.Misspelled, "unknown marker +example.com:zeroOrOneOfMember; did you mean +k8s:zeroOrOneOfMember?"},
			},
		},
		{
			name: "markers of other tools are no misspellings",
			lines: []string{"+k8s:required", "+k8s:optional", "+k8s:listType=map", "+k8s:listMapKey=name", "+k8s:enum", "+k8s:immutable",
				`+k8s:item(type: "A")=+k8s:required`, "+k8s:eachVal=+k8s:required", "+k8s:discriminator", `+k8s:member("A")=+k8s:required`,
				"+k8s:maxItems=16", "+k8s:prerelease-lifecycle-gen:introduced=1.30", "+kubebuilder:validation:MinLength=1",
				"+kubebuilder:validation:XValidation:rule=\"self.a\",message=\"a\"", "+openshift:enable:FeatureGate=Gate"},
			want: FieldMarkers{Optional: true, Required: true, Lines: map[string]int{}},
		},
		{
			name: "mode tags as k8s.io/api writes them",
			lines: []string{`+k8s:beta(since: "1.37")=+k8s:modeDiscriminator`, `+k8s:beta(since: "1.37")=+k8s:ifMode("Limited")=+k8s:required`,
				`+k8s:ifMode(modality: "m", mode: "A")=+k8s:optional`, `+k8s:ifMode("B")=+k8s:maxItems=8`, `+k8s:ifMode("")=+k8s:forbidden`,
				`+k8s:modeDiscriminator(modality: "m")`},
			want: FieldMarkers{
				ModeDiscriminators: []ModeDiscriminator{{Line: 0}, {Modality: "m", Line: 5}},
				IfModes: []IfMode{{Mode: "Limited", Payload: PayloadRequired, Line: 1}, {Modality: "m", Mode: "A", Payload: PayloadOptional, Line: 2},
					{Mode: "B", Payload: PayloadAllowed, Line: 3}, {Mode: "", Payload: PayloadForbidden, Line: 4}},
				Lines: map[string]int{K8sModeDiscriminatorMarker: 0, K8sIfModeMarker: 1},
			},
		},
		{
			name:  "a mode payload that is itself wrapped",
			lines: []string{`+k8s:ifMode("A")=+k8s:alpha(since: "1.38")=+k8s:required`},
			want:  FieldMarkers{IfModes: []IfMode{{Mode: "A", Payload: PayloadRequired}}, Lines: map[string]int{K8sIfModeMarker: 0}},
		},
		{
			name: "mode tags, malformed",
			lines: []string{`+k8s:ifMode("A")`, `+k8s:ifMode(modality: "m")=+k8s:required`, `+k8s:ifMode(mode: "A", mode: "B")=+k8s:required`,
				`+k8s:ifMode(kind: "A")=+k8s:required`, `+k8s:modeDiscriminator(modality: "default")`, `+k8s:ifMode(modality: "2x", mode: "A")=+k8s:optional`,
				`+k8s:modeDiscriminator("m")`, `+k8s:ifMode("A"=+k8s:optional`, `+k8s:item(type: "A")=+k8s:ifMode("A")=+k8s:optional`,
				"+k8s:modeDiscriminator", "+k8s:modeDiscriminator"},
			want: FieldMarkers{ModeDiscriminators: []ModeDiscriminator{{Line: 9}}, Lines: map[string]int{K8sModeDiscriminatorMarker: 9}},
			errs: map[int]wantError{
				0:  {report.Malformed, "it needs a payload"},
				1:  {report.Malformed, "it needs the mode"},
				2:  {report.Repeated, "the mode is given twice"},
				3:  {report.UnknownOption, `unknown argument "kind"`},
				4:  {report.Modality, `the modality "default" is reserved`},
				5:  {report.Modality, `the modality "2x" must match`},
				6:  {report.Malformed, `name the argument, as in +k8s:modeDiscriminator(modality: "m")`},
				7:  {report.Malformed, `malformed +k8s:ifMode("A"=+k8s:optional`},
				8:  {report.Malformed, "+k8s:ifMode cannot select list items"},
				10: {report.Repeated, `+k8s:modeDiscriminator is repeated for the modality ""`},
			},
		},
		{
			name:  "groups",
			lines: []string{"+oneOf=NodeSelection", "+zeroOrOneOf=ResourceSliceType"},
			want: FieldMarkers{Groups: []Group{{Name: "NodeSelection"}, {Name: "ResourceSliceType", ZeroOrOne: true, Line: 1}},
				Lines: map[string]int{OneOfMarker: 0, ZeroOrOneOfMarker: 1}},
		},
		{
			name:  "groups, malformed",
			lines: []string{"+oneOf", "+oneOf=\"A\"", "+zeroOrOneOf=A", "+oneOf=A"},
			want:  FieldMarkers{Groups: []Group{{Name: "A", ZeroOrOne: true, Line: 2}}, Lines: map[string]int{ZeroOrOneOfMarker: 2}},
			errs: map[int]wantError{
				0: {report.Malformed, "expected +oneOf=<group>"},
				1: {report.Malformed, "quotes in +oneOf"},
				3: {report.Repeated, `the group "A" is named twice`},
			},
		},
		{
			name:  "every error is reported",
			lines: []string{"+unionMember,foo", "+unionDiscriminator=x"},
			want:  FieldMarkers{Lines: map[string]int{MemberMarker: 0, DiscriminatorMarker: 1}},
			errs:  map[int]wantError{0: {report.UnknownOption, "unknown option"}, 1: {report.Malformed, "takes no value"}},
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
			checkDefinitionRules(t, tt.lines, errs)
			for _, err := range errs {
				if want, ok := tt.errs[err.Line]; !ok || err.Rule != want.rule || !strings.Contains(err.Message, want.message) {
					t.Errorf("error on line %d = %s %q, want %s and a message containing %q", err.Line, err.Rule, err.Message, want.rule, want.message)
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
		errs  []wantError
	}{
		{name: "enum", lines: []string{"UnionType selects.", "+enum"}, want: TypeMarkers{Enum: true}},
		{name: "not an enum", lines: []string{"A plain string.", "+genclient"}},
		{name: "enum in the detached comment", lines: []string{"  +enum  "}, want: TypeMarkers{Enum: true}},
		{name: "union marker on a type", lines: []string{"+unionDiscriminator"}, errs: []wantError{{report.MarkerOnType, "belongs on a struct field"}}},
		{name: "2019 +union", lines: []string{"+union"}, want: TypeMarkers{LegacyUnion: true}},
		{name: "validation-gen enum", lines: []string{`+k8s:beta(since: "1.37")=+k8s:enum`}, want: TypeMarkers{Enum: true}},
		{name: "kubebuilder enum", lines: []string{`+kubebuilder:validation:Enum=A;B`}, want: TypeMarkers{EnumValues: []string{"A", "B"}}},
		{name: "validation-gen member on a type", lines: []string{`+k8s:beta(since: "1.37")=+k8s:unionMember`},
			errs: []wantError{{report.MarkerOnType, `+k8s:beta(since: "1.37")=+k8s:unionMember belongs on a struct field`}}},
		{name: "misspelled", lines: []string{"+enum", "+unionMembr"}, want: TypeMarkers{Enum: true}, errs: []wantError{{report.Misspelled, "did you mean +unionMember?"}}},
		{name: "misspelled with a prefix", lines: []string{"+k8s:zeroOrOneOfMembr", "+kubebuilder:validation:unionMember"}, errs: []wantError{
			{report.Misspelled, "unknown marker +k8s:zeroOrOneOfMembr; did you mean +k8s:zeroOrOneOfMember?"},
			{report.Misspelled, "unknown marker +kubebuilder:validation:unionMember; did you mean +unionMember?"},
		}},
		{name: "validation-gen type markers", lines: []string{"+k8s:enum", "+k8s:supportsSubresource=/status", "+k8s:validation-gen=TypeMeta"}, want: TypeMarkers{Enum: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := ParseType(tt.lines)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseType(%q) = %+v, want %+v", tt.lines, got, tt.want)
			}
			if len(errs) != len(tt.errs) {
				t.Fatalf("ParseType(%q) errors = %v, want %v", tt.lines, errs, tt.errs)
			}
			checkDefinitionRules(t, tt.lines, errs)
			for i, err := range errs {
				if want := tt.errs[i]; err.Rule != want.rule || !strings.Contains(err.Message, want.message) {
					t.Errorf("error %d = %s %q, want %s and a message containing %q", i, err.Rule, err.Message, want.rule, want.message)
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
		{[]string{"+union"}, true},
		{[]string{`+k8s:beta(since: "1.37")=+k8s:unionMember`}, true},
		{[]string{`+k8s:beta(since: "1.37")=+k8s:optional`}, false},
		{[]string{"text", "+unionMember"}, true},
		{[]string{"+unionmembr"}, true},
		{[]string{`+k8s:unionMemebr(union: "u")`}, true},
		{[]string{"+kubebuilder:validation:unionMember"}, true},
		{[]string{"+k8s:listType=map", "+k8s:required", "+kubebuilder:validation:Required"}, false},
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

// TestParseKubebuilderDefault: controller-gen reads a default as a quoted
// or a bare string, or as another value; only strings can be a
// discriminator's.
func TestParseKubebuilderDefault(t *testing.T) {
	tests := []struct {
		raw    string
		want   string
		wantOK bool
	}{
		{raw: `RollingUpdate`, want: "RollingUpdate", wantOK: true},
		{raw: `"RollingUpdate"`, want: "RollingUpdate", wantOK: true},
		{raw: `""`, want: "", wantOK: true},
		{raw: "`Recreate`", want: "Recreate", wantOK: true},
		{raw: `Rolling Update`},
		{raw: ``},
		{raw: `1`},
		{raw: `true`},
		{raw: `{}`},
		{raw: `{type: RollingUpdate}`},
		{raw: `[a]`},
	}
	for _, tt := range tests {
		if got, ok := ParseKubebuilderDefault(tt.raw); got != tt.want || ok != tt.wantOK {
			t.Errorf("ParseKubebuilderDefault(%s) = %q, %v, want %q, %v", tt.raw, got, ok, tt.want, tt.wantOK)
		}
	}
}

// TestMisspelledUnionMarker: a name near a union marker is taken for it, by
// its last segment when it has a prefix; validation-gen's and other tools'
// markers are not.
func TestMisspelledUnionMarker(t *testing.T) {
	tests := []struct {
		name string
		want string
	}{
		{"unionMemeber", MemberMarker},
		{"UnionDiscriminator", DiscriminatorMarker},
		{"unionDiscriminatedby", DiscriminatedByMarker},
		{"k8s:unionMemebr", K8sMemberMarker},
		{"k8s:unionmember", K8sMemberMarker},
		{"k8s:unionDiscriminater", K8sDiscriminatorMarker},
		{"k8s:zeroOrOneOfMembers", K8sZeroOrOneOfMarker},
		{"k8s:unionRatcheting", RatchetingMarker},
		{"kubebuilder:validation:unionMember", MemberMarker},
		{"openshift:unionDiscriminator", DiscriminatorMarker},
		{"openshift:unionDiscriminatedBy", DiscriminatedByMarker},
		{"example.com:zeroOrOneOfMember", K8sZeroOrOneOfMarker},
		{"kubebuilder:validation:unionMemeber", MemberMarker},
		{"unionMember:", MemberMarker},
		// Known markers, and validation-gen's markers that are not about
		// unions, as k8s.io/api writes them.
		{"unionMember", ""},
		{"k8s:unionMember", ""},
		{"k8s:zeroOrOneOfMember", ""},
		{"openshift:enable:FeatureGate", ""},
		{"kubebuilder:validation:Required", ""},
		{"k8s:required", ""},
		{"k8s:optional", ""},
		{"k8s:listType", ""},
		{"k8s:listMapKey", ""},
		{"k8s:item", ""},
		{"k8s:enum", ""},
		{"k8s:enumExclude", ""},
		{"k8s:eachVal", ""},
		{"k8s:eachKey", ""},
		{"k8s:subfield", ""},
		{"k8s:discriminator", ""},
		{"k8s:member", ""},
		{"k8s:immutable", ""},
		{"k8s:frozen", ""},
		{"k8s:update", ""},
		{"k8s:opaqueType", ""},
		{"k8s:unique", ""},
		{"k8s:customUnique", ""},
		{"k8s:format", ""},
		{"k8s:maxItems", ""},
		{"k8s:minimum", ""},
		{"k8s:maxLength", ""},
		{"k8s:neq", ""},
		{"k8s:ifEnabled", ""},
		{"k8s:ifDisabled", ""},
		{"k8s:forbidden", ""},
		{"k8s:supportsSubresource", ""},
		{"k8s:isSubresource", ""},
		{"k8s:customValidation", ""},
		{"k8s:declarativeValidationNative", ""},
		{"k8s:validation-gen", ""},
		{"k8s:deepcopy-gen:interfaces", ""},
		{"k8s:prerelease-lifecycle-gen:introduced", ""},
		{"kubebuilder:validation:Enum", ""},
		{"kubebuilder:validation:items:Enum", ""},
		{"kubebuilder:object:root", ""},
		{"kubebuilder:subresource:status", ""},
		{"genclient:nonNamespaced", ""},
		{"union", ""},
	}
	for _, tt := range tests {
		if got := misspelledUnionMarker(tt.name); got != tt.want {
			t.Errorf("misspelledUnionMarker(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

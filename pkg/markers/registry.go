package markers

import (
	"slices"
	"strings"

	"github.com/union-gen/union-gen/pkg/report"
)

// The other markers union-gen reads. Their grammar belongs to the Kubernetes
// conventions and their tools; union-gen reads only what it needs of them.
const (
	OptionalMarker            = "optional"
	K8sOptionalMarker         = "k8s:optional"
	RequiredMarker            = "required"
	K8sRequiredMarker         = "k8s:required"
	KubebuilderRequiredMarker = "kubebuilder:validation:Required"
	ListTypeMarker            = "listType"
	ListMapKeyMarker          = "listMapKey"
	OpenAPIModelPackageMarker = "k8s:openapi-model-package"
	// LegacyUnionMarker and LegacyMemberMarker are kube-openapi's 2019 union
	// markers, left to openapi-gen.
	LegacyUnionMarker  = "union"
	LegacyMemberMarker = "unionDeprecated"
)

// Scope says where a marker is written.
type Scope string

// The scopes of markers.
const (
	ScopeField Scope = "field"
	ScopeType  Scope = "type"
	// ScopeTypeOrPackage is a type's comment or the package's doc comment.
	ScopeTypeOrPackage Scope = "type or package"
	// ScopeFieldOrType is a struct field's comment or a type's.
	ScopeFieldOrType Scope = "field or type"
)

// Owner says who owns a marker's grammar, which decides how strictly it is read.
type Owner int

const (
	// OwnerUnionGen markers are KEP-1027's, which union-gen owns: their syntax is checked, and names
	// close to theirs are reported as misspellings.
	OwnerUnionGen Owner = iota
	// OwnerConvention markers are Kubernetes conventions that union-gen reads
	// as their own tools do.
	OwnerConvention
	// OwnerForeign markers belong to another tool and only look like union
	// markers: they are recognised so that they are not taken for
	// misspellings, and left to that tool.
	OwnerForeign
	// OwnerDialect markers are the union markers of another dialect, read
	// with that dialect's grammar and meaning.
	OwnerDialect
)

// Definition is one marker union-gen reads, in one place, as validation-gen
// declares its tags: how it is written and where, what it means, the rules
// whose errors it can lead to, its rows of the dialect table, and the
// parsers that read it. `union-gen --docs` prints the documentation, and
// ParseField and ParseType call the parsers.
type Definition struct {
	// Name is the marker's name, without "+" or value.
	Name string
	// Aliases are other names with the same meaning.
	Aliases []string
	Owner   Owner
	Scope   Scope
	// Usage is how the marker is written, with its arguments.
	Usage string
	// Args says what the arguments of Usage mean; empty when it has none.
	Args    string
	Meaning string
	// Rules are the rules whose errors the marker's parsers, or the checks
	// of what it marks, report.
	Rules []report.ID
	// Dialects are the marker's rows of the dialect table; their Scope is
	// the marker's.
	Dialects []DialectDoc

	// once: the marker may be written once per field (report.Repeated).
	once bool
	// onField and onType read the marker on a struct field and on a type;
	// nil where union-gen does not read it.
	onField func(fm *FieldMarkers, m marker) *SyntaxError
	onType  func(tm *TypeMarkers, m marker) *SyntaxError
}

// syntaxRules are the rules of a union marker's syntax.
var syntaxRules = []report.ID{report.Malformed, report.Repeated, report.Misspelled, report.MarkerOnType}

// Definitions is every marker union-gen reads, in the order of the
// documentation: union markers first.
var Definitions = []Definition{
	{
		Name: DiscriminatorMarker, Owner: OwnerUnionGen, Scope: ScopeField,
		Usage:   "+" + DiscriminatorMarker,
		Meaning: "the field selects the member of its union; its type is a named string type marked `+enum`, whose typed constants are the valid values",
		Rules: append(slices.Clone(syntaxRules), report.NotString, report.DiscriminatorIsMember, report.JSONName, report.NotEnum,
			report.NoConsts, report.UntypedEnum, report.TwoDiscriminators, report.GuessedValues, report.InferredMembers, report.NoMembers),
		Dialects: []DialectDoc{
			{Dialect: DialectKEP, Marker: "+" + DiscriminatorMarker,
				Meaning:   "selects the member; its type is `+enum` (KEP-1027's latest design)",
				Behaviour: "a discriminated union (V1–V3, N1–N3); valid values from `+enum`, else `+kubebuilder:validation:Enum`, else error `notenum`; in a struct without `+" + MemberMarker + "`, members inferred by name (`inferredmembers`, `nomembers`)"},
			{Dialect: Dialect2019, Marker: "+" + DiscriminatorMarker,
				Meaning:   "in a `+" + LegacyUnionMarker + "` struct, or beside `+" + LegacyMemberMarker + "` members: the discriminator, an optional string",
				Behaviour: "a discriminated union (V1–V3, N1–N3); valid values from `+enum`, else `+kubebuilder:validation:Enum`, else guessed: the type's constants, the members' Go names and `\"\"` if optional (`guessedvalues`); a member whose Go name is no valid value is left out (`unselectable`)"},
		},
		once:    true,
		onField: noValue(func(fm *FieldMarkers) { fm.Discriminator = true }),
	},
	{
		Name: MemberMarker, Owner: OwnerUnionGen, Scope: ScopeField,
		Usage:   "+" + MemberMarker + "[=<value>][,optional]",
		Args:    "`<value>`: the discriminator value that selects the member, the Go field name when omitted; `optional`: the member may be selected while unset",
		Meaning: "the field is a member of the union of its struct's discriminator",
		Rules: append(slices.Clone(syntaxRules), report.UnknownOption, report.ValueNotInEnum, report.DuplicateValue,
			report.MemberRequiredOptional, report.MemberType, report.JSONName, report.NoDiscriminator, report.ValueName),
		Dialects: []DialectDoc{
			{Dialect: DialectKEP, Marker: "+" + MemberMarker + "[=<value>][,optional]",
				Meaning:   "a member, selected by `<value>` or its Go name; `optional`: may be selected while unset",
				Behaviour: "the same; the value must be a valid value (`valuenotinenum`)"},
			{Dialect: Dialect2019, Marker: "+" + MemberMarker + "[=<value>][,optional]",
				Meaning:   "openshift/api: in a `+" + LegacyUnionMarker + "` struct, the members are the marked fields only; `<value>` and `optional` as in KEP-1027",
				Behaviour: "the same"},
		},
		once: true,
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			member, e := parseMember(m.rest)
			if e == nil {
				fm.Member = &member
			}
			return e
		},
	},
	{
		Name: DiscriminatedByMarker, Owner: OwnerUnionGen, Scope: ScopeField,
		Usage:   "+" + DiscriminatedByMarker + "=<field>",
		Args:    "`<field>`: the Go or JSON name of a discriminator of the same struct",
		Meaning: "the member's discriminator; needed only when the struct has several",
		Rules:   append(slices.Clone(syntaxRules), report.TwoDiscriminators),
		Dialects: []DialectDoc{
			{Dialect: DialectKEP, Marker: "+" + DiscriminatedByMarker + "=<field>",
				Meaning: "the member's discriminator, in a struct with several", Behaviour: "the same"},
		},
		once: true,
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			name, e := parseValue(m.name, m.rest, "<field>")
			fm.DiscriminatedBy = name
			return e
		},
	},
	{
		Name: RatchetingMarker, Owner: OwnerUnionGen, Scope: ScopeField,
		Usage:   "+" + RatchetingMarker + "[=unchanged|membership]",
		Args:    "`unchanged` (the default): the union's discriminator and members all equal old's; `membership`: the discriminator equals old's and the members are set exactly where old's are, as validation-gen ratchets",
		Meaning: "on a discriminator: an update that keeps its union so is not validated for that union, so that objects stored before the union was checked can still be updated; overrides `--ratcheting`",
		Rules:   append(slices.Clone(syntaxRules), report.UnknownOption, report.MisplacedRatcheting),
		Dialects: []DialectDoc{
			{Dialect: DialectKEP, Marker: "+" + RatchetingMarker + "[=unchanged|membership]",
				Meaning:   "union-gen's own, on any dialect's discriminator: an update that keeps the union as it was is not validated",
				Behaviour: "ratcheting in the Go methods, the CRD rules and `pkg/unstructuredunions` (`--ratcheting` sets it for every union)"},
		},
		once: true,
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			mode, e := parseRatcheting(m.rest)
			fm.Ratcheting = mode
			return e
		},
	},
	{
		Name: EnumMarker, Owner: OwnerConvention, Scope: ScopeType,
		Usage:   "+" + EnumMarker,
		Meaning: "the string type of a discriminator; it may be declared in another package",
		Rules:   []report.ID{report.NotEnum, report.NoConsts, report.UntypedEnum},
		onType:  func(tm *TypeMarkers, _ marker) *SyntaxError { tm.Enum = true; return nil },
	},
	{
		Name: DefaultMarker, Owner: OwnerConvention, Scope: ScopeField,
		Usage:   "+" + DefaultMarker + "=<json>",
		Args:    "`<json>`: on a discriminator, a JSON string that is a value of its enum",
		Meaning: "the discriminator's default, applied by defaulter-gen's code; union-gen checks that it is a valid value",
		Rules:   []report.ID{report.DefaultNotInEnum, report.DefaultSelectsRequired},
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			if v, ok := strings.CutPrefix(m.rest, "="); ok {
				fm.Default = &v
				fm.Lines[DefaultMarker] = m.line
			}
			return nil
		},
	},
	{
		Name: KubebuilderDefaultMarker, Owner: OwnerConvention, Scope: ScopeField,
		Usage:   "+" + KubebuilderDefaultMarker + "=<value>",
		Args:    "`<value>`: controller-gen's default, a JSON value or a bare string",
		Meaning: "the field's default in a CRD's schema; on a discriminator, union-gen warns where it selects a member that an object leaving out both would lack",
		Rules:   []report.ID{report.DefaultSelectsRequired},
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			if v, ok := strings.CutPrefix(m.rest, "="); ok {
				fm.KubebuilderDefault = &v
				fm.Lines[KubebuilderDefaultMarker] = m.line
			}
			return nil
		},
	},
	{
		Name: OptionalMarker, Aliases: []string{K8sOptionalMarker}, Owner: OwnerConvention, Scope: ScopeField,
		Usage:   "+" + OptionalMarker,
		Meaning: "the field may be unset; a member is optional, by this marker or by `omitempty`/`omitzero` in its JSON tag",
		Rules:   []report.ID{report.MemberRequiredOptional},
		onField: func(fm *FieldMarkers, _ marker) *SyntaxError { fm.Optional = true; return nil },
	},
	{
		Name: RequiredMarker, Aliases: []string{K8sRequiredMarker, KubebuilderRequiredMarker}, Owner: OwnerConvention, Scope: ScopeField,
		Usage:   "+" + RequiredMarker,
		Meaning: "the field must be set; on a member it is an error; on a discriminator it wins over `omitempty`/`omitzero`, so that an absent discriminator is `Required` (V1)",
		Rules:   []report.ID{report.MemberRequiredOptional},
		onField: func(fm *FieldMarkers, _ marker) *SyntaxError { fm.Required = true; return nil },
	},
	{
		Name: ListTypeMarker, Owner: OwnerConvention, Scope: ScopeField,
		Usage:   "+" + ListTypeMarker + "=map",
		Args:    "`map`: the only list type union-gen reads; items of other lists are treated as created",
		Meaning: "on a list through which unions are reached, items are matched with the old object's by their `+" + ListMapKeyMarker + "` fields",
		Rules:   []report.ID{report.ListMapKeys},
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			fm.ListType = strings.TrimPrefix(m.rest, "=")
			return nil
		},
	},
	{
		Name: ListMapKeyMarker, Owner: OwnerConvention, Scope: ScopeField,
		Usage:   "+" + ListMapKeyMarker + "=<json name>",
		Args:    "`<json name>`: the JSON name of a scalar field of the list's items",
		Meaning: "a key of a `+" + ListTypeMarker + "=map` list; repeated for a key of several fields",
		Rules:   []report.ID{report.ListMapKeys},
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			fm.ListMapKeys = append(fm.ListMapKeys, strings.TrimPrefix(m.rest, "="))
			return nil
		},
	},
	{
		Name: OpenAPIModelPackageMarker, Owner: OwnerConvention, Scope: ScopeTypeOrPackage,
		Usage:   "+" + OpenAPIModelPackageMarker + "=<package>",
		Args:    "`<package>`: the name under which openapi-gen publishes the definitions",
		Meaning: "with `--openapi-output-pkg`, union definitions are keyed `<package>.<Type>`, as openapi-gen keys them",
	},
	{
		Name: XValidationMarker, Owner: OwnerConvention, Scope: ScopeFieldOrType,
		Usage:   "+" + XValidationMarker + ":rule=<CEL>,message=<text>",
		Args:    "`<CEL>`: a rule of the schema of the field or type, a Go string literal; `<text>`: its message",
		Meaning: "controller-gen's CEL rule; one that checks only a union's discriminator and members, beside union-gen's rules of the union in a CRD of `--crd-paths`, is reported with what to delete",
		Rules:   []report.ID{report.HandWrittenUnion},
	},
	{
		Name: LegacyUnionMarker, Owner: OwnerDialect, Scope: ScopeType,
		Usage:   "+" + LegacyUnionMarker,
		Meaning: "KEP-1027 2019's union struct: its `+unionMember` fields, or else all its optional fields but the discriminator, are members selected by their Go names, or their JSON names where those are the valid values (see [Dialects](#dialects))",
		Rules:   []report.ID{report.GuessedValues, report.Unselectable, report.DialectConflict},
		Dialects: []DialectDoc{
			{Dialect: Dialect2019, Marker: "+" + LegacyUnionMarker,
				Meaning:   "every field but the discriminator is an optional member, selected by its Go name; at most one is set (kube-openapi, structured-merge-diff)",
				Behaviour: "the same, but each member is required when selected, as the rules of the projects that write them require (`+" + MemberMarker + ",optional` says otherwise), and a required field is no member (`requiredfield`); without a discriminator, a zero-or-one union (V4) that is never normalized, as structured-merge-diff normalizes none without a discriminator"},
			{Dialect: DialectValidationGen, Marker: "+" + LegacyUnionMarker + " beside `+" + K8sMemberMarker + "`",
				Meaning:   "k8s.io/api writes kube-openapi's `+union` for openapi-gen next to validation-gen's members",
				Behaviour: "ignored: the validation-gen markers make the unions"},
		},
		onType: func(tm *TypeMarkers, m marker) *SyntaxError {
			tm.LegacyUnion = tm.LegacyUnion || m.rest == ""
			return nil
		},
	},
	{
		Name: LegacyMemberMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + LegacyMemberMarker,
		Meaning: "KEP-1027 2019's member of a union of the struct's own fields, selected by its Go name",
		Rules:   []report.ID{report.Malformed, report.Repeated, report.MarkerOnType, report.DialectConflict, report.Unselectable},
		Dialects: []DialectDoc{
			{Dialect: Dialect2019, Marker: "+" + LegacyMemberMarker,
				Meaning:   "a member of the union of the struct's own fields (as EnvVar's `value` and `valueFrom`), selected by its Go name",
				Behaviour: "the same: discriminated by the struct's `+" + DiscriminatorMarker + "` if it has one, else zero-or-one"},
		},
		once:    true,
		onField: noValue(func(fm *FieldMarkers) { fm.Deprecated = true }),
	},
	{
		Name: K8sMemberMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + K8sMemberMarker + "[(union: \"<name>\", memberName: \"<value>\")]",
		Args:    "`union`: the union's name when the struct has several; `memberName`: the discriminator value that selects the member, the Go field name when omitted",
		Meaning: "validation-gen's member: of the union with a `+" + K8sDiscriminatorMarker + "` of the same name, or else of an exactly-one union",
		Rules:   []report.ID{report.Malformed, report.Misspelled, report.UnknownOption, report.MarkerOnType, report.DialectConflict, report.Unselectable},
		Dialects: []DialectDoc{
			{Dialect: DialectValidationGen, Marker: "+" + K8sMemberMarker,
				Meaning:   "a member of the struct's union; without a `+" + K8sDiscriminatorMarker + "`, exactly one member is set (`validate.Union`)",
				Behaviour: "an exactly-one union: V4, with validation-gen's errors (`Invalid` on the struct, origin `union`); no normalization"},
			{Dialect: DialectValidationGen, Marker: "+" + K8sMemberMarker + "(union: \"<name>\")",
				Meaning: "a member of the union named `<name>`: a struct may have several", Behaviour: "the same"},
			{Dialect: DialectValidationGen, Marker: "+" + K8sMemberMarker + "(memberName: \"<value>\")",
				Meaning: "the discriminator value that selects the member; the Go field name by default", Behaviour: "the same"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
	},
	{
		Name: K8sDiscriminatorMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + K8sDiscriminatorMarker + "[(union: \"<name>\")]",
		Args:    "`union`: the union's name when the struct has several",
		Meaning: "validation-gen's discriminator, a string field",
		Rules:   []report.ID{report.Malformed, report.Misspelled, report.UnknownOption, report.Repeated, report.MarkerOnType, report.DialectConflict, report.GuessedValues},
		Dialects: []DialectDoc{
			{Dialect: DialectValidationGen, Marker: "+" + K8sDiscriminatorMarker + "[(union: \"<name>\")]",
				Meaning:   "the union's discriminator, a string (`validate.DiscriminatedUnion`); its values are not checked by the union",
				Behaviour: "a discriminated union (V1–V3, N1–N3); valid values from `+enum`/`+k8s:enum`, else `+kubebuilder:validation:Enum`, else guessed with a warning (`guessedvalues`)"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
	},
	{
		Name: K8sZeroOrOneOfMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + K8sZeroOrOneOfMarker + "[(union: \"<name>\")]",
		Args:    "`union`: the union's name when the struct has several",
		Meaning: "validation-gen's member of a zero-or-one union",
		Rules:   []report.ID{report.Malformed, report.Misspelled, report.UnknownOption, report.MarkerOnType, report.DialectConflict},
		Dialects: []DialectDoc{
			{Dialect: DialectValidationGen, Marker: "+" + K8sZeroOrOneOfMarker + "[(union: \"<name>\")]",
				Meaning:   "a member of a union of which at most one member is set (`validate.ZeroOrOneOfUnion`)",
				Behaviour: "a zero-or-one union: V4, with validation-gen's errors (origin `zeroOrOneOf`)"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
	},
	{
		Name: K8sModeDiscriminatorMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + K8sModeDiscriminatorMarker + "[(modality: \"<name>\")]",
		Args:    "`modality`: the name of the discriminator's modes when the struct has several discriminators",
		Meaning: "validation-gen's mode discriminator, a string or bool field that is not a pointer: its value is the mode, which the `+" + K8sIfModeMarker + "` lines of the struct's fields read",
		Rules: []report.ID{report.Malformed, report.Misspelled, report.UnknownOption, report.Repeated, report.MarkerOnType, report.Modality,
			report.PointerDiscriminator, report.NotString, report.TwoDiscriminators, report.DiscriminatorIsMember, report.DialectConflict},
		Dialects: []DialectDoc{
			{Dialect: DialectModes, Marker: "+" + K8sModeDiscriminatorMarker + "[(modality: \"<name>\")]",
				Meaning:   "the field's value is the mode (`validate.Discriminated`); its values are not checked by the mode tags",
				Behaviour: "a discriminated union of the fields with `+" + K8sIfModeMarker + "` of its modality (V1–V3, N1–N3): valid values from `+enum`/`+k8s:enum` or `+kubebuilder:validation:Enum`, or guessed beside KEP-1027 2019's `+" + DiscriminatorMarker + "`; else every value is a mode, and those no field names forbid every member; a bool's modes are `false` and `true`"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
	},
	{
		Name: K8sIfModeMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + K8sIfModeMarker + "(\"<mode>\")=<payload>",
		Args:    "`<mode>`: the discriminator's value, or `modality: \"<name>\", mode: \"<mode>\"`; `<payload>`: `+" + K8sRequiredMarker + "`, `+" + K8sOptionalMarker + "`, `+" + K8sForbiddenMarker + "` or another field tag",
		Meaning: "validation-gen's member of a mode: in that mode the payload applies, and in every mode that no line of the field names the field is forbidden",
		Rules:   []report.ID{report.Malformed, report.Misspelled, report.UnknownOption, report.Repeated, report.MarkerOnType, report.Modality, report.NoDiscriminator, report.ValueNotInEnum, report.DialectConflict},
		Dialects: []DialectDoc{
			{Dialect: DialectModes, Marker: "+" + K8sIfModeMarker + "(\"<mode>\")=<payload>",
				Meaning:   "in `<mode>`, `+" + K8sRequiredMarker + "`: set; `+" + K8sOptionalMarker + "`: may be unset; another tag: its validation; in every other mode, `\"\"` and unknown values included, forbidden. A field may name several modes",
				Behaviour: "the same: a member selected by the modes it names, required in those of `+" + K8sRequiredMarker + "`, whose other tags are left to validation-gen; a field of several modalities is a member of each"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
	},
	{
		Name: OneOfMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + OneOfMarker + "=<group>",
		Args:    "`<group>`: the group's name",
		Meaning: "k8s.io/api's convention: exactly one of the fields of the group is set",
		Rules:   []report.ID{report.Malformed, report.Repeated, report.MarkerOnType, report.DialectConflict, report.FieldGroup, report.APIGroup},
		Dialects: []DialectDoc{
			{Dialect: DialectGroups, Marker: "+" + OneOfMarker + "=<group>",
				Meaning:   "exactly one of the group's fields is set (resource.k8s.io, core/v1), enforced by the API server's hand-written validation",
				Behaviour: "an exactly-one union of the group's fields (V4); a group named after another field of the struct is selected by it and not checked (`fieldgroup`); the few groups of k8s.io/api that kube-apiserver enforces otherwise are read as it enforces them (`apigroup`)"},
		},
		onField: parseGroup(false),
	},
	{
		Name: ZeroOrOneOfMarker, Owner: OwnerDialect, Scope: ScopeField,
		Usage:   "+" + ZeroOrOneOfMarker + "=<group>",
		Args:    "`<group>`: the group's name",
		Meaning: "k8s.io/api's convention: at most one of the fields of the group is set",
		Rules:   []report.ID{report.Malformed, report.Repeated, report.MarkerOnType, report.DialectConflict, report.FieldGroup},
		Dialects: []DialectDoc{
			{Dialect: DialectGroups, Marker: "+" + ZeroOrOneOfMarker + "=<group>",
				Meaning: "at most one of the group's fields is set", Behaviour: "a zero-or-one union of the group's fields (V4)"},
		},
		onField: parseGroup(true),
	},
	{
		Name: K8sItemMarker, Owner: OwnerDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + K8sItemMarker + "(<field>: <value>, ...)=<marker>",
		Args:    "`<field>: <value>`: the fields of a list's items that select one; `<marker>`: `+" + K8sMemberMarker + "` or `+" + K8sZeroOrOneOfMarker + "`",
		Meaning: "validation-gen's member that is a list item: a union of list items",
		Rules:   []report.ID{report.Malformed, report.MarkerOnType, report.ItemUnion},
		Dialects: []DialectDoc{
			{Dialect: DialectValidationGen, Marker: "+" + K8sItemMarker + "(<field>: <value>)=+" + K8sZeroOrOneOfMarker,
				Meaning:   "the list items with these field values are a member: a union of list items (also with `+" + K8sMemberMarker + "`)",
				Behaviour: "left to validation-gen, with a warning (`itemunion`); nothing generated"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
	},
	{
		Name: K8sBetaMarker, Aliases: []string{K8sAlphaMarker}, Owner: OwnerDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + K8sBetaMarker + "(since: \"<version>\")=<marker>",
		Args:    "`<version>`: the Kubernetes version of the stability level; `<marker>`: the marker it wraps",
		Meaning: "validation-gen's stability level of a marker; union-gen reads the marker it wraps",
		Rules:   []report.ID{report.Malformed, report.MarkerOnType},
		Dialects: []DialectDoc{
			{Dialect: DialectValidationGen, Marker: "+" + K8sBetaMarker + "(since: \"<version>\")=<marker>",
				Meaning:   "the wrapped marker's validation at stability level beta (also `+" + K8sAlphaMarker + "`)",
				Behaviour: "the wrapped marker, read as if written alone: union-gen's methods always enforce it"},
		},
		onField: (*FieldMarkers).parseK8sMarker,
		onType:  parseK8sEnum,
	},
	{
		Name: K8sEnumMarker, Owner: OwnerDialect, Scope: ScopeType,
		Usage:   "+" + K8sEnumMarker,
		Meaning: "validation-gen's `+enum`: the same for union-gen",
		Rules:   []report.ID{report.NoConsts, report.UntypedEnum},
		Dialects: []DialectDoc{
			{Dialect: DialectValidationGen, Marker: "+" + K8sEnumMarker,
				Meaning: "the type's typed constants are its values", Behaviour: "the same as `+enum`"},
		},
		onType: parseK8sEnum,
	},
	{
		Name: KubebuilderEnumMarker, Owner: OwnerDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + KubebuilderEnumMarker + "=<value>;<value>...",
		Args:    "`<value>`: a valid value, bare or quoted",
		Meaning: "controller-gen's enum: on a discriminator or its type, the valid values of a discriminator whose type is not `+enum`",
		Rules:   []report.ID{report.Malformed, report.CRDEnum},
		Dialects: []DialectDoc{
			{Dialect: Dialect2019, Marker: "+" + KubebuilderEnumMarker + "=<value>;...",
				Meaning: "openshift/api: the discriminator's valid values (controller-gen's enum)", Behaviour: "the valid values, where the type has no `+enum`"},
		},
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			values, e := parseKubebuilderEnum(m.rest)
			if e == nil {
				fm.Enum = values
				fm.Lines[m.name] = m.line
			}
			return e
		},
		onType: func(tm *TypeMarkers, m marker) *SyntaxError {
			values, e := parseKubebuilderEnum(m.rest)
			if e == nil {
				tm.EnumValues = values
			}
			return e
		},
	},
	{
		Name: GateAwareEnumMarker, Owner: OwnerDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + GateAwareEnumMarker + ":featureGate=<gate>,enum=<value>;<value>...",
		Args:    "`<gate>`: the feature gates (or `\"\"`, none) under which `<value>`s are valid, written as in `+" + KubebuilderEnumMarker + "`",
		Meaning: "openshift/api's enum per feature gate: the valid values are those of all its lines; the CRD of a feature set lists those of its gates, and gets the rules of those",
		Rules:   []report.ID{report.Malformed, report.CRDEnum},
		Dialects: []DialectDoc{
			{Dialect: Dialect2019, Marker: "+" + GateAwareEnumMarker + ":featureGate=<gate>,enum=<value>;...",
				Meaning: "openshift/api: the discriminator's valid values in the feature sets that enable `<gate>`", Behaviour: "the valid values, where the type has no `+enum`: those of all lines in Go, those of the CRD's enum in each feature set's CRD"},
		},
		onField: func(fm *FieldMarkers, m marker) *SyntaxError {
			values, e := gateAwareValues(fm.Enum, m)
			if e == nil {
				fm.Enum, fm.EnumGated = values, true
				fm.Lines[m.name] = m.line
			}
			return e
		},
		onType: func(tm *TypeMarkers, m marker) *SyntaxError {
			values, e := gateAwareValues(tm.EnumValues, m)
			if e == nil {
				tm.EnumValues, tm.EnumGated = values, true
			}
			return e
		},
	},
	{
		Name: FeatureGateMarker, Owner: OwnerForeign, Scope: ScopeField,
		Usage:   "+" + FeatureGateMarker + "=<gate>",
		Args:    "`<gate>`: an openshift feature gate",
		Meaning: "openshift/api: the field is only in the CRDs of the feature sets that enable `<gate>`; in the others, a member it marks is no member and a union it holds has no rules",
	},
}

// gateAwareValues adds the values of one FeatureGateAwareEnum line to the
// values of the others: the discriminator's values are those of all feature
// sets.
func gateAwareValues(have []string, m marker) ([]string, *SyntaxError) {
	values, e := parseGateAwareEnum(m.rest)
	if e != nil {
		return have, e
	}
	for _, v := range values {
		if !slices.Contains(have, v) {
			have = append(have, v)
		}
	}
	return have, nil
}

// definitions are the Definitions by name and alias.
var definitions = func() map[string]*Definition {
	byName := map[string]*Definition{}
	for i := range Definitions {
		d := &Definitions[i]
		for _, name := range append([]string{d.Name}, d.Aliases...) {
			byName[name] = d
		}
	}
	return byName
}()

// noValue is the field parser of a marker that takes no value or option.
func noValue(set func(fm *FieldMarkers)) func(*FieldMarkers, marker) *SyntaxError {
	return func(fm *FieldMarkers, m marker) *SyntaxError {
		if m.rest != "" {
			return syntaxErrorf(report.Malformed, "+%s takes no value or option, found %q", m.name, m.rest)
		}
		set(fm)
		return nil
	}
}

// namesOf returns the names and aliases of the markers of one kind; given
// scopes, of those written there only.
func namesOf(kind Owner, scopes ...Scope) []string {
	var names []string
	for _, d := range Definitions {
		if d.Owner == kind && (len(scopes) == 0 || slices.Contains(scopes, d.Scope)) {
			names = append(names, d.Name)
			names = append(names, d.Aliases...)
		}
	}
	return names
}

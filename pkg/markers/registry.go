package markers

import "slices"

// The other markers union-gen reads. Their grammar belongs to the Kubernetes
// conventions and their tools; union-gen reads only what it needs of them.
const (
	OptionalMarker            = "optional"
	K8sOptionalMarker         = "k8s:optional"
	RequiredMarker            = "required"
	K8sRequiredMarker         = "k8s:required"
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

// Kind says who owns a marker's grammar, which decides how strictly it is read.
type Kind int

const (
	// KindUnion markers are KEP-1027's: their syntax is checked, and names
	// close to theirs are reported as misspellings.
	KindUnion Kind = iota
	// KindConvention markers are Kubernetes conventions that union-gen reads
	// as their own tools do.
	KindConvention
	// KindForeign markers belong to another tool and only look like union
	// markers: they are recognised so that they are not taken for
	// misspellings, and left to that tool.
	KindForeign
	// KindDialect markers are the union markers of another dialect
	// (DialectDocs), read with that dialect's grammar and meaning.
	KindDialect
)

// Doc describes one marker union-gen reads, for `union-gen --docs`.
type Doc struct {
	// Name is the marker's name, without "+" or value.
	Name string
	// Aliases are other names with the same meaning.
	Aliases []string
	Kind    Kind
	Scope   Scope
	// Usage is how the marker is written, with its arguments.
	Usage string
	// Args says what the arguments of Usage mean; empty when it has none.
	Args    string
	Meaning string
}

// Docs is every marker union-gen reads, in the order of the documentation:
// union markers first.
var Docs = []Doc{
	{
		Name: DiscriminatorMarker, Kind: KindUnion, Scope: ScopeField,
		Usage:   "+" + DiscriminatorMarker,
		Meaning: "the field selects the member of its union; its type is a named string type marked `+enum`, whose typed constants are the valid values",
	},
	{
		Name: MemberMarker, Kind: KindUnion, Scope: ScopeField,
		Usage:   "+" + MemberMarker + "[=<value>][,optional]",
		Args:    "`<value>`: the discriminator value that selects the member, the Go field name when omitted; `optional`: the member may be selected while unset",
		Meaning: "the field is a member of the union of its struct's discriminator",
	},
	{
		Name: DiscriminatedByMarker, Kind: KindUnion, Scope: ScopeField,
		Usage:   "+" + DiscriminatedByMarker + "=<field>",
		Args:    "`<field>`: the Go or JSON name of a discriminator of the same struct",
		Meaning: "the member's discriminator; needed only when the struct has several",
	},
	{
		Name: RatchetingMarker, Kind: KindUnion, Scope: ScopeField,
		Usage:   "+" + RatchetingMarker + "[=unchanged|membership]",
		Args:    "`unchanged` (the default): the union's discriminator and members all equal old's; `membership`: the discriminator equals old's and the members are set exactly where old's are, as validation-gen ratchets",
		Meaning: "on a discriminator: an update that keeps its union so is not validated for that union, so that objects stored before the union was checked can still be updated; overrides `--ratcheting`",
	},
	{
		Name: EnumMarker, Kind: KindConvention, Scope: ScopeType,
		Usage:   "+" + EnumMarker,
		Meaning: "the string type of a discriminator; it may be declared in another package",
	},
	{
		Name: DefaultMarker, Kind: KindConvention, Scope: ScopeField,
		Usage:   "+" + DefaultMarker + "=<json>",
		Args:    "`<json>`: on a discriminator, a JSON string that is a value of its enum",
		Meaning: "the discriminator's default, applied by defaulter-gen's code; union-gen checks that it is a valid value",
	},
	{
		Name: OptionalMarker, Aliases: []string{K8sOptionalMarker}, Kind: KindConvention, Scope: ScopeField,
		Usage:   "+" + OptionalMarker,
		Meaning: "the field may be unset; a member is optional, by this marker or by `omitempty`/`omitzero` in its JSON tag",
	},
	{
		Name: RequiredMarker, Aliases: []string{K8sRequiredMarker}, Kind: KindConvention, Scope: ScopeField,
		Usage:   "+" + RequiredMarker,
		Meaning: "the field must be set; on a member it is an error",
	},
	{
		Name: ListTypeMarker, Kind: KindConvention, Scope: ScopeField,
		Usage:   "+" + ListTypeMarker + "=map",
		Args:    "`map`: the only list type union-gen reads; items of other lists are treated as created",
		Meaning: "on a list through which unions are reached, items are matched with the old object's by their `+" + ListMapKeyMarker + "` fields",
	},
	{
		Name: ListMapKeyMarker, Kind: KindConvention, Scope: ScopeField,
		Usage:   "+" + ListMapKeyMarker + "=<json name>",
		Args:    "`<json name>`: the JSON name of a scalar field of the list's items",
		Meaning: "a key of a `+" + ListTypeMarker + "=map` list; repeated for a key of several fields",
	},
	{
		Name: OpenAPIModelPackageMarker, Kind: KindConvention, Scope: ScopeTypeOrPackage,
		Usage:   "+" + OpenAPIModelPackageMarker + "=<package>",
		Args:    "`<package>`: the name under which openapi-gen publishes the definitions",
		Meaning: "with `--openapi-output-pkg`, union definitions are keyed `<package>.<Type>`, as openapi-gen keys them",
	},
	{
		Name: LegacyUnionMarker, Kind: KindDialect, Scope: ScopeType,
		Usage:   "+" + LegacyUnionMarker,
		Meaning: "KEP-1027 2019's union struct: its `+unionMember` fields, or else all its fields but the discriminator, are members selected by their Go names (see [Dialects](#dialects))",
	},
	{
		Name: LegacyMemberMarker, Kind: KindDialect, Scope: ScopeField,
		Usage:   "+" + LegacyMemberMarker,
		Meaning: "KEP-1027 2019's member of a union of the struct's own fields, selected by its Go name",
	},
	{
		Name: K8sMemberMarker, Kind: KindDialect, Scope: ScopeField,
		Usage:   "+" + K8sMemberMarker + "[(union: \"<name>\", memberName: \"<value>\")]",
		Args:    "`union`: the union's name when the struct has several; `memberName`: the discriminator value that selects the member, the Go field name when omitted",
		Meaning: "validation-gen's member: of the union with a `+" + K8sDiscriminatorMarker + "` of the same name, or else of an exactly-one union",
	},
	{
		Name: K8sDiscriminatorMarker, Kind: KindDialect, Scope: ScopeField,
		Usage:   "+" + K8sDiscriminatorMarker + "[(union: \"<name>\")]",
		Args:    "`union`: the union's name when the struct has several",
		Meaning: "validation-gen's discriminator, a string field",
	},
	{
		Name: K8sZeroOrOneOfMarker, Kind: KindDialect, Scope: ScopeField,
		Usage:   "+" + K8sZeroOrOneOfMarker + "[(union: \"<name>\")]",
		Args:    "`union`: the union's name when the struct has several",
		Meaning: "validation-gen's member of a zero-or-one union",
	},
	{
		Name: K8sItemMarker, Kind: KindDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + K8sItemMarker + "(<field>: <value>, ...)=<marker>",
		Args:    "`<field>: <value>`: the fields of a list's items that select one; `<marker>`: `+" + K8sMemberMarker + "` or `+" + K8sZeroOrOneOfMarker + "`",
		Meaning: "validation-gen's member that is a list item: a union of list items",
	},
	{
		Name: K8sBetaMarker, Aliases: []string{K8sAlphaMarker}, Kind: KindDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + K8sBetaMarker + "(since: \"<version>\")=<marker>",
		Args:    "`<version>`: the Kubernetes version of the stability level; `<marker>`: the marker it wraps",
		Meaning: "validation-gen's stability level of a marker; union-gen reads the marker it wraps",
	},
	{
		Name: K8sEnumMarker, Kind: KindDialect, Scope: ScopeType,
		Usage:   "+" + K8sEnumMarker,
		Meaning: "validation-gen's `+enum`: the same for union-gen",
	},
	{
		Name: KubebuilderEnumMarker, Kind: KindDialect, Scope: ScopeFieldOrType,
		Usage:   "+" + KubebuilderEnumMarker + "=<value>;<value>...",
		Args:    "`<value>`: a valid value, bare or quoted",
		Meaning: "controller-gen's enum: on a discriminator or its type, the valid values of a discriminator whose type is not `+enum`",
	},
}

// namesOf returns the names and aliases of the markers of one kind; given
// scopes, of those written there only.
func namesOf(kind Kind, scopes ...Scope) []string {
	var names []string
	for _, d := range Docs {
		if d.Kind == kind && (len(scopes) == 0 || slices.Contains(scopes, d.Scope)) {
			names = append(names, d.Name)
			names = append(names, d.Aliases...)
		}
	}
	return names
}

// docOf returns the Doc of the marker with this name or alias.
func docOf(name string) (Doc, bool) {
	for _, d := range Docs {
		if d.Name == name || slices.Contains(d.Aliases, name) {
			return d, true
		}
	}
	return Doc{}, false
}

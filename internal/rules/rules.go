// Package rules names the checks union-gen makes. A rule's ID is also the
// name of its broken package in testdata/bad and of its row in the README's
// "What is checked" table, so that a message can be traced to both.
package rules

// ID identifies a rule.
type ID string

// The rules, by family.
const (
	// Marker syntax.
	Malformed     ID = "malformed"
	UnknownOption ID = "unknownoption"
	Repeated      ID = "repeated"
	Misspelled    ID = "misspelled"
	MarkerOnType  ID = "markerontype"

	// The discriminator.
	NotString             ID = "notstring"
	DiscriminatorIsMember ID = "discriminatorismember"
	DefaultNotInEnum      ID = "defaultnotinenum"

	// The discriminator's enum type.
	NotEnum     ID = "notenum"
	NoConsts    ID = "noconsts"
	UntypedEnum ID = "untypedenum"

	// Members.
	ValueNotInEnum         ID = "valuenotinenum"
	DuplicateValue         ID = "duplicatevalue"
	MemberRequiredOptional ID = "memberrequiredoptional"
	MemberType             ID = "membertype"
	JSONName               ID = "jsonname"

	// How fields group into unions.
	NoDiscriminator   ID = "nodiscriminator"
	TwoDiscriminators ID = "twodiscriminators"
	Anonymous         ID = "anonymous"
	Generic           ID = "generic"

	// The way from a struct to the unions it holds.
	ListMapKeys ID = "listmapkeys"
	MapKeys     ID = "mapkeys"

	// The CRDs of --crd-paths.
	CRDSchema ID = "crdschema"
	CRDEnum   ID = "crdenum"
	CELName   ID = "celname"

	// Warnings: reported, but they do not fail the run.
	ValueName   ID = "valuename"
	LegacyUnion ID = "legacyunion"
)

// Rule describes one rule.
type Rule struct {
	ID ID
	// Family groups rules in the documentation: "marker syntax",
	// "discriminator", "enum", "member", "grouping", "reach", "crd" or
	// "warning".
	Family string
	// Summary says what the rule requires, in one sentence.
	Summary string
}

// All is every rule, in the order of the documentation.
var All = []Rule{
	{Malformed, "marker syntax", "A union marker is written +unionDiscriminator, +unionMember[=<value>][,optional] or +unionDiscriminatedBy=<field>, with a non-empty value and no quotes, spaces or commas in it."},
	{UnknownOption, "marker syntax", "The only option of +unionMember is optional."},
	{Repeated, "marker syntax", "A union marker, and the optional option, appear at most once per field."},
	{Misspelled, "marker syntax", "Union marker names are spelled exactly; a near miss is reported with the name it probably meant."},
	{MarkerOnType, "marker syntax", "Union markers go on struct fields, not on types."},
	{NotString, "discriminator", "A discriminator's type is a named string type, not a pointer to one."},
	{DiscriminatorIsMember, "discriminator", "A field is not both the discriminator and a member."},
	{DefaultNotInEnum, "discriminator", "A +default on a discriminator is a JSON string that is a value of its enum."},
	{NotEnum, "enum", "A discriminator's type is marked +enum."},
	{NoConsts, "enum", "A discriminator's enum has typed constants."},
	{UntypedEnum, "enum", "An enum's constants are typed; an untyped one is reported with the declaration to write."},
	{ValueNotInEnum, "member", "A member's value (its +unionMember=<value>, or else its Go field name) is a value of the enum."},
	{DuplicateValue, "member", "No two members of a union have the same value."},
	{MemberRequiredOptional, "member", "A member is optional: +optional, or omitempty or omitzero in its JSON tag."},
	{MemberType, "member", "A member's type shows whether it is set: a pointer, a slice, a map, a string, a bool or a number."},
	{JSONName, "member", "A discriminator or member is an exported, named field with a JSON name."},
	{NoDiscriminator, "grouping", "A member has a discriminator in its own struct."},
	{TwoDiscriminators, "grouping", "In a struct with several discriminators, each member names its own with +unionDiscriminatedBy, which names a discriminator of that struct and is only used on members."},
	{Anonymous, "grouping", "Union markers are not used in anonymous struct types."},
	{Generic, "grouping", "Union markers are not used on generic types."},
	{ListMapKeys, "reach", "A +listType=map list through which unions are reached is a list of structs with at least one +listMapKey naming a scalar field of its items."},
	{MapKeys, "reach", "Unions are reached only through pointers to structs, slices, arrays and maps with string keys."},
	{CRDSchema, "crd", "A CRD of --crd-paths has, for its kind's Go type, every property, items and additionalProperties on the way to the unions: it was generated from these types."},
	{CRDEnum, "crd", "A discriminator's enum in a CRD's schema lists the values of its Go enum (with \"\" or without), or is left to union-gen."},
	{CELName, "crd", "The discriminator and members of a union in a CRD have JSON names that the API server's CEL can select: [a-zA-Z_][a-zA-Z0-9_./-]*."},
	{ValueName, "warning", "A member's value matches its JSON name, ignoring case, as KEP-1027 says it should."},
	{LegacyUnion, "warning", "A +union struct of kube-openapi's 2019 design is converted to +enum and +unionMember markers to be checked and normalized; until then it is left to openapi-gen."},
}

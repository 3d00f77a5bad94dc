// Package report names the checks that union-gen makes of its input, the
// rules of `union-gen --docs`, and holds the problems it reports. A rule's ID
// is also the name of its broken package in testdata/bad and of its row in
// docs/reference.md, so that a message can be traced to both.
package report

// ID identifies a rule.
type ID string

// The rules, by family.
const (
	// The run's input: the packages and the files the flags name.
	LoadError     ID = "loaderror"
	NoPackage     ID = "nopackage"
	Files         ID = "files"
	NoMatchingCRD ID = "nomatchingcrd"
	// BuiltinDrift: pkg/builtin's description of built-in unions does not
	// match the k8s.io/api loaded.
	BuiltinDrift ID = "builtindrift"

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
	MisplacedRatcheting   ID = "misplacedratcheting"
	PointerDiscriminator  ID = "pointerdiscriminator"
	Modality              ID = "modality"

	// The discriminator's enum type.
	NotEnum     ID = "notenum"
	NoConsts    ID = "noconsts"
	UntypedEnum ID = "untypedenum"
	NotUTF8     ID = "notutf8"

	// Members.
	ValueNotInEnum         ID = "valuenotinenum"
	DuplicateValue         ID = "duplicatevalue"
	MemberRequiredOptional ID = "memberrequiredoptional"
	MemberType             ID = "membertype"
	JSONName               ID = "jsonname"
	TypeError              ID = "typeerror"
	DuplicateJSON          ID = "duplicatejson"

	// How fields group into unions.
	NoDiscriminator   ID = "nodiscriminator"
	TwoDiscriminators ID = "twodiscriminators"
	DialectConflict   ID = "dialectconflict"
	Anonymous         ID = "anonymous"
	Generic           ID = "generic"
	CgoFile           ID = "cgofile"

	// The way from a struct to the unions it holds.
	ListMapKeys  ID = "listmapkeys"
	MapKeys      ID = "mapkeys"
	OutsideUnion ID = "outsideunion"

	// The CRDs of --crd-paths.
	CRDSchema    ID = "crdschema"
	CRDEnum      ID = "crdenum"
	CELName      ID = "celname"
	CELSize      ID = "celsize"
	CELCost      ID = "celcost"
	CRDRecursive ID = "crdrecursive"
	NotYAML      ID = "notyaml"
	PolicyFile   ID = "policyfile"
	OutputFile   ID = "outputfile"
	// NoFieldPackage: the generated methods' import does not resolve.
	NoFieldPackage ID = "nofieldpackage"
	// BuiltinRecursive: a built-in kind's policy cannot walk its unions.
	BuiltinRecursive ID = "builtinrecursive"

	// Warnings: reported, but they do not fail the run.
	ValueName       ID = "valuename"
	GuessedValues   ID = "guessedvalues"
	Unselectable    ID = "unselectable"
	RequiredField   ID = "requiredfield"
	InferredMembers ID = "inferredmembers"
	NoMembers       ID = "nomembers"
	CompactRules    ID = "compactrules"
	CRDRejected     ID = "crdrejected"
	ItemUnion       ID = "itemunion"
	ForeignUnion    ID = "foreignunion"
	FieldGroup      ID = "fieldgroup"
	PrefixValue     ID = "prefixvalue"
	OpenAPIUnion    ID = "openapiunion"
	APIGroup        ID = "apigroup"
	TypeErrors      ID = "typeerrors"
	CRDNoKind       ID = "crdnokind"
	KindNoCRD       ID = "kindnocrd"
	CRDVariant      ID = "crdvariant"
	// DefaultSelectsRequired: the discriminator's default refuses the
	// object it is applied to.
	DefaultSelectsRequired ID = "defaultselectsrequired"

	// Warnings about a CRD's own rules.
	HandWrittenUnion ID = "handwrittenunion"
)

// Doc describes one rule, as `union-gen --docs` prints it. Text is
// Markdown: marker syntax and placeholders are in backticks.
type Doc struct {
	ID ID
	// Family groups rules in the documentation: "input", "marker syntax",
	// "discriminator", "enum", "member", "grouping", "reach", "crd",
	// "output" or "warning".
	Family string
	// Summary says what the rule requires, in one sentence.
	Summary string
	// Message is one of the messages the rule's check prints, with
	// placeholders such as <type> for what varies. A test matches it against
	// the output of testdata/bad/<ID>, so that it keeps up with the check.
	Message string
	// Hint says how to fix the input.
	Hint string
}

// Docs describe every rule, in the order of the documentation.
var Docs = []Doc{
	{
		ID: LoadError, Family: "input",
		Summary: "The input packages load: their files parse, and the go command finds the module of every package they import.",
		Message: "<the error of the Go parser or the go command>",
		Hint:    "Fix the file at the position given, or add the module that provides the import (`go get`), as `go build` would need too.",
	},
	{
		ID: BuiltinDrift, Family: "input",
		Summary: "The description of built-in unions (`pkg/builtin/unions.yaml`, for `--builtin-policy` and `--builtin-webhook`) matches the k8s.io/api loaded: its kinds and unions are structs with the fields and JSON names it gives, union-gen reads each of its unions as a discriminated union with the values it lists, and an update of each kind can switch a union.",
		Message: "its values are <values>, not <values>: union-gen's description of built-in unions was written for k8s.io/api <version>; run it where the module graph has that version",
		Hint:    "Run union-gen in a module that requires the k8s.io/api version the description names (`go get k8s.io/api@<version>`), not one replaced by a copy that differs; where that version differs from the description, the description is wrong: report it.",
	},
	{
		ID: NoPackage, Family: "input",
		Summary: "Each package pattern matches a package with Go files, as `go list` reads the patterns: a run with nothing to read is an error, not a silent success.",
		Message: "no Go files in <directory>",
		Hint:    "Check the patterns with `go list`; give the packages of your API types, such as `./api/...` or `./pkg/apis/...`.",
	},
	{
		ID: Files, Family: "input",
		Summary: "The files that the flags name exist and can be read (`--go-header-file`, a header of Go comments only; `--crd-paths`, files or directories; `--openapi-output-pkg`, a package whose directory union-gen can tell, else `--openapi-output-dir`), and union-gen can read and write its output files.",
		Message: "--crd-paths: stat <path>: no such file or directory",
		Hint:    "Check the path given to the flag (relative paths are to the working directory), and that union-gen may write the packages' directories and the CRDs.",
	},
	{
		ID: NoMatchingCRD, Family: "input",
		Summary: "`--crd-paths` holds a CRD of a kind of the input packages, found by controller-gen's group (`+groupName`), version (`+versionName` or the package's name) and kind (a type's name): a run that would edit no CRD is an error.",
		Message: "--crd-paths: no CRD version in <n> YAML files is of a kind of the input packages (its group from +groupName, its version the package's +versionName or name, its kind a type's name)",
		Hint:    "Give `--crd-paths` the directory that controller-gen writes CRDs into (`config/crd/bases`), and the packages of their kinds; check the package's `+groupName` against the CRD's group.",
	},
	{
		ID: Malformed, Family: "marker syntax",
		Summary: "A union marker is written `+unionDiscriminator`, `+unionMember[=<value>][,optional]`, `+unionDiscriminatedBy=<field>` or `+unionRatcheting[=<mode>]`, with a non-empty value and no quotes, spaces or commas in it.",
		Message: "malformed +unionMember<text>: expected +unionMember, +unionMember=<value>, +unionMember,optional or +unionMember=<value>,optional",
		Hint:    "Write the marker as its usage shows: `+unionDiscriminator` alone, values bare (`+unionMember=A`, not `+unionMember=\"A\"`).",
	},
	{
		ID: UnknownOption, Family: "marker syntax",
		Summary: "The only option of `+unionMember` is `optional`; the modes of `+unionRatcheting` are `unchanged` and `membership`; validation-gen's union markers take the arguments `union` and `memberName` only; the struct tag is `union:\"oneof\"` or `union:\"discriminator/<json name>\"`.",
		Message: `unknown option "<option>" in +unionMember<text>; the only option is "optional"`,
		Hint:    "Spell the option `optional` or the mode `unchanged` or `membership`, or remove it.",
	},
	{
		ID: Repeated, Family: "marker syntax",
		Summary: "A union marker, and the `optional` option, appear at most once per field.",
		Message: "+<marker> is repeated; write it once per field",
		Hint:    "Delete the extra marker or option.",
	},
	{
		ID: Misspelled, Family: "marker syntax",
		Summary: "Union marker names are spelled exactly; a near miss is reported with the name it probably meant.",
		Message: "unknown marker +<name>; did you mean +<marker>?",
		Hint:    "Correct the name to the one suggested (names are case-sensitive).",
	},
	{
		ID: MarkerOnType, Family: "marker syntax",
		Summary: "Union markers go on struct fields, not on types.",
		Message: "+<marker> belongs on a struct field, not on a type",
		Hint:    "Move the marker to the discriminator or member field; mark the discriminator's type `+enum`.",
	},
	{
		ID: NotString, Family: "discriminator",
		Summary: "A discriminator's type is a named string type, or a pointer to one (nil is absent): in KEP-1027's dialect marked `+enum`; the other dialects also take `string`.",
		Message: "discriminator type <type> must be a named string type marked +enum, or a pointer to one, e.g. `type Kind string` with typed constants `const KindA Kind = \"A\"`",
		Hint:    "Declare a `+enum` string type with typed constants, and give the field that type or a pointer to it.",
	},
	{
		ID: DiscriminatorIsMember, Family: "discriminator",
		Summary: "A field is not both the discriminator and a member.",
		Message: "a field cannot be both +unionDiscriminator and +unionMember: the discriminator is not a member",
		Hint:    "Remove `+unionMember` from the discriminator.",
	},
	{
		ID: DefaultNotInEnum, Family: "discriminator",
		Summary: "A `+default` on a discriminator is a JSON string that is a value of its enum.",
		Message: "+default=<json> is not a value of enum <type>; valid values: <values>",
		Hint:    "Write `+default=\"<value>\"` with a value of the enum, quoted as JSON.",
	},
	{
		ID: MisplacedRatcheting, Family: "discriminator",
		Summary: "`+unionRatcheting` goes on a discriminator, whose union it opts into ratcheting.",
		Message: "+unionRatcheting belongs on a +unionDiscriminator field: it opts that discriminator's union into ratcheting",
		Hint:    "Move the marker to the union's discriminator, or mark the field `+unionDiscriminator`.",
	},
	{
		ID: PointerDiscriminator, Family: "discriminator",
		Summary: "A mode discriminator (`+k8s:modeDiscriminator`) is a string or a bool that is not a pointer, as validation-gen requires: every mode, `\"\"` or `false` included, is a value it has.",
		Message: "+k8s:modeDiscriminator on <field> of type <type>: a mode discriminator is not a pointer, as validation-gen requires; give the field the type <elem>",
		Hint:    "Give the discriminator a string or bool type, not a pointer to one; its absence is the mode `\"\"` (or `false`).",
	},
	{
		ID: Modality, Family: "discriminator",
		Summary: "A modality of `+k8s:modeDiscriminator` or `+k8s:ifMode` is an identifier (`[a-zA-Z][a-zA-Z0-9_]*`) other than `default`, which validation-gen reserves for the struct's unnamed modality.",
		Message: "+<marker>: the modality \"default\" is reserved: validation-gen names so the modality of a mode discriminator without one; name it otherwise",
		Hint:    "Leave the modality out where the struct has one mode discriminator, or give it another name on the discriminator and its `+k8s:ifMode` lines.",
	},
	{
		ID: NotEnum, Family: "enum",
		Summary: "A discriminator's type is marked `+enum`.",
		Message: "discriminator type <type> is not marked +enum: add \"// +enum\" above `type <name> string` (declared at <file>:<line>)",
		Hint:    "Add `// +enum` to the type's doc comment, in the package that declares it.",
	},
	{
		ID: NoConsts, Family: "enum",
		Summary: "A discriminator's enum has typed constants.",
		Message: "enum <type> has no typed constants, so the discriminator has no valid value: declare them as `const X <name> = \"X\"` (declared at <file>:<line>)",
		Hint:    "Declare each value as a constant of the enum type.",
	},
	{
		ID: UntypedEnum, Family: "enum",
		Summary: "An enum's constants are typed; an untyped one is reported with the declaration to write.",
		Message: "constant <name> = \"<value>\" is untyped, so it is not a value of enum <enum>; declare it as `<name> <enum> = \"<value>\"`",
		Hint:    "Give the constant the enum type, as the message shows.",
	},
	{
		ID: NotUTF8, Family: "enum",
		Summary: "A discriminator's enum values are valid UTF-8, as JSON strings are: encoding/json writes U+FFFD for other bytes, so the Go methods, the CRD and CEL would each see another value.",
		Message: "enum value <value> is not valid UTF-8, which JSON cannot carry (encoding/json writes U+FFFD instead): write the value in UTF-8",
		Hint:    "Write the constant's value in UTF-8 (escapes such as `\\u00e9`, not `\\xe9`).",
	},
	{
		ID: ValueNotInEnum, Family: "member",
		Summary: "A member's value (its `+unionMember=<value>`, or else its Go field name) is a value of the enum.",
		Message: "\"<value>\" is not a value of enum <enum>; valid values: <values> (write +unionMember=<value> to use another value than the field name)",
		Hint:    "Write `+unionMember=<value>` with a value of the enum, or add the value to the enum.",
	},
	{
		ID: DuplicateValue, Family: "member",
		Summary: "No two members of a union have the same value.",
		Message: "value \"<value>\" of discriminator <field> already selects member <member>",
		Hint:    "Give each member its own value with `+unionMember=<value>`.",
	},
	{
		ID: MemberRequiredOptional, Family: "member",
		Summary: "A member is optional: `+optional`, or `omitempty` or `omitzero` in its JSON tag.",
		Message: "members must be optional: add \"// +optional\" or omitempty to the json tag",
		Hint:    "Mark the member `+optional` instead of `+required`, or add `omitempty` to its JSON tag.",
	},
	{
		ID: MemberType, Family: "member",
		Summary: "A member's type shows whether it is set: a pointer, a slice, a map, a string, a bool, a number, or a struct whose JSON tag has `omitzero`.",
		Message: "member type <type> cannot be told unset from set: use a pointer, *<type>, or omitzero in its JSON tag",
		Hint:    "Use a pointer to a struct instead of a struct, and a slice instead of an array.",
	},
	{
		ID: JSONName, Family: "member",
		Summary: "A discriminator or member is an exported, named field with a JSON name that encoding/json takes: letters, digits, spaces and `!#$%&()*+-./:;<=>?@[]^_{|}~` (encoding/json ignores any other name and names the property after the field).",
		Message: "union fields need a JSON name: add a tag such as `json:\"<name>,omitempty\"`",
		Hint:    "Export the field, give it a name if it is embedded, and a JSON tag.",
	},
	{
		ID: DuplicateJSON, Family: "member",
		Summary: "encoding/json serializes a union's discriminator and members under their JSON names, in their struct and in every struct that inlines it: no other field of the same name is shallower, or as deep and alone tagged, and none ties with them.",
		Message: "the union's field <field> shares its JSON name <name> with <fields> in the JSON of <struct>, <outcome>: give one of them another JSON name",
		Hint:    "Rename the JSON name of the union's field or of the other field; two structs with a discriminator of the same name cannot both be inlined into one.",
	},
	{
		ID: TypeError, Family: "member",
		Summary: "The types of a union's discriminator and members, and the constants of its enum, compile: union-gen reads them to tell a member set, and to list the enum's values.",
		Message: "<type checker's error>: a union's field types must compile for union-gen to read them",
		Hint:    "Fix the error the type checker names, at its position (`go build` shows it too).",
	},
	{
		ID: NoDiscriminator, Family: "grouping",
		Summary: "A member has a discriminator in its own struct.",
		Message: "member has no discriminator in <struct>: add +unionDiscriminator to the field that selects it (a union's discriminator and members must be in one struct)",
		Hint:    "Mark the field that selects the member `+unionDiscriminator`, in the member's struct.",
	},
	{
		ID: TwoDiscriminators, Family: "grouping",
		Summary: "In a struct with several discriminators, each member names its own with `+unionDiscriminatedBy`, which names a discriminator of that struct and is only used on members.",
		Message: "<struct> has <n> discriminators (<fields>): add +unionDiscriminatedBy=<field> to say which one selects this member",
		Hint:    "Add `+unionDiscriminatedBy=<field>` to each member, naming a discriminator of the same struct by its Go or JSON name.",
	},
	{
		ID: DialectConflict, Family: "grouping",
		Summary: "A field's union markers are of one dialect, and a struct named by a `union:\"...\"` struct tag has no union markers of its own and no other such tag.",
		Message: "<marker> (<dialect>) and <marker> (<dialect>) on one field: write the union in one dialect",
		Hint:    "Keep the markers of one dialect on the field (see the dialect table), and remove the others.",
	},
	{
		ID: Anonymous, Family: "grouping",
		Summary: "Union markers are not used in anonymous struct types.",
		Message: "union markers in an anonymous struct type are not supported: declare a named struct type for the field",
		Hint:    "Declare the struct as a named type and give the field that type.",
	},
	{
		ID: Generic, Family: "grouping",
		Summary: "Union markers are not used on generic types, and no field holds a type that reaches unions as a type argument of a generic type (`Box[Inner]`, or an alias of one): generated methods cannot walk an instance of a generic type.",
		Message: "union markers on generic types are not supported",
		Hint:    "Move the union into a struct type without type parameters; hold it in a struct type that is not generic.",
	},
	{
		ID: CgoFile, Family: "grouping",
		Summary: "Union markers are in files without `import \"C\"`: union-gen reads packages with cgo off, so that its output is the same on every machine.",
		Message: "union markers in a file that imports \"C\": union-gen reads packages with cgo off, so that its output does not depend on the machine, and so does not see this file; move the types to a file without cgo",
		Hint:    "Move the types with union markers to a file of the package that does not import \"C\".",
	},
	{
		ID: ListMapKeys, Family: "reach",
		Summary: "A `+listType=map` list through which unions are reached is a list of structs with at least one `+listMapKey` naming a scalar field of its items.",
		Message: "+listType=map needs at least one +listMapKey=<json name> to match items with the old object",
		Hint:    "Add a `+listMapKey=<json name>` for each key field of the items.",
	},
	{
		ID: MapKeys, Family: "reach",
		Summary: "Unions are reached only through pointers to structs, slices, arrays and maps with string keys.",
		Message: "cannot reach the unions in <type>: map keys must be strings to name the map's values in field paths",
		Hint:    "Use string keys (or a named string type) for maps, and pointers only to structs, on the way to a union.",
	},
	{
		ID: OutsideUnion, Family: "reach",
		Summary: "Where a field of an input package reaches a union (through any types and packages) in a package of the same module, that package is an input too: union-gen checks the unions of the input packages only.",
		Message: "the union of <type> is reached from <field>, but package <package> is not an input, so nothing checks it: add <package> to the package patterns",
		Hint:    "Add the package that declares the union to the package patterns (`./...` takes every package of the module).",
	},
	{
		ID: CRDSchema, Family: "crd",
		Summary: "A CRD of `--crd-paths` has, for its kind's Go type, every property, items and additionalProperties on the way to the unions: it was generated from these types.",
		Message: "the schema has no property \"<name>\" of <type>: the CRD is stale; run controller-gen first",
		Hint:    "Run controller-gen on the same packages before union-gen (`make manifests`).",
	},
	{
		ID: CRDEnum, Family: "crd",
		Summary: "A discriminator's enum in a CRD's schema lists the values of its Go enum (with \"\" or without), or is left to union-gen.",
		Message: "the schema's enum <values> is not the values of enum <type>, <values>: make the +kubebuilder:validation:Enum marker list them, or remove it",
		Hint:    "Remove `+kubebuilder:validation:Enum` from the discriminator, or make it list exactly the enum's values.",
	},
	{
		ID: CRDRecursive, Family: "crd",
		Summary: "A kind of `--crd-paths` reaches its unions without recursion through values that have old counterparts (fields, pointers, maps, list-maps): the normalization policy's CEL has a fixed depth.",
		Message: "<kind> reaches unions through values of the recursive type <type>, again at <path>: a policy's CEL normalizes to a fixed depth, so union-gen cannot write one; reach the recursion through a list that is not a list-map (+listType=atomic), whose items are not normalized",
		Hint:    "Make the field that recurses a list with `+listType=atomic`, or leave the kind's CRD out of `--crd-paths`.",
	},
	{
		ID: NotYAML, Family: "crd",
		Summary: "Every file of `--crd-paths` (its `*.yaml` and `*.yml` files, for a directory) is YAML: union-gen rewrites it, and keeps its other documents.",
		Message: "not YAML: <error>; fix the file or leave it out of --crd-paths",
		Hint:    "Fix the YAML at the position given, or give `--crd-paths` the CRD files alone.",
	},
	{
		ID: BuiltinRecursive, Family: "output",
		Summary: "A kind of the description of built-in unions (`pkg/builtin/unions.yaml`, for `--builtin-policy` and `--builtin-webhook`) reaches its unions without recursion through values that have old counterparts: the normalization policy's CEL has a fixed depth.",
		Message: "<kind> reaches its unions again under <type>, at <path>, which a policy cannot walk",
		Hint:    "Run union-gen where the module graph has the k8s.io/api version that the description names; where that version's kind recurses, the resource does not belong in the description: report it.",
	},
	{
		ID: OutputFile, Family: "output",
		Summary: "A Go file that union-gen writes (`--output-file` in each package, `--openapi-output-file`) is union-gen's where it exists already: it has the line `// Code generated by union-gen. DO NOT EDIT.`.",
		Message: "union-gen writes its methods here, but this file is not union-gen's (it has no line \"// Code generated by union-gen. DO NOT EDIT.\"): give --output-file another name, or move the file",
		Hint:    "Give `--output-file` a name of its own (the default is `zz_generated.unions.go`), or move the hand-written file.",
	},
	{
		ID: NoFieldPackage, Family: "output",
		Summary: "The module of a package that gets generated methods provides `k8s.io/apimachinery/pkg/util/validation/field`, which the methods import: union-gen does not write code that cannot build.",
		Message: "the generated methods of <package> import k8s.io/apimachinery/pkg/util/validation/field, which this module does not provide (<go list's error>): run `go get k8s.io/apimachinery` here, then union-gen again",
		Hint:    "Run `go get k8s.io/apimachinery` in the module (any version from v0.33, Kubernetes 1.33, on), then run union-gen again.",
	},
	{
		ID: PolicyFile, Family: "crd",
		Summary: "The file beside a CRD file where union-gen writes its policies (`NAME.unions-policy.yaml`) is union-gen's: no other CRD file has the same (`a.yaml` and `a.yml`), and it does not hold anything union-gen did not write.",
		Message: "union-gen writes the policies of <file> here, but this file is not union-gen's: move it, or rename the CRD file",
		Hint:    "Rename one of two CRD files that differ only in `.yaml` and `.yml`; move a file of your own out of the `.unions-policy.yaml` name.",
	},
	{
		ID: CELName, Family: "crd",
		Summary: "The discriminator and members of a union in a CRD have JSON names that the API server's CEL can select: `[a-zA-Z_][a-zA-Z0-9_./-]*`.",
		Message: "property \"<name>\" cannot be named in CEL: the API server gives CEL only properties named [a-zA-Z_][a-zA-Z0-9_./-]*",
		Hint:    "Rename the field's JSON name to letters, digits, `_`, `.`, `/` and `-`, starting with a letter or `_`.",
	},
	{
		ID: CELSize, Family: "crd",
		Summary: "Every CEL expression union-gen writes, a CRD's rule or a policy's patch, is at most 100,000 code points long, as the API server's CEL parser requires.",
		Message: "a rule of the union is <n> code points long, over the 100000 that the API server's CEL parser takes: its enum has <n> values; give the discriminator fewer",
		Hint:    "Give the discriminator fewer enum values (a rule lists the values that do not select a member), or leave the kind's CRD out of `--crd-paths`.",
	},
	{
		ID: CELCost, Family: "crd",
		Summary: "The API server accepts a CRD's rules only where each, times the values it may run on, costs at most 10,000,000 by its estimate, and all of a version's at most 100,000,000; union-gen estimates its rules as the API server does, and writes none that do not fit, even compact ones (the default).",
		Message: "even the compact rules of the union of <d> cost up to <n> each, over the API server's limit of 10000000 per rule, as <list> (no maxItems) let a request hold <n> of these objects: give the schema bounds (+kubebuilder:validation:MaxItems, MaxProperties, MaxLength), or leave this kind out of --crd-paths",
		Hint:    "Bound the lists and maps that hold the union (`+kubebuilder:validation:MaxItems`, `MaxProperties`), and strings that a rule compares (`MaxLength`, or an enum); where the error names the CRD's hand-written union rules (`handwrittenunion`), delete them.",
	},
	{
		ID: ValueName, Family: "warning",
		Summary: "A member's value matches its JSON name, ignoring case, as KEP-1027 says it should.",
		Message: "member value \"<value>\" does not match its JSON name \"<name>\" (KEP-1027: they should match, ignoring case)",
		Hint:    "Rename the member's JSON name or its enum value so that they match, ignoring case.",
	},
	{
		ID: GuessedValues, Family: "warning",
		Summary: "The valid values of a discriminator of KEP-1027 2019, validation-gen or the struct tags are said by `+enum` or `+kubebuilder:validation:Enum`; otherwise union-gen guesses them: the typed constants of the discriminator's type, the members' values and `\"\"` if the discriminator is optional.",
		Message: "the valid values of <field> are guessed: <type> has no +enum constants and no +kubebuilder:validation:Enum, so they are its typed constants, the members' values and \"\" if it is optional: <values>",
		Hint:    "Mark the discriminator's type `+enum`, or list its values with `+kubebuilder:validation:Enum`; check that each member's value (its Go name unless `+unionMember=<value>` says otherwise) is one of them.",
	},
	{
		ID: Unselectable, Family: "warning",
		Summary: "In the dialects other than KEP-1027's, a member with no value written is selected by its Go name, or by its JSON name where that and not the Go name is a valid value, or by either ignoring case, or by the one value its JSON name starts with (`prefixvalue`); when none is, the member is left out of the union.",
		Message: "<member> is left out of the union: its value is its Go name, \"<name>\", which is not a valid value of <field> (<values>), nor is its JSON name, \"<json>\", even ignoring case, nor does one value start it; write +unionMember=<value> to give it one",
		Hint:    "Give the member its value with `+unionMember=<value>` (or validation-gen's `memberName`), or add its Go name to the valid values.",
	},
	{
		ID: PrefixValue, Family: "warning",
		Summary: "In the dialects other than KEP-1027's, a member with no value written whose Go and JSON names are no valid value, even ignoring case, is selected by the one valid value that its JSON name starts with, ignoring case (k8s.io/api's `SeccompProfile`: `localhostProfile` for `Localhost`).",
		Message: "<member> is taken for the member of \"<value>\", the one value of <field> that its JSON name \"<json>\" starts with, ignoring case; write +unionMember=<value> to say so",
		Hint:    "Give the member its value with `+unionMember=<value>` (or validation-gen's `memberName`) where the guess is wrong.",
	},
	{
		ID: APIGroup, Family: "warning",
		Summary: "A few `+oneOf` groups of k8s.io/api are not enforced by kube-apiserver as exactly one of their fields; union-gen reads each as the API server enforces it (at most one, at least one, or nothing of the struct), so that its verdicts on k8s.io/api are the API server's.",
		Message: "+oneOf=<group> of k8s.io/api's <type>: <what the API server enforces>: union-gen follows kube-apiserver v1.37 and <what it checks>",
		Hint:    "Nothing to do: the warning says where union-gen follows the API server rather than k8s.io/api's marker.",
	},
	{
		ID: FieldGroup, Family: "warning",
		Summary: "A `+oneOf=<group>` or `+zeroOrOneOf=<group>` group named after a field of its struct that is not in the group is selected by that field (k8s.io/api's `count`, `+oneOf=AllocationMode`), which the markers do not say how: union-gen checks nothing of it.",
		Message: "+oneOf=<group> names the field <field> of <struct>, which selects the group's fields by its value, and no marker says which value selects which: union-gen checks nothing of the group; write +unionDiscriminator on <field> and +unionMember=<value> on the fields",
		Hint:    "Write the union with a discriminator: `+unionDiscriminator` on the field the group names, `+unionMember=<value>` on its members.",
	},
	{
		ID: OpenAPIUnion, Family: "warning",
		Summary: "With `--openapi-output-pkg`, a union whose values each select one member at most, and whose members each have one value, is described in `x-kubernetes-unions`; one of validation-gen's modes that is not is left out of `UnionDefinitions`.",
		Message: "a value of <field> selects several members, or a member is selected by several values, which x-kubernetes-unions cannot say: the union is left out of UnionDefinitions; its Go methods check it",
		Hint:    "Nothing to fix for the Go methods and CRD rules; OpenAPI clients see no union extension for it.",
	},
	{
		ID: RequiredField, Family: "warning",
		Summary: "In a KEP-1027 2019 `+union` struct without member markers, every optional field but the discriminator is a member, required when selected (`+unionMember,optional` says otherwise); a required field (neither `+optional` nor omitempty/omitzero), such as a `targetRef` beside the union, is left out of the union.",
		Message: "<field> is required, so it is no member of the +union struct's union: mark the members +unionMember, or mark <field> +optional if it is one",
		Hint:    "Mark the members `+unionMember` so that the other fields are not taken for members, or make the field optional if it is a member.",
	},
	{
		ID: InferredMembers, Family: "warning",
		Summary: "A `+unionDiscriminator` has its members marked `+unionMember`; in a struct without member markers (and without `+union`), union-gen infers them as KEP-1027 2019 does: the optional fields whose Go name, or else JSON name, is a valid value (else either, ignoring case), each selected by that value and required when selected, as the projects that write such unions require them.",
		Message: "no field is marked +unionMember, so the members of <field> are inferred as KEP-1027 2019 infers them, the optional fields whose Go or JSON name is a value, ignoring case: <fields>, each required when selected; mark them +unionMember (,optional where one may be unset)",
		Hint:    "Mark the members `+unionMember` (with `=<value>` and `,optional` as they need): marked, they are checked, and may be required when selected.",
	},
	{
		ID: DefaultSelectsRequired, Family: "warning",
		Summary: "A discriminator's default (`+default`, `+kubebuilder:default`) selects a member that may be unset when selected (`+unionMember,optional`) or has a default of its own: where it selects a member required when selected that has none, an object that leaves out both gets the default and is refused, by the CRD rules as by the Go methods.",
		Message: "the default <value> of <field> selects <member>, which is required when selected and has no default: an object that leaves out both is refused; mark <member> +unionMember,optional, or default the field that holds the union with both instead",
		Hint:    "Mark the member `+unionMember,optional` if the union is valid without it; or move the default to the field that holds the union, with the member's value too (`+kubebuilder:default={type: RollingUpdate, rollingUpdate: {}}` in a CRD; openapi-gen takes a `+default` of a struct only on a pointer field), which applies where the union is absent. A default on the member alone would apply whatever the discriminator says; Kubernetes' Deployment defaults both in code, which union-gen cannot see (`--silence-warnings=defaultselectsrequired`).",
	},
	{
		ID: NoMembers, Family: "warning",
		Summary: "A `+unionDiscriminator` selects members; in a struct without member markers where no optional field is named by a valid value (ignoring case), the union has none, and only checks the discriminator's value.",
		Message: "no field is marked +unionMember, and no optional field's Go or JSON name is a value of <field> (<values>), ignoring case: the union only checks that <json> is one of them; mark its members +unionMember",
		Hint:    "Mark the members `+unionMember=<value>`; a discriminator whose values select no member needs no `+unionDiscriminator`, only its enum.",
	},
	{
		ID: CompactRules, Family: "warning",
		Summary: "With `--crd-rules=precise`, a union's precise CRD rules (one per error, with its reason, field and message) fit the API server's cost limits; where they do not, union-gen writes its compact rules, one per member, which give the same verdicts.",
		Message: "the precise rules of the union of <d> cost up to <n> each, over the API server's limit of 10000000 per rule, as <list> (no maxItems) let a request hold <n> of these objects: union-gen writes its compact rules, one per member (cost <n> at most), whose errors have no precise reason and message; give the lists and maps named a maxItems or maxProperties for precise rules",
		Hint:    "Bound the list or map named (`+kubebuilder:validation:MaxItems`, `MaxProperties`) for precise rules, or leave out `--crd-rules=precise`: the default compact rules give the same verdicts.",
	},
	{
		ID: CRDRejected, Family: "warning",
		Summary: "The API server limits the cost of all of a CRD version's rules, its own and the unions', to 100,000,000; union-gen estimates every rule as the API server does (k8s.io/apiextensions-apiserver's CEL compiler and cost estimator). Where a CRD's own rules alone are over the limit, or one of them does not compile, the API server rejects the CRD as given, whatever union-gen adds: it warns, and holds the unions' rules to the limits as if those cost nothing.",
		Message: "the API server rejects this CRD version as given: its own rules cost <n>, over its limit of 100000000 for a version; union-gen adds the unions' rules within the limits as if the CRD had no rules of its own: make its own rules cost less (+kubebuilder:validation:MaxItems, MaxProperties, MaxLength on what they read)",
		Hint:    "Make the CRD's own rules cost less (bounds on the lists, maps and strings they read), or fix the rules that do not compile: the API server rejects the CRD as it is.",
	},
	{
		ID: ItemUnion, Family: "warning",
		Summary: "A union of list items (`+k8s:item(...)=+k8s:zeroOrOneOfMember` or `=+k8s:unionMember`) is validation-gen's to check.",
		Message: "a union of list items (+k8s:item) is left to validation-gen: union-gen generates nothing for it",
		Hint:    "Nothing to do: validation-gen validates it; union-gen checks the unions of struct fields.",
	},
	{
		ID: ForeignUnion, Family: "warning",
		Summary: "A union that a field of an input package reaches in a package of another module, such as k8s.io/api's `SeccompProfile` in a `PodSpec`, is that module's: union-gen generates nothing for it, and says so once per union type, at the first field that reaches it.",
		Message: "reaches the union of <type>, in package <package> of another module: union-gen does not check it, as a module's unions are its own project's to enforce",
		Hint:    "Nothing to do where the module's own validation covers the field; otherwise validate it yourself. Silence it with `--silence-warnings=foreignunion`.",
	},
	{
		ID: TypeErrors, Family: "warning",
		Summary: "The input packages compile; their type errors that touch no union's fields do not stop the run, since packages often compile only once generated code is in place. They are looked for where a declaration does not compile.",
		Message: "the input packages have <n> type errors that touch no union, the first: <type checker's error>; union-gen generates anyway, since packages often compile only once generated code is in place (go build lists them)",
		Hint:    "Run the other generators (deepcopy-gen, controller-gen object), then `go build`; silence it with `--silence-warnings=typeerrors` where that is the order of your generators.",
	},
	{
		ID: CRDNoKind, Family: "warning",
		Summary: "Every version of every CRD of `--crd-paths` is of a kind of the input packages: its group is a package's `+groupName`, its version the package's `+versionName` or name, its kind a type's name. union-gen leaves the others as they are: a CRD none of whose versions is of an input kind, and the versions of a CRD that are not, each get a warning.",
		Message: "no input package has kind <kind> in group <group> at version <versions>, so union-gen adds no rules to this CRD: add the package of its Go types to the patterns, or leave the file out of --crd-paths",
		Hint:    "Add the Go package of the CRD's kind to the package patterns, check its `+groupName` (in any file of the package, as controller-gen reads it), or leave the file out of `--crd-paths`.",
	},
	{
		ID: KindNoCRD, Family: "warning",
		Summary: "A kind of the input packages that has unions has a CRD in `--crd-paths`, at its version, when other CRDs of its group are there: a kind is a struct with `metav1.TypeMeta` and `metav1.ObjectMeta`.",
		Message: "kind <kind> has unions, but no CRD of --crd-paths is of it at version <version>, while other CRDs of group <group> are: generate its CRD with controller-gen into --crd-paths, or it gets no rules",
		Hint:    "Generate the kind's CRD (controller-gen) into a directory of `--crd-paths`, or give its file to `--crd-paths`.",
	},
	{
		ID: CRDVariant, Family: "warning",
		Summary: "A CRD that leaves out part of its kind's unions is a variant of the Go types (one of a project's release channels): it may leave out an optional field that reaches unions where another CRD of the run of the same kind and version has it, and a value that a `+kubebuilder:validation:Enum` leaves out of the Go enum together with the member it selects. union-gen warns of an optional field that no CRD of the run has, and of a member whose value the CRD's enum leaves out, which its rules then forbid.",
		Message: "the schema has no property \"<name>\" of <type>, which reaches unions, nor has any other CRD of --crd-paths of this kind and version: union-gen takes the CRD for a variant without it (a release channel's); if the CRD is stale, run controller-gen",
		Hint:    "Give `--crd-paths` every variant of the CRD (every channel's directory) in one run, or run controller-gen if the field is new; list a member's value in the enum of each CRD that has the member.",
	},
	{
		ID: HandWrittenUnion, Family: "warning",
		Summary: "A CRD's own rules do not check a union that union-gen's rules check: a rule on the same schema, not union-gen's, that reads only the union's discriminator and members (two or more, as `self.<field>`, in `has()` or as values) and nothing else (no `oldSelf`, bare `self` or other variable) costs toward the API server's limit beside union-gen's, and is reported at the `+kubebuilder:validation:XValidation` marker that wrote it (at the rule, where no marker of the schema's Go types has its text), once per run.",
		Message: "this rule checks only <union> (it reads <fields>), which union-gen's rules now check: delete this +kubebuilder:validation:XValidation marker and run controller-gen again",
		Hint:    "Delete the marker and run controller-gen again (or delete the rule from the CRD, where no marker writes it): union-gen's rules check the union, with the Go methods' errors. Silence it with `--silence-warnings=handwrittenunion` to keep the rule.",
	},
}

// Warnings are the IDs of the rules of the "warning" family: reported, but
// they do not fail the run, and --silence-warnings can leave them out.
func Warnings() []ID {
	var ids []ID
	for _, r := range Docs {
		if r.Family == "warning" {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

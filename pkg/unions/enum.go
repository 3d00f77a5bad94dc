package unions

import (
	"fmt"
	"go/constant"
	"go/token"
	gotypes "go/types"
	"slices"
	"strings"
	"unicode/utf8"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/spelling"
	"github.com/union-gen/union-gen/pkg/load"
	"github.com/union-gen/union-gen/pkg/report"
)

type enumInfo struct {
	enum Enum
	// marked is set for a type marked +enum or +k8s:enum, whose values are
	// its typed constants.
	marked bool
	// problem says why the type is not a usable enum, and rule which rule
	// that breaks; both are empty when it is usable.
	problem string
	rule    report.ID
	// notEnum says that the type is not marked +enum, for the dialect that
	// requires it.
	notEnum string
	// kubebuilder holds the values of the type's
	// +kubebuilder:validation:Enum, and constants those of its typed
	// constants, when it is not marked +enum.
	kubebuilder, constants []string
	untyped                []load.UntypedConst
	// kubebuilderGated says that kubebuilder are the values of all the
	// feature gates of a FeatureGateAwareEnum.
	kubebuilderGated bool
	// broken says that a constant of the type does not compile, which is
	// reported once: its discriminators are left out, since its values are
	// not known.
	broken bool
}

// enum resolves a discriminator type (a pointer's element type) to an enum
// once: each discriminator of a type that is no enum is told why, and the
// type's own mistakes (untyped constants) are reported once. plainString
// allows the builtin string, which the dialects other than KEP-1027's accept.
func (b *builder) enum(et *types.Type, plainString bool) *enumInfo {
	if plainString && isBuiltinString(et) {
		return &enumInfo{}
	}
	if info, ok := b.enums[et.Name]; ok {
		return info
	}
	info := &enumInfo{}
	b.enums[et.Name] = info
	name := b.names.Name(et)
	if !isNamedString(et) {
		info.rule = report.NotString
		info.problem = fmt.Sprintf("discriminator type %s must be a named string type marked +enum, or a pointer to one, e.g. `type Kind string` with typed constants `const KindA Kind = \"A\"`", name)
		return info
	}
	enumDir := b.dir(et)
	fromSource, fromGengo, doc := b.marks.enumMarkers(et)
	if !fromSource.Enum && !fromGengo.Enum {
		add := `add "// +enum"`
		if typo := misspelledEnum(doc); typo != "" {
			add = fmt.Sprintf(`"// %s" is no marker: did you mean +enum? add "// +enum"`, typo)
		}
		info.notEnum = fmt.Sprintf("discriminator type %s is not marked +enum: %s above `type %s string`%s",
			name, add, et.Name.Name, declaredAt(b.src.TypePos(enumDir, et.Name.Name)))
		info.kubebuilder, info.kubebuilderGated = fromSource.EnumValues, fromSource.EnumGated
		if info.kubebuilder == nil {
			info.kubebuilder, info.kubebuilderGated = fromGengo.EnumValues, fromGengo.EnumGated
		}
		info.constants, info.broken = b.enumValues(et)
		return info
	}
	info.marked = true
	info.enum = Enum{Type: et}
	info.enum.Values, info.broken = b.enumValues(et)
	info.untyped = b.src.UntypedEnumConsts(enumDir, et.Name.Name)
	for _, c := range info.untyped {
		b.report(c.Pos, b.universe.Package(et.Name.Package).Name+"."+c.Name, report.UntypedEnum, false,
			"constant %s = %q is untyped, so it is not a value of enum %s; declare it as `%s %s = %q`",
			c.Name, c.Value, et.Name.Name, c.Name, et.Name.Name, c.Value)
	}
	for _, c := range b.constsOf(et).notUTF8 {
		// encoding/json writes U+FFFD for such bytes: no object can carry
		// the value.
		b.report(b.src.ConstSpan(enumDir, c.Name()).From, b.universe.Package(et.Name.Package).Name+"."+c.Name(), report.NotUTF8, false,
			"enum value %q is not valid UTF-8, which JSON cannot carry (encoding/json writes U+FFFD instead): write the value in UTF-8", constant.StringVal(c.Val()))
	}
	if len(info.enum.Values) == 0 {
		info.rule = report.NoConsts
		info.problem = fmt.Sprintf("enum %s has no typed constants, so the discriminator has no valid value: declare them as `const X %s = \"X\"`%s",
			name, et.Name.Name, declaredAt(b.src.TypePos(enumDir, et.Name.Name)))
	}
	return info
}

func isNamedString(t *types.Type) bool {
	return t.Kind == types.Alias && t.Underlying.Kind == types.Builtin && t.Underlying.Name.Name == "string"
}

func isBuiltinString(t *types.Type) bool {
	return t.Kind == types.Builtin && t.Name.Name == "string"
}

// declaredAt says where a type is declared, for hints that send the reader there.
func declaredAt(pos token.Position) string {
	if !pos.IsValid() {
		return ""
	}
	return fmt.Sprintf(" (declared at %s:%d)", report.DisplayPath(pos.Filename), pos.Line)
}

// typedConsts are the constants of one named type.
type typedConsts struct {
	// values are the values of its string constants.
	values []string
	// broken are the constants whose value the type checker could not
	// compute: their declarations do not compile.
	broken []*gotypes.Const
	// notUTF8 are the string constants whose value is not valid UTF-8.
	notUTF8 []*gotypes.Const
}

// enumValues collects the values of the constants of type et, in whichever
// package et is declared: gengo only records constants of input packages.
// A constant whose declaration does not compile is a type error that
// touches the enum, reported here, and broken is set: left out, it would make
// a valid value invalid.
func (b *builder) enumValues(et *types.Type) (values []string, broken bool) {
	consts := b.constsOf(et)
	for _, c := range consts.broken {
		b.constTypeErrors(et, c)
	}
	values = slices.Clone(consts.values)
	slices.Sort(values)
	return slices.Compact(values), len(consts.broken) > 0
}

// constsOf returns the constants of type et, in whichever package et is
// declared.
func (b *builder) constsOf(et *types.Type) typedConsts {
	named, ok := gotypes.Unalias(et.GoType).(*gotypes.Named)
	if !ok || named.Obj().Pkg() == nil {
		return typedConsts{}
	}
	return b.typedConsts(named.Obj().Pkg())[named.Obj()]
}

// typedConsts groups a package's constants by their named type. A package
// is scanned once, however many enums it declares: scanning it per enum made
// generation quadratic in the number of unions.
func (b *builder) typedConsts(pkg *gotypes.Package) map[*gotypes.TypeName]typedConsts {
	if byType, ok := b.consts[pkg]; ok {
		return byType
	}
	byType := map[*gotypes.TypeName]typedConsts{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*gotypes.Const)
		if !ok {
			continue
		}
		named, ok := gotypes.Unalias(c.Type()).(*gotypes.Named)
		if !ok {
			continue
		}
		consts := byType[named.Obj()]
		switch c.Val().Kind() {
		case constant.String:
			v := constant.StringVal(c.Val())
			consts.values = append(consts.values, v)
			if !utf8.ValidString(v) {
				consts.notUTF8 = append(consts.notUTF8, c)
			}
		case constant.Unknown:
			consts.broken = append(consts.broken, c)
		}
		byType[named.Obj()] = consts
	}
	b.consts[pkg] = byType
	return byType
}

// misspelledEnum returns the line of a type's doc comment that is likely a
// misspelled +enum ("+enmu", "+Enum"), or "".
func misspelledEnum(doc []string) string {
	for _, l := range doc {
		l = strings.TrimSpace(l)
		name, ok := strings.CutPrefix(l, "+")
		if !ok || name == "enum" {
			continue
		}
		if spelling.Nearest(name, []string{"enum"}, nil) != "" && !strings.Contains(name, ":") {
			return l
		}
	}
	return ""
}

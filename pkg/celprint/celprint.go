// Package celprint prints the conditions of a union's rules
// (unionspec.Cond) as the API server's CEL, for the CRD rules and the
// policy, and names properties as the API server's CEL does.
package celprint

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/union-gen/union-gen/pkg/unionspec"
)

// Printer prints a union's conditions as CEL, for the rules and the
// policy alike. Self is the union's object and Old its old counterpart;
// Guard, if any, tests that old is there, for the operations of updates.
type Printer struct {
	Union     *unionspec.Union
	Self, Old string
	Guard     string
	// Select is how x's property name is selected, and tested present:
	// SelectProperty in CRD rules, Property in a policy.
	Select func(x, name string) (value, present string)
	// DiscPresent: the schema requires the discriminator.
	DiscPresent bool
}

// Print is the CEL of c, or of its negation.
func (p *Printer) Print(c *unionspec.Cond, negated bool) string {
	return unionspec.PrintBool(c, negated, p.leaf)
}

// leaf is the CEL of an operation, or of its negation.
func (p *Printer) leaf(c *unionspec.Cond, negated bool) string {
	switch c.Op {
	case unionspec.OpDiscIn:
		return p.discIn(c.Values, negated)
	case unionspec.OpNoneSet, unionspec.OpSeveralSet:
		return p.counted(c.Op, negated)
	}
	s := p.operation(c)
	if p.Guard != "" && c.Op.OnUpdateOnly() {
		s = "(" + p.Guard + " && " + s + ")"
	}
	if negated {
		return "!" + s
	}
	return s
}

// operation is the CEL of an operation, with old there.
func (p *Printer) operation(c *unionspec.Cond) string {
	switch c.Op {
	case unionspec.OpUpdate:
		return "true"
	case unionspec.OpDiscUnchanged:
		return fmt.Sprintf("(%s == %s)", p.discValue(p.Old), p.discValue(p.Self))
	case unionspec.OpSet:
		return p.set(c.Member, p.Self)
	case unionspec.OpOldSet:
		return p.set(c.Member, p.Old)
	case unionspec.OpSameSet:
		return fmt.Sprintf("(%s == %s)", p.set(c.Member, p.Self), p.set(c.Member, p.Old))
	case unionspec.OpEqual:
		value, _ := p.Select(p.Self, c.Member)
		oldValue, _ := p.Select(p.Old, c.Member)
		return fmt.Sprintf("(%s == %s)", value, oldValue)
	case unionspec.OpKept:
		// Guarded once as a whole, not operation by operation.
		inner := *p
		inner.Guard = ""
		return inner.Print(p.Union.Kept, false)
	}
	panic(fmt.Sprintf("celprint: unknown operation %q", c.Op))
}

// discIn is the CEL of OpDiscIn, or of its negation: an absent
// discriminator is "" (false).
func (p *Printer) discIn(values []string, negated bool) string {
	value, present := p.Select(p.Self, p.Union.Discriminator)
	absentIn := slices.Contains(values, p.Union.Absent())
	if p.DiscPresent && !absentIn {
		return "(" + in(p.Union, value, values, negated) + ")"
	}
	if absentIn == negated {
		return fmt.Sprintf("(%s && %s)", present, in(p.Union, value, values, negated))
	}
	return fmt.Sprintf("(!%s || %s)", present, in(p.Union, value, values, negated))
}

// discValue is the discriminator of x, "" (false) when absent.
// (x.?d.orValue("") is estimated as a string of unbounded length, over the
// cost limit.)
func (p *Printer) discValue(x string) string {
	value, present := p.Select(x, p.Union.Discriminator)
	return fmt.Sprintf(`(%s ? %s : %s)`, present, value, p.Union.Literal(p.Union.Absent()))
}

// counted is the CEL of OpNoneSet or OpSeveralSet, or of its negation.
func (p *Printer) counted(op unionspec.Op, negated bool) string {
	var comparison string
	switch {
	case op == unionspec.OpNoneSet && !negated:
		comparison = " == 0"
	case op == unionspec.OpNoneSet:
		comparison = " != 0"
	case !negated:
		comparison = " > 1"
	default:
		comparison = " <= 1"
	}
	return "(" + p.count() + comparison + ")"
}

func (p *Printer) count() string {
	terms := make([]string, len(p.Union.Members))
	for i, m := range p.Union.Members {
		terms[i] = "(" + p.set(m.Name, p.Self) + " ? 1 : 0)"
	}
	return cmp.Or(strings.Join(terms, " + "), "0")
}

func (p *Printer) set(member, x string) string {
	m := p.Union.Member(member)
	value, present := p.Select(x, member)
	return setTest(m.Presence, m.Properties, present, value, p.Select)
}

// in tests that x, the discriminator of u, is one of values, or none of
// them, as CEL.
func in(u *unionspec.Union, x string, values []string, none bool) string {
	switch {
	case len(values) == 1 && none:
		return x + " != " + u.Literal(values[0])
	case len(values) == 1:
		return x + " == " + u.Literal(values[0])
	case none:
		return "!(" + x + " in [" + u.Literals(values) + "])"
	}
	return x + " in [" + u.Literals(values) + "]"
}

// SelectProperty is a property of x as CRD rules select it, and its
// presence test, for a name that Select takes.
func SelectProperty(x, name string) (value, present string) {
	sel, _ := Select(name)
	return x + "." + sel, "has(" + x + "." + sel + ")"
}

// setTest is the CEL of the Go test of "set" (docs/semantics.md §4) of a
// value, present where present holds; a struct of PresenceNonZero is set
// when one of its properties props is.
func setTest(p unionspec.Presence, props []*unionspec.Property, present, value string, prop func(x, name string) (value, present string)) string {
	switch p {
	case unionspec.PresenceLength:
		return fmt.Sprintf("(%s && size(%s) > 0)", present, value)
	case unionspec.PresenceString:
		return fmt.Sprintf(`(%s && %s != "")`, present, value)
	case unionspec.PresenceBool:
		return fmt.Sprintf("(%s && %s == true)", present, value)
	case unionspec.PresenceInteger:
		return fmt.Sprintf("(%s && %s != 0)", present, value)
	case unionspec.PresenceFloat:
		return fmt.Sprintf("(%s && %s != 0.0)", present, value)
	case unionspec.PresenceNonZero:
		var tests []string
		for _, p := range props {
			v, has := prop(value, p.Name)
			tests = append(tests, setTest(p.Presence, p.Properties, has, v, prop))
		}
		// A struct without properties is always zero.
		return fmt.Sprintf("(%s && (%s))", present, cmp.Or(strings.Join(tests, " || "), "false"))
	default:
		return present
	}
}

// celReserved are the words that the API server's CEL escapes as __word__.
var celReserved = []string{
	"as", "break", "const", "continue", "else", "false", "for", "function", "if",
	"import", "in", "let", "loop", "namespace", "null", "package", "return", "true", "var", "void", "while",
}

var (
	escapable  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_./-]*$`)
	identifier = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)
)

// Select is a property's name escaped as the API server's CEL has it.
func Select(name string) (string, error) {
	if !escapable.MatchString(name) {
		return "", fmt.Errorf("property %q cannot be named in CEL: the API server gives CEL only properties named [a-zA-Z_][a-zA-Z0-9_./-]*", name)
	}
	if slices.Contains(celReserved, name) {
		return "__" + name + "__", nil
	}
	return strings.NewReplacer("__", "__underscores__", ".", "__dot__", "-", "__dash__", "/", "__slash__").Replace(name), nil
}

// FieldPath is a rule's fieldPath to a property of self.
func FieldPath(name string) string {
	if identifier.MatchString(name) {
		return "." + name
	}
	return "['" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(name) + "']"
}

// Property is the CEL of a property of x, and its presence test: a selection
// where CEL allows one, else an index.
func Property(x, name string) (value, present string) {
	if identifier.MatchString(name) && !slices.Contains(celReserved, name) {
		return x + "." + name, "has(" + x + "." + name + ")"
	}
	q := strconv.Quote(name)
	return x + "[" + q + "]", q + " in " + x
}

// MaxExpressionSize is the length, in code points, of the longest CEL
// expression that the API server parses (cel-go's default).
const MaxExpressionSize = 100_000

// CheckSize fails where expr is over MaxExpressionSize.
func CheckSize(what, expr string) error {
	if n := utf8.RuneCountInString(expr); n > MaxExpressionSize {
		return fmt.Errorf("%s is %d code points long, over the %d that the API server's CEL parser takes", what, n, MaxExpressionSize)
	}
	return nil
}

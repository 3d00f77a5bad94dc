package crd

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// The API server's limits on the estimated cost of a CRD's rules
// (k8s.io/apiextensions-apiserver's validation).
const (
	// RuleCostLimit bounds each rule's cost times the number of values it
	// may run on.
	RuleCostLimit = 10_000_000
	// CRDCostLimit bounds the sum of those over a version's schema.
	CRDCostLimit = 100_000_000
	// maxRequestSize is the request size from which the API server
	// estimates how many items an unbounded list or map may hold.
	maxRequestSize = 3 * 1024 * 1024
)

// RuleCost is the API server's estimate of a rule's cost (cel-go's
// estimator with k8s.io/apiserver's sizes and costs), for a rule in the CEL
// that union-gen prints, on the schema that holds it, where that is not a
// resource's root: the expression's worst case. It is 0 with an error for an expression outside that CEL, or one
// whose cost it does not model (a function of CEL's library, a variable
// but self and oldSelf, arithmetic on other than numbers). The crdtest
// module holds it to the API server's own estimate on union-gen's rules.
func RuleCost(rule string, schema *yaml.Node) (uint64, error) {
	return ruleCost(rule, schema, false)
}

// ruleCost is RuleCost on a schema that may be a resource's root, whose
// kind, apiVersion and metadata it does not estimate.
func ruleCost(rule string, schema *yaml.Node, resourceRoot bool) (uint64, error) {
	p := &celParser{src: rule}
	x, err := p.parse()
	if err != nil {
		return 0, err
	}
	est := &estimator{root: schema, resourceRoot: resourceRoot}
	cost := est.cost(x).cost
	if est.unknown != "" {
		return 0, fmt.Errorf("union-gen does not estimate %s", est.unknown)
	}
	return cost, nil
}

// Cardinality is how many times the API server counts a rule of a schema
// that is reached through a list or map without a bound: as many values of
// the schema as the largest request could hold.
func Cardinality(schema *yaml.Node) uint64 {
	return maxRequestSize / uint64(minSize(schema)+1)
}

// A celExpr is a parsed CEL expression of the subset that union-gen prints.
type celExpr struct {
	kind     celKind
	name     string     // identifier, property or function
	operand  *celExpr   // of a selection or a member call
	args     []*celExpr // of a call, items of a list
	str      string     // value of a string literal
	testOnly bool       // a selection in has()
}

type celKind int

const (
	celIdent celKind = iota
	celSelect
	celCall
	celString
	celNumber // int or double: size 1
	celBool   // size 1
	celList
)

// celParser is a recursive-descent parser of CEL's grammar, less what
// union-gen never prints (maps, messages, indexing, macros but has()).
type celParser struct {
	src string
	pos int
}

func (p *celParser) parse() (x *celExpr, err error) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(celParseError)
			if !ok {
				panic(r)
			}
			x, err = nil, pe
		}
	}()
	x = p.expr()
	if p.skip(); p.pos < len(p.src) {
		p.fail("unexpected %q", p.src[p.pos:])
	}
	return x, nil
}

type celParseError string

func (e celParseError) Error() string { return string(e) }

func (p *celParser) fail(format string, args ...any) {
	panic(celParseError(fmt.Sprintf("CEL at %d: ", p.pos) + fmt.Sprintf(format, args...)))
}

// skip skips spaces and comments.
func (p *celParser) skip() {
	for p.pos < len(p.src) {
		switch {
		case strings.HasPrefix(p.src[p.pos:], "//"):
			if i := strings.IndexByte(p.src[p.pos:], '\n'); i >= 0 {
				p.pos += i
			} else {
				p.pos = len(p.src)
			}
		case strings.ContainsRune(" \t\r\n", rune(p.src[p.pos])):
			p.pos++
		default:
			return
		}
	}
}

// accept consumes tok if it comes next.
func (p *celParser) accept(tok string) bool {
	p.skip()
	if !strings.HasPrefix(p.src[p.pos:], tok) {
		return false
	}
	// "in" must not be the start of a word.
	if isWordByte(tok[len(tok)-1]) && p.pos+len(tok) < len(p.src) && isWordByte(p.src[p.pos+len(tok)]) {
		return false
	}
	p.pos += len(tok)
	return true
}

func (p *celParser) expect(tok string) {
	if !p.accept(tok) {
		p.fail("want %q", tok)
	}
}

func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

func call(name string, args ...*celExpr) *celExpr {
	return &celExpr{kind: celCall, name: name, args: args}
}

func (p *celParser) expr() *celExpr {
	c := p.binary(0)
	if !p.accept("?") {
		return c
	}
	t := p.binary(0)
	p.expect(":")
	return call("?:", c, t, p.expr())
}

// celLevels are CEL's binary operators by precedence, loosest first.
var celLevels = [][]string{
	{"||"},
	{"&&"},
	{"==", "!=", "<=", ">=", "<", ">", "in"},
	{"+", "-"},
	{"*", "/", "%"},
}

func (p *celParser) binary(level int) *celExpr {
	if level == len(celLevels) {
		return p.unary()
	}
	x := p.binary(level + 1)
	for {
		i := slices.IndexFunc(celLevels[level], p.accept)
		if i < 0 {
			return x
		}
		x = call(celLevels[level][i], x, p.binary(level+1))
	}
}

func (p *celParser) unary() *celExpr {
	switch {
	case p.accept("!"):
		return call("!", p.unary())
	case p.accept("-"):
		// A minus before a number is the literal's sign, as CEL's
		// grammar has it.
		if p.skip(); p.pos < len(p.src) && '0' <= p.src[p.pos] && p.src[p.pos] <= '9' {
			return p.primary()
		}
		return call("-", p.unary())
	}
	x := p.primary()
	for p.accept(".") {
		name := p.ident()
		if p.accept("(") {
			x = &celExpr{kind: celCall, name: name, operand: x, args: p.list(")")}
			continue
		}
		x = &celExpr{kind: celSelect, name: name, operand: x}
	}
	return x
}

func (p *celParser) ident() string {
	p.skip()
	start := p.pos
	for p.pos < len(p.src) && isWordByte(p.src[p.pos]) {
		p.pos++
	}
	if start == p.pos {
		p.fail("want a name")
	}
	return p.src[start:p.pos]
}

// list parses expressions up to the closing token.
func (p *celParser) list(closing string) []*celExpr {
	var xs []*celExpr
	for !p.accept(closing) {
		if len(xs) > 0 {
			p.expect(",")
		}
		xs = append(xs, p.expr())
	}
	return xs
}

func (p *celParser) primary() *celExpr {
	p.skip()
	if p.pos == len(p.src) {
		p.fail("unexpected end")
	}
	switch c := p.src[p.pos]; {
	case c == '(':
		p.pos++
		x := p.expr()
		p.expect(")")
		return x
	case c == '[':
		p.pos++
		return &celExpr{kind: celList, args: p.list("]")}
	case c == '"' || c == '\'':
		return p.stringLit()
	case '0' <= c && c <= '9':
		start := p.pos
		hex := strings.HasPrefix(p.src[start:], "0x") || strings.HasPrefix(p.src[start:], "0X")
		for p.pos < len(p.src) {
			c := p.src[p.pos]
			exponentSign := !hex && (c == '+' || c == '-') && strings.ContainsRune("eE", rune(p.src[p.pos-1]))
			if !isWordByte(c) && c != '.' && !exponentSign {
				break
			}
			p.pos++
		}
		return &celExpr{kind: celNumber}
	}
	name := p.ident()
	switch {
	case name == "true" || name == "false":
		return &celExpr{kind: celBool}
	case name == "has":
		p.expect("(")
		x := p.unary()
		p.expect(")")
		if x.kind != celSelect {
			p.fail("has() of no selection")
		}
		x.testOnly = true
		return x
	case p.accept("("):
		return &celExpr{kind: celCall, name: name, args: p.list(")")}
	}
	return &celExpr{kind: celIdent, name: name}
}

// stringLit parses a quoted string: double-quoted as strconv.Quote writes
// it, or single-quoted with the same escapes, as hand-written rules have
// it.
func (p *celParser) stringLit() *celExpr {
	quote := p.src[p.pos]
	var lit strings.Builder
	lit.WriteByte('"')
	end := p.pos + 1
	for ; end < len(p.src) && p.src[end] != quote; end++ {
		switch c := p.src[end]; {
		case c == '\\' && end+1 < len(p.src) && p.src[end+1] == '\'':
			lit.WriteByte('\'')
			end++
		case c == '\\':
			lit.WriteString(p.src[end:min(end+2, len(p.src))])
			end++
		case c == '"':
			lit.WriteString(`\"`)
		default:
			lit.WriteByte(c)
		}
	}
	if end >= len(p.src) {
		p.fail("unterminated string")
	}
	lit.WriteByte('"')
	s, err := strconv.Unquote(lit.String())
	if err != nil {
		p.fail("%v", err)
	}
	p.pos = end + 1
	return &celExpr{kind: celString, str: s}
}

// estimator estimates the cost of an expression as cel-go's checker does
// (checker/cost.go) with the API server's options (has() costs nothing)
// and sizes (k8s.io/apiextensions-apiserver's sizeEstimator: a value's size
// is that of the schema at its path from the rule's own schema).
type estimator struct {
	root *yaml.Node
	// resourceRoot is set where root is a CRD version's openAPIV3Schema.
	resourceRoot bool
	// unknown is the first part of the expression whose cost the
	// estimator does not model.
	unknown string
}

// refuse records a part of the expression whose cost is not modelled.
func (e *estimator) refuse(what string) {
	if e.unknown == "" {
		e.unknown = what
	}
}

// estimate is what the estimator knows of an expression: its cost, its
// size where known, its schema where it is a value of the object, and its
// path: the names that select it from an identifier (nil when it is not a
// selection of one), from which the API server's sizeEstimator tells its
// size.
type estimate struct {
	cost   uint64
	size   *uint64
	schema *yaml.Node
	path   []string
	// numeric is set for a number, whose arithmetic and comparisons
	// cost 1.
	numeric bool
}

func (e *estimator) cost(x *celExpr) estimate {
	switch x.kind {
	case celString:
		return estimate{size: ptr(uint64(utf8.RuneCountInString(x.str)))}
	case celNumber:
		return estimate{size: ptr(uint64(1)), numeric: true}
	case celBool:
		return estimate{size: ptr(uint64(1))}
	case celList:
		est := estimate{cost: 10, size: ptr(uint64(len(x.args)))}
		for _, a := range x.args {
			est.cost = add(est.cost, e.cost(a).cost)
		}
		return est
	case celIdent:
		if x.name != "self" && x.name != "oldSelf" {
			e.refuse("the variable " + x.name)
		}
		path := []string{x.name}
		return estimate{cost: 1, schema: e.root, path: path, size: e.sizeAt(path)}
	case celSelect:
		op := e.cost(x.operand)
		field := declField(op.schema, x.name)
		switch {
		case declKind(op.schema) != "object" || field == nil:
			// A property that the schema does not declare, or of a
			// value that CEL types dynamically.
			e.refuse("the selection of " + x.name)
		case (e.resourceRoot && len(op.path) == 1 || scalar(get(op.schema, "x-kubernetes-embedded-resource")) == "true") &&
			(x.name == "kind" || x.name == "apiVersion" || x.name == "metadata"):
			// The API server gives a resource's kind, apiVersion and
			// metadata types of its own (WithTypeAndObjectMeta), not
			// the schema's.
			e.refuse("the selection of a resource's " + x.name)
		}
		if x.testOnly {
			return estimate{cost: op.cost, size: ptr(uint64(1))} // has() costs nothing more
		}
		est := estimate{cost: add(op.cost, 1), schema: field, path: append(slices.Clip(op.path), x.name)}
		est.size = e.sizeAt(est.path)
		if declKind(field) == "scalar" {
			est.numeric = scalar(get(field, "type")) != "boolean"
			if est.size == nil {
				est.size = ptr(uint64(1)) // cel-go's size of a number or bool
			}
		}
		return est
	}
	return e.callCost(x)
}

func (e *estimator) callCost(x *celExpr) estimate {
	args := make([]estimate, len(x.args))
	var sum uint64
	if x.operand != nil {
		sum = e.cost(x.operand).cost
	}
	for i, a := range x.args {
		args[i] = e.cost(a)
		sum = add(sum, args[i].cost)
	}
	switch x.name {
	case "?:":
		est := estimate{cost: add(args[0].cost, max(args[1].cost, args[2].cost)), numeric: args[1].numeric && args[2].numeric}
		if args[1].size != nil && args[2].size != nil {
			est.size = ptr(max(*args[1].size, *args[2].size))
		}
		return est
	case "&&", "||":
		return estimate{cost: sum, size: ptr(uint64(1))}
	case "==", "!=":
		smallest := min(sizeOr(args[0].size), sizeOr(args[1].size))
		return estimate{cost: add(sum, traversal(smallest)), size: ptr(uint64(1))}
	case "in":
		if x.args[1].kind != celList {
			e.refuse("in of other than a list of values")
		}
		return estimate{cost: add(sum, sizeOr(args[1].size)), size: ptr(uint64(1))}
	case "value":
		// oldSelf.value(): the value's path is empty, which the API
		// server's sizeEstimator takes for the root's below it.
		return estimate{cost: add(sum, 1), schema: e.root}
	case "size":
		return estimate{cost: add(sum, 1), size: ptr(uint64(1)), numeric: true}
	case "!", "hasValue":
		return estimate{cost: add(sum, 1), size: ptr(uint64(1))}
	case "+", "-", "*", "/", "%", "<", "<=", ">", ">=":
		// O(1) on numbers; on strings, lists and durations they cost
		// more.
		for _, a := range args {
			if !a.numeric {
				e.refuse(x.name + " of other than numbers")
			}
		}
		return estimate{cost: add(sum, 1), size: ptr(uint64(1)), numeric: !strings.ContainsAny(x.name, "<>")}
	}
	e.refuse("the function " + x.name)
	return estimate{cost: add(sum, 1)}
}

// sizeAt is the size of the value at a path, as the API server's
// sizeEstimator gives it: the maxElements of the schema at the path less
// its first name, or unknown where the path leaves the schema.
func (e *estimator) sizeAt(path []string) *uint64 {
	n := e.root
	for _, name := range path[1:] {
		if n = declField(n, name); n == nil {
			return nil
		}
	}
	return ptr(maxElements(n))
}

func ptr(v uint64) *uint64 { return &v }

// sizeOr is a size, or cel-go's unknown size.
func sizeOr(size *uint64) uint64 {
	if size == nil {
		return math.MaxUint64
	}
	return *size
}

// traversal is the cost of traversing a string of the given size once.
func traversal(size uint64) uint64 {
	f := math.Ceil(float64(size) * 0.1)
	if f >= math.Ldexp(1, 64) {
		return math.MaxUint64
	}
	return uint64(f)
}

func add(x, y uint64) uint64 {
	if x > math.MaxUint64-y {
		return math.MaxUint64
	}
	return x + y
}

// multiply is x*y, saturated as the API server saturates costs.
func multiply(x, y uint64) uint64 {
	if y != 0 && x > math.MaxUint64/y {
		return math.MaxUint64
	}
	return x * y
}

// declKind is the CEL type that the API server gives a schema
// (k8s.io/apiserver's SchemaDeclType): "object" for objects and maps,
// "list", "string", "scalar", or "" for a schema without one, which CEL
// does not see.
func declKind(n *yaml.Node) string {
	if scalar(get(n, "x-kubernetes-int-or-string")) == "true" {
		return "string"
	}
	switch scalar(get(n, "type")) {
	case "array":
		if get(n, "items") == nil {
			return ""
		}
		return "list"
	case "object":
		if ap := get(n, "additionalProperties"); ap != nil && ap.Kind == yaml.MappingNode && declKind(ap) == "" {
			return ""
		}
		return "object"
	case "string":
		return "string"
	case "boolean", "number", "integer":
		return "scalar"
	}
	return ""
}

// declField is the schema of the property that CEL names name, or nil.
func declField(n *yaml.Node, name string) *yaml.Node {
	for _, p := range pairs(get(n, "properties")) {
		if sel, err := Select(p[0].Value); err == nil && sel == name && declKind(p[1]) != "" {
			return p[1]
		}
	}
	return nil
}

// maxElements is the API server's bound of a value's size: a string's
// length, a list's or map's items.
func maxElements(n *yaml.Node) uint64 {
	bound := func(key string) (uint64, bool) {
		v, err := strconv.ParseInt(scalar(get(n, key)), 10, 64)
		return uint64(max(v, 0)), err == nil
	}
	switch declKind(n) {
	case "string":
		l, bounded := bound("maxLength")
		switch format := scalar(get(n, "format")); {
		case scalar(get(n, "x-kubernetes-int-or-string")) == "true" && bounded:
			return multiply(l, 4)
		case scalar(get(n, "x-kubernetes-int-or-string")) == "true":
		case format == "byte" && bounded:
			return l
		case format == "byte":
		case format == "duration", format == "date-time":
			return 32 // MaxDurationSizeJSON, MaxDatetimeSizeJSON
		case format == "date":
			return 12 // JSONDateSize
		case bounded:
			return multiply(l, 4) // maxLength counts runes of up to 4 bytes
		case len(items(get(n, "enum"))) > 0:
			var longest uint64
			for _, v := range items(get(n, "enum")) {
				if v.ShortTag() == "!!str" {
					longest = max(longest, uint64(len(v.Value)))
				}
			}
			return longest
		}
		return maxRequestSize - 2
	case "list":
		if m, ok := bound("maxItems"); ok {
			return m
		}
		return (maxRequestSize - 2) / uint64(minSize(get(n, "items"))+1)
	case "object":
		ap := get(n, "additionalProperties")
		if ap == nil || ap.Kind != yaml.MappingNode {
			return 0
		}
		if m, ok := bound("maxProperties"); ok {
			return m
		}
		return (maxRequestSize - 2) / uint64(minSize(ap)+6)
	}
	return 0
}

// minSize is the API server's least size of a value of the schema in JSON:
// an object's required properties without a default count.
func minSize(n *yaml.Node) int64 {
	switch declKind(n) {
	case "string":
		switch {
		case scalar(get(n, "x-kubernetes-int-or-string")) == "true":
			return 1
		case scalar(get(n, "format")) == "duration":
			return 3 // MinDurationSizeJSON
		case scalar(get(n, "format")) == "date":
			return 12 // JSONDateSize
		case scalar(get(n, "format")) == "date-time":
			return 21 // MinDatetimeSizeJSON
		}
		return 2
	case "scalar":
		if scalar(get(n, "type")) == "boolean" {
			return 4
		}
		return 1
	case "list":
		return 2
	case "object":
		if ap := get(n, "additionalProperties"); ap != nil && ap.Kind == yaml.MappingNode {
			return 2
		}
		size := int64(2)
		required := items(get(n, "required"))
		for _, p := range pairs(get(n, "properties")) {
			isRequired := slices.ContainsFunc(required, func(r *yaml.Node) bool { return r.Value == p[0].Value })
			if isRequired && get(p[1], "default") == nil && declKind(p[1]) != "" {
				size += int64(len(p[0].Value)) + minSize(p[1]) + 4
			}
		}
		return size
	}
	return 0
}

package crd

import (
	"bytes"
	"cmp"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// withoutCRD warns of the kinds with unions but no CRD in withCRD, in the
// groups that have CRDs: a kind whose CRD was not generated gets no rules.
func withoutCRD(in Input, withCRD map[GroupVersionKind]bool) report.Problems {
	groups := map[string]bool{}
	for k := range withCRD {
		groups[k.Group] = true
	}
	var problems report.Problems
	for _, gvk := range slices.SortedFunc(maps.Keys(in.Kinds), func(a, b GroupVersionKind) int {
		return cmp.Or(strings.Compare(a.Group, b.Group), strings.Compare(a.Version, b.Version), strings.Compare(a.Kind, b.Kind))
	}) {
		k := in.Kinds[gvk]
		if !groups[gvk.Group] || withCRD[gvk] || k.Schema == nil || !k.IsKind {
			continue
		}
		problems = append(problems, report.Problem{Pos: k.Pos, Subject: k.Name, Rule: report.KindNoCRD, Warning: true,
			Message: fmt.Sprintf("kind %s has unions, but no CRD of --crd-paths is of it at version %s, while other CRDs of group %s are: generate its CRD with controller-gen into --crd-paths, or it gets no rules", gvk.Kind, gvk.Version, gvk.Group)})
	}
	return problems
}

// File is a CRD file and its new content.
type File struct {
	Path string
	Data []byte
}

// Edit adds the unions' rules to every CRD version in files whose kind is an
// input type, replacing those it added before, and returns the files that
// change, and each file read with the CRD versions whose unions its policy
// normalizes (policy.Files writes them), but those with problems. An edited
// CRD is written as controller-gen writes it (sigs.k8s.io/yaml), so that
// only rules and enums differ. With any error, no file is returned.
func Edit(in Input, files []string, opts Options) ([]File, []backend.CRDFile, report.Problems) {
	if opts.Estimator == nil {
		opts.Estimator = APIServerEstimator{}
	}
	var out []File
	var policies []backend.CRDFile
	var problems report.Problems
	withCRD := map[GroupVersionKind]bool{}
	reported := map[token.Position]bool{}
	fields := &variantFields{present: map[string]bool{}}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			problems = append(problems, report.Problem{Message: "--crd-paths: " + err.Error(), Rule: report.Files})
			continue
		}
		e := &editor{in: in, withCRD: withCRD, file: name, opts: opts, reported: reported, fields: fields}
		edited := e.file1(data)
		problems = append(problems, e.problems...)
		if !bytes.Equal(edited, data) {
			out = append(out, File{Path: name, Data: edited})
		}
		if !e.problems.HasErrors() {
			policies = append(policies, backend.CRDFile{Path: name, Matched: e.matched, Targets: e.targets})
		}
	}
	if len(withCRD) == 0 && !problems.HasErrors() {
		// A wrong directory or group must not pass for a run with nothing to do.
		problems = append(problems, report.Problem{Message: fmt.Sprintf("--crd-paths: no CRD version in %d YAML files is of a kind of the input packages (its group from +groupName, its version the package's +versionName or name, its kind a type's name)", len(files)), Rule: report.NoMatchingCRD})
	}
	problems = append(problems, fields.warnings()...)
	problems = append(problems, withoutCRD(in, withCRD)...)
	if problems.HasErrors() {
		return nil, policies, problems // all or nothing
	}
	return out, policies, problems
}

type editor struct {
	in Input
	// withCRD records the kinds of the CRDs of every file.
	withCRD  map[GroupVersionKind]bool
	file     string
	line     int // of the current document's first line, from 0
	problems report.Problems
	// targets are the CRD versions of the file whose unions a policy
	// normalizes.
	targets []backend.Target
	// matched is set when a version of the file's CRDs is of an input kind.
	matched bool
	// schema describes the unions of the current CRD version's kind.
	schema *unionspec.Schema
	// variants are the unions as the current CRD version has them
	// (unionspec.Union.CRDVariant); nil for a union it does not have.
	variants map[*unionspec.Union]*unionspec.Union
	// placements are the unions of the current CRD version whose rules
	// are yet to be added.
	placements []*placement
	// handWrittenRules are the rules of the current CRD version's own that
	// are hand-written rules of its unions (handWritten).
	handWrittenRules []string
	opts             Options
	// reported are the XValidation markers reported in the run: every CRD
	// of a kind has their rules.
	reported   map[token.Position]bool
	fields     *variantFields
	crdVersion string // names the CRD version being edited in fields
}

// errorf reports a problem at a node of the current document.
func (e *editor) errorf(n *yaml.Node, rule report.ID, subject, format string, args ...any) {
	e.problems = append(e.problems, e.problem(n, rule, subject, format, args...))
}

// warnf reports a warning at a node of the current document.
func (e *editor) warnf(n *yaml.Node, rule report.ID, subject, format string, args ...any) {
	e.errorf(n, rule, subject, format, args...)
	e.problems[len(e.problems)-1].Warning = true
}

func (e *editor) problem(n *yaml.Node, rule report.ID, subject, format string, args ...any) report.Problem {
	pos := token.Position{Filename: e.file}
	if n != nil {
		pos.Line, pos.Column = e.line+n.Line, n.Column
	}
	return report.Problem{Pos: pos, Subject: subject, Rule: rule, Message: fmt.Sprintf(format, args...)}
}

// short names a struct of a Schema as Go code does from another package:
// pkg.Type.
func short(structName string) string {
	return path.Base(structName)
}

// documentStart is a line that starts a YAML document: "---" alone, or
// followed by a space and a comment or the next document's first node.
var documentStart = regexp.MustCompile(`^---(?:[ \t].*)?\r?\n?$`)

var yamlErrorLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlParserErrors are the YAML reader's errors of its parser, whose line
// it counts from 0, where it counts its scanner's from 1.
var yamlParserErrors = []string{
	"did not find expected ',' or ']'", "did not find expected ',' or '}'", "did not find expected '-' indicator",
	"did not find expected <document start>", "did not find expected <stream-start>", "did not find expected key",
	"did not find expected node content", "found duplicate %TAG directive", "found duplicate %YAML directive",
	"found incompatible YAML document", "found undefined tag handle",
}

// yamlError returns the line, from 1, and the message of a YAML reader's
// error, which has its position in its message only.
func yamlError(err error) (line int, msg string) {
	m := yamlErrorLine.FindStringSubmatch(err.Error())
	if m == nil {
		return 1, strings.TrimPrefix(err.Error(), "yaml: ")
	}
	line, _ = strconv.Atoi(m[1])
	if slices.Contains(yamlParserErrors, m[2]) {
		line++
	}
	return line, m[2]
}

// repeatedKeys returns the keys under n that repeat an earlier key of their
// mapping, each after that key: unmarshalling into a yaml.Node does not
// check keys.
func repeatedKeys(n *yaml.Node) [][2]*yaml.Node {
	var out [][2]*yaml.Node
	if n.Kind == yaml.MappingNode {
		// A key as the YAML reader compares keys: by kind and value.
		type key struct {
			kind  yaml.Kind
			value string
		}
		first := map[key]*yaml.Node{}
		for _, p := range pairs(n) {
			k := key{p[0].Kind, p[0].Value}
			if f, ok := first[k]; ok {
				out = append(out, [2]*yaml.Node{f, p[0]})
			} else {
				first[k] = p[0]
			}
		}
	}
	for _, c := range n.Content {
		out = append(out, repeatedKeys(c)...)
	}
	return out
}

// file1 edits the documents of a file, split at the lines that start one.
func (e *editor) file1(data []byte) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	var out strings.Builder
	start := 0
	flush := func(end int) {
		doc := strings.Join(lines[start:end], "")
		e.line = start
		out.WriteString(e.document(doc))
	}
	for i, l := range lines {
		if documentStart.MatchString(l) {
			flush(i)
			out.WriteString(l)
			start = i + 1
		}
	}
	flush(len(lines))
	return []byte(out.String())
}

// parse reads one YAML document, or reports why it is not YAML.
func (e *editor) parse(doc string) (*yaml.Node, bool) {
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &root); err != nil {
		line, msg := yamlError(err)
		e.errorf(&yaml.Node{Line: line, Column: 1}, report.NotYAML, "", "not YAML: %s; fix the file or leave it out of --crd-paths", msg)
		return nil, false
	}
	repeated := repeatedKeys(&root)
	for _, r := range repeated {
		e.errorf(r[1], report.NotYAML, "", "not YAML: mapping key %q already defined at line %d; remove one of the two, or leave the file out of --crd-paths",
			r[1].Value, e.line+r[0].Line)
	}
	return &root, len(repeated) == 0
}

// document edits one YAML document, or returns it as it is.
func (e *editor) document(doc string) string {
	root, ok := e.parse(doc)
	if !ok || root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return doc
	}
	crd := root.Content[0]
	if scalar(get(crd, "apiVersion")) != "apiextensions.k8s.io/v1" || scalar(get(crd, "kind")) != "CustomResourceDefinition" {
		return doc
	}
	spec := get(crd, "spec")
	group, kind := scalar(get(spec, "group")), scalar(get(get(spec, "names"), "kind"))
	changed := false
	var others []string
	ofInputKind := false
	for _, version := range items(get(spec, "versions")) {
		name := scalar(get(version, "name"))
		gvk := GroupVersionKind{Group: group, Version: name, Kind: kind}
		k := e.in.Kinds[gvk]
		if k == nil {
			others = append(others, name)
			continue
		}
		e.matched, ofInputKind = true, true
		e.withCRD[gvk] = true
		changed = e.version(crd, version, k) || changed
	}
	at := get(get(spec, "names"), "kind")
	if at == nil {
		at = crd
	}
	if len(others) > 0 || !ofInputKind {
		what, fix := "that version of this CRD", ""
		if !ofInputKind {
			what, fix = "this CRD", ", or leave the file out of --crd-paths"
		}
		e.warnf(at, report.CRDNoKind, kind+"."+group, "no input package has kind %s in group %s at version %s, so union-gen adds no rules to %s: add the package of its Go types to the patterns%s",
			kind, group, strings.Join(others, " or "), what, fix)
	}
	if !changed || e.problems.HasErrors() {
		return doc
	}
	return e.marshal(crd, doc)
}

// version gives a CRD version, of kind k, the rules of k's unions and its
// policy, and reports whether it changed the version.
func (e *editor) version(crd, version *yaml.Node, k *Kind) bool {
	spec := get(crd, "spec")
	group, kind, name := scalar(get(spec, "group")), scalar(get(get(spec, "names"), "kind")), scalar(get(version, "name"))
	at := kind + "." + group + "/" + name
	schema := get(get(version, "schema"), "openAPIV3Schema")
	if schema == nil {
		e.errorf(version, report.CRDSchema, at, "version %s has no schema.openAPIV3Schema; generate the CRD with controller-gen first", name)
		return false
	}
	if k.Schema == nil {
		// A kind without unions is left alone, but for the rules that
		// union-gen added when it had some.
		return strip(schema)
	}
	s := k.Schema
	if recurring, where := s.Recursion(); recurring != "" {
		// controller-gen writes {} where the type recurs, which the walk
		// below would only report as stale.
		e.errorf(version, report.CRDRecursive, at,
			"%s reaches unions through values of the recursive type %s, again at %s: a policy's CEL normalizes to a fixed depth, so union-gen cannot write one; reach the recursion through a list that is not a list-map (+listType=atomic), whose items are not normalized",
			k.Name, short(recurring), strings.TrimPrefix(where, "."))
		return false
	}
	strip(schema)
	before := len(e.problems)
	e.crdVersion, e.schema = at, s
	e.variants = map[*unionspec.Union]*unionspec.Union{}
	e.placements, e.handWrittenRules = nil, nil
	unionspec.Visit(s, unionspec.Visitor[place](e), place{schema, reach{path: kind, correlated: true, bound: 1}})
	e.handWritten()
	own, err := e.opts.Estimator.Estimate(schema)
	if err != nil {
		// Where the walk found what makes it unreadable, that says more.
		if !e.problems[before:].HasErrors() {
			e.errorf(schema, report.CRDSchema, at, "the API server cannot read this schema: %v; run controller-gen first", err)
		}
		return false
	}
	e.addRules(version, at, newOwnCost(own))
	e.policy(crd, version, at, k, e.variantSchema(), backend.Resource{Group: group, Version: name, Plural: scalar(get(get(spec, "names"), "plural")), Release: release(crd)})
	return true
}

// variantSchema is the schema of the current CRD version's kind with the
// unions as the version has them (variant), and without those it lacks.
func (e *editor) variantSchema() *unionspec.Schema {
	s := &unionspec.Schema{Root: e.schema.Root, Structs: make(map[string]*unionspec.Struct, len(e.schema.Structs))}
	for name, st := range e.schema.Structs {
		v := *st
		v.Unions = nil
		for _, u := range st.Unions {
			if spec, ok := e.variants[u]; !ok {
				v.Unions = append(v.Unions, u)
			} else if spec != nil {
				v.Unions = append(v.Unions, spec)
			}
		}
		s.Structs[name] = &v
	}
	return s
}

// policy records a CRD version, of kind k, as a target of its file's policy.
func (e *editor) policy(crd, version *yaml.Node, at string, k *Kind, s *unionspec.Schema, r backend.Resource) {
	e.targets = append(e.targets, backend.Target{Resource: r, Schema: s, Subject: at, TypeName: k.Name,
		At: e.problem(version, "", "", "").Pos, Annotations: e.problem(get(get(crd, "metadata"), "annotations"), "", "", "").Pos})
}

// marshal writes the edited CRD as controller-gen does (sigs.k8s.io/yaml),
// or returns doc where it cannot.
func (e *editor) marshal(crd *yaml.Node, doc string) string {
	var v any
	if err := crd.Decode(&v); err != nil {
		e.errorf(crd, "", "", "cannot read the CRD: %v", err)
		return doc
	}
	b, err := sigsyaml.Marshal(v)
	if err != nil {
		e.errorf(crd, "", "", "cannot write the CRD: %v", err)
		return doc
	}
	return string(b)
}

// release are a CRD's annotations that backend.IsReleaseAnnotation.
func release(crd *yaml.Node) map[string]string {
	out := map[string]string{}
	for _, p := range pairs(get(get(crd, "metadata"), "annotations")) {
		if backend.IsReleaseAnnotation(p[0].Value) {
			out[p[0].Value] = scalar(p[1])
		}
	}
	return out
}

// reach is where a schema is in the CRD's: its path, whether the API server
// matches its values with old ones, and how many times it counts the
// schema's rules: the product of the maxItems and maxProperties on the way,
// or, past a list or map without one (unbounded), Cardinality.
type reach struct {
	path       string
	correlated bool
	bound      uint64
	unbounded  []string
	// structs are the structs whose schema it is (several where one
	// embeds another), and holder the field whose schema it is, if any:
	// their markers wrote its own rules.
	structs []string
	holder  *GoField
}

// count is the number of times the API server counts a rule of schema.
func (r reach) count(schema *yaml.Node) uint64 {
	if len(r.unbounded) > 0 {
		return Cardinality(schema)
	}
	return r.bound
}

// into is where the values of a list or map are.
func (r reach) into(parent *yaml.Node, key string) reach {
	bound := "maxItems"
	if key == "additionalProperties" {
		bound = "maxProperties"
	}
	if n, err := strconv.ParseInt(scalar(get(parent, bound)), 10, 64); err == nil {
		r.bound = multiply(r.bound, uint64(max(n, 0)))
	} else {
		r.unbounded = append(slices.Clip(r.unbounded), r.path+" (no "+bound+")")
	}
	r.path += "[*]"
	r.holder = nil // a field's markers write the list's or map's rules, not its items'
	return r
}

// place is where the walk of the kind's unions is in the CRD version: a
// schema and how it is reached.
type place struct {
	schema *yaml.Node
	reach
}

// Struct records the unions of a struct, whose schema it is, and of the
// structs it reaches.
func (e *editor) Struct(name string, _ *unionspec.Walk, p place, w *unionspec.Walker[place]) {
	p.structs = append(slices.Clip(p.structs), name)
	w.Struct(name, p)
}

func (e *editor) Union(u *unionspec.Union, p place) {
	e.union(p.schema, get(p.schema, "properties"), u, p.reach)
}

// Field goes on into a property's schema, which a CRD variant may lack.
func (e *editor) Field(f *unionspec.Field, p place, w *unionspec.Walker[place]) {
	structName := p.structs[len(p.structs)-1]
	child := get(get(p.schema, "properties"), f.Name)
	goField := e.in.Fields[Property{Struct: structName, Name: f.Name}]
	if child == nil {
		switch goField.Absence() {
		case backend.AbsentFeatureSet:
		case backend.AbsentVariant:
			e.fields.absent(e, p.schema, p.path, f, structName)
		default:
			e.errorf(p.schema, report.CRDSchema, p.path, "the schema has no property %q of %s: the CRD is stale; run controller-gen first", f.Name, short(structName))
		}
		return
	}
	e.fields.present[e.crdVersion+" "+p.path+"."+f.Name] = true
	next := p.reach
	next.path += "." + f.Name
	next.structs, next.holder = nil, &GoField{Struct: structName, Field: goField.GoName}
	w.Walk(f.Walk, place{child, next})
}

// Elems goes on into the schema of the items or values of a list or map.
func (e *editor) Elems(walk *unionspec.Walk, p place, w *unionspec.Walker[place]) {
	key := "items"
	switch walk.Shape {
	case unionspec.ShapeList:
		p.correlated = false
	case unionspec.ShapeMap:
		key = "additionalProperties"
	}
	child := get(p.schema, key)
	if child == nil {
		e.errorf(p.schema, report.CRDSchema, p.path, "the schema has no %s for the values of %s: the CRD is stale; run controller-gen first", key, e.in.WalkTypes[walk])
		return
	}
	w.Walk(walk.Elem, place{child, p.into(p.schema, key)})
}

// union records the rules of the CRD's variant of a union, for addRules and
// the policy, and gives the discriminator's schema its enum.
func (e *editor) union(schema, props *yaml.Node, u *unionspec.Union, at reach) {
	if u.DiscriminatorMayLack() && get(props, u.Discriminator) == nil {
		e.variant(schema, at.path, u, nil) // not in this feature set's CRD
		return
	}
	if !e.discriminator(schema, props, u, at.path) {
		return
	}
	var values []string
	disc := get(props, u.Discriminator)
	emptyToSchema := u.EmptyToSchema(e.opts.Rules != RulesPrecise, slices.ContainsFunc(items(get(schema, "required")), func(n *yaml.Node) bool {
		return n.Value == u.Discriminator
	}))
	enumerated := u.Enumerated()
	if enumerated {
		var ok bool
		if values, ok = e.enum(disc, u, emptyToSchema, at.path); !ok {
			return
		}
	}
	if !e.members(schema, props, u, values, at.path) {
		return
	}
	spec := u.CRDVariant(func(name string) bool { return get(props, name) != nil }, values)
	if enumerated && values == nil {
		set(disc, "enum", node(u.SchemaEnum(emptyToSchema)))
	}
	e.variant(schema, at.path, u, spec)
	precise, err := Rules(spec, at.correlated)
	if err != nil {
		e.errorf(schema, report.CELName, at.path, "%v", err)
		return
	}
	compact, _ := CompactRules(spec, at.correlated, emptyToSchema)
	if list := get(schema, "x-kubernetes-validations"); list != nil && list.Kind != yaml.SequenceNode {
		e.errorf(list, report.CRDSchema, at.path, "x-kubernetes-validations is not a list")
		return
	}
	count := at.count(schema)
	p := &placement{schema: schema, union: u, at: at, count: count, precise: newRuleSet(precise, schema, count), compact: newRuleSet(compact, schema, count)}
	if p.precise.unwritable != nil && p.compact.unwritable != nil {
		e.errorf(schema, report.CELSize, at.path, "%v: its enum has %d values; give the discriminator fewer", p.precise.unwritable, len(u.Values))
		return
	}
	e.placements = append(e.placements, p)
}

// discriminator checks that the schema has the discriminator, a string.
func (e *editor) discriminator(schema, props *yaml.Node, u *unionspec.Union, path string) bool {
	d := u.Discriminator
	if d == "" {
		return true
	}
	switch disc := get(props, d); {
	case disc == nil:
		e.errorf(schema, report.CRDSchema, path, "the schema has no property %q, a union's discriminator: the CRD is stale; run controller-gen first", d)
		return false
	case disc.Kind != yaml.MappingNode || scalar(get(disc, "type")) != discType(u):
		// The API server would reject the enum and rules added to it.
		e.errorf(disc, report.CRDSchema, path+"."+d, "the schema of the discriminator %q is not of type %s, as its Go type %s is: the CRD is stale or was edited; run controller-gen first", d, discType(u), u.Declaration().DiscriminatorType)
		return false
	}
	return true
}

// discType is the schema type of a union's discriminator.
func discType(u *unionspec.Union) string {
	if u.Boolean {
		return "boolean"
	}
	return "string"
}

// members checks that the schema has the union's members, whose JSON shows
// when they are set (unionspec.Union.FirstOpaque); a variant enum's values
// (non-nil) may leave some out.
func (e *editor) members(schema, props *yaml.Node, u *unionspec.Union, values []string, path string) bool {
	opaque := u.FirstOpaque(func(name string) bool { return get(props, name) != nil })
	for _, m := range u.Declaration().Members {
		member := get(props, m.Name)
		switch {
		case member == nil && u.MayLack(m, values):
			continue // not in this variant of the CRD
		case member == nil && u.VariantValue(m) != "":
			e.errorf(schema, report.CRDSchema, path, "the schema's enum of %q lists %q, but the schema has no property %q, the member that it selects: the CRD is stale; run controller-gen first", u.Discriminator, u.VariantValue(m), m.Name)
			return false
		case member == nil:
			e.errorf(schema, report.CRDSchema, path, "the schema has no property %q, a member of %s: the CRD is stale; run controller-gen first", m.Name, unionName(u))
			return false
		case member.Kind != yaml.MappingNode:
			e.errorf(member, report.CRDSchema, path+"."+m.Name, "the schema of the member %q is not a mapping: the CRD was edited; run controller-gen first", m.Name)
			return false
		case m.Member == opaque:
			e.errorf(member, report.MemberType, path+"."+m.Name, "member %s is set when it is not its zero value, which its JSON does not show: %s; make it a pointer to tell it set in a CRD", m.GoName, m.Opaque)
			return false
		case u.LeftOut(m, values):
			e.warnf(member, report.CRDVariant, path+"."+m.Name, "the schema has the member %q, but its enum of %q leaves out %q, the value that selects it, so union-gen's rules forbid the member in this CRD: list the value with the member, or leave both out", m.Name, u.Discriminator, u.VariantValue(m))
		}
	}
	return true
}

// enum checks the discriminator's enum and returns the valid values of this
// CRD's variant of the union; nil where the caller writes the enum: there is
// none, or it lacks the "" that the rules accept. A variant's enum may leave
// values out (unionspec.Union.VariantEnum).
func (e *editor) enum(disc *yaml.Node, u *unionspec.Union, emptyToSchema bool, path string) (values []string, ok bool) {
	want := u.SchemaEnum(emptyToSchema)
	enum := get(disc, "enum")
	if enum == nil {
		return nil, true
	}
	var have []string
	for _, n := range items(enum) {
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
			e.errorf(n, report.CRDEnum, path+"."+u.Discriminator, "the schema's enum has %s, which is not a string: make the +kubebuilder:validation:Enum marker list the values of enum %s, %s, or remove it", n.Value, u.Declaration().DiscriminatorType, u.Literals(u.Values))
			return nil, false
		}
		have = append(have, n.Value)
	}
	slices.Sort(have)
	have = slices.Compact(have)
	switch {
	case slices.Equal(have, want) || !emptyToSchema && slices.Equal(have, u.Accepted()):
		return have, true
	case slices.Equal(have, u.Values) || slices.Equal(have, u.Accepted()):
		// Completed with "", or without it where the schema is to
		// reject "" itself (an earlier run's enum).
		return nil, true
	}
	if values, ok := u.VariantEnum(have, want); ok {
		if len(values) > len(have) {
			set(disc, "enum", node(values))
		}
		return values, true
	}
	e.errorf(enum, report.CRDEnum, path+"."+u.Discriminator, "the schema's enum %s is not the values of enum %s, %s: make the +kubebuilder:validation:Enum marker list them, or remove it",
		u.Literals(have), u.Declaration().DiscriminatorType, u.Literals(u.Values))
	return nil, false
}

// variant records the spec of a union in the CRD version being edited, nil
// where it has none: a struct has one schema in a CRD version.
func (e *editor) variant(schema *yaml.Node, path string, u, spec *unionspec.Union) {
	if have, ok := e.variants[u]; ok && !reflect.DeepEqual(have, spec) {
		e.errorf(schema, report.CRDSchema, path, "the union here has other members or values than the same union elsewhere in this CRD version: the CRD was edited; run controller-gen first")
		return
	}
	e.variants[u] = spec
}

// node is a rule or a list of strings as a YAML node.
func node(v any) *yaml.Node {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		panic(fmt.Sprintf("crd: %T does not encode: %v", v, err))
	}
	return &n
}

// strip removes union-gen's rules from a schema and those under it, and
// reports whether there were any.
func strip(schema *yaml.Node) (stripped bool) {
	if schema == nil || schema.Kind != yaml.MappingNode {
		return false
	}
	if list := get(schema, "x-kubernetes-validations"); list != nil {
		n := len(list.Content)
		list.Content = slices.DeleteFunc(list.Content, func(n *yaml.Node) bool {
			return strings.HasSuffix(scalar(get(n, "rule")), Marker)
		})
		stripped = len(list.Content) < n
		if len(list.Content) == 0 {
			del(schema, "x-kubernetes-validations")
		}
	}
	for _, p := range pairs(get(schema, "properties")) {
		stripped = strip(p[1]) || stripped
	}
	stripped = strip(get(schema, "items")) || stripped
	stripped = strip(get(schema, "additionalProperties")) || stripped
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		for _, s := range items(get(schema, key)) {
			stripped = strip(s) || stripped
		}
	}
	return strip(get(schema, "not")) || stripped
}

// get returns the value of key in a mapping, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	for _, p := range pairs(n) {
		if p[0].Value == key {
			return p[1]
		}
	}
	return nil
}

func pairs(n *yaml.Node) [][2]*yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var ps [][2]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		ps = append(ps, [2]*yaml.Node{n.Content[i], n.Content[i+1]})
	}
	return ps
}

func set(n *yaml.Node, key string, value *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content[i+1] = value
			return
		}
	}
	n.Content = append(n.Content, str(key), value)
}

func del(n *yaml.Node, key string) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content = slices.Delete(n.Content, i, i+2)
			return
		}
	}
}

func items(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func str(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}

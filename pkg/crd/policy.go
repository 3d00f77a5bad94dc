package crd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	sigsyaml "sigs.k8s.io/yaml"

	"github.com/union-gen/union-gen/pkg/unionspec"
	"github.com/union-gen/union-gen/pkg/unstructuredunions"
)

// PolicySuffix replaces ".yaml" (or ".yml") in the name of a CRD file to
// name the file of its policies, written beside it.
const PolicySuffix = ".unions-policy.yaml"

// Resource is a version of a CRD's resource, as its policy matches it.
type Resource struct {
	Group, Version, Plural string
	// Release are the CRD's annotations that say in which releases it is
	// installed (IsReleaseAnnotation): the policy is installed with it.
	Release map[string]string
}

// PolicyVersions are the versions of admissionregistration.k8s.io that a
// policy may be written in, the default first: v1 has MutatingAdmissionPolicy
// from Kubernetes 1.36, v1beta1 from 1.34 (beta, off by default). Their
// fields are the same.
var PolicyVersions = []string{"v1", "v1beta1"}

// FeatureSetAnnotation is openshift's annotation of the feature set whose
// clusters install a manifest: openshift/api ships one CRD file per feature
// set, whose policies must not share a name.
const FeatureSetAnnotation = "release.openshift.io/feature-set"

// IsReleaseAnnotation reports whether a CRD's annotation says in which
// releases it is installed: openshift's feature set and its
// include.release.openshift.io/<profile> annotations.
func IsReleaseAnnotation(key string) bool {
	return key == FeatureSetAnnotation || strings.HasPrefix(key, "include.release.openshift.io/")
}

// PolicyName is the name of the MutatingAdmissionPolicy of a resource, and
// of its binding; that of a feature set's CRD ends with the feature set.
func (r Resource) PolicyName() string {
	name := r.Plural + "." + r.Group + "-" + r.Version + "-unions"
	if fs := r.Release[FeatureSetAnnotation]; fs != "" {
		name += "-" + strings.ToLower(strings.ReplaceAll(fs, ",", "-"))
	}
	return name
}

// Recursion finds a path of the schema, through values with old
// counterparts (the ones a policy walks), that comes back to a struct
// already on it: a policy's CEL has a fixed depth, so it cannot normalize
// such a kind. It returns that struct's name and the path from the root to
// where it recurs, as a JSON path; "" when there is none.
func Recursion(s *unionspec.Schema) (structName, path string) {
	onPath := map[string]bool{}
	var visit func(name, path string) (string, string)
	var walk func(w *unionspec.Walk, path string) (string, string)
	visit = func(name, path string) (string, string) {
		if onPath[name] {
			return name, path
		}
		onPath[name] = true
		defer delete(onPath, name)
		for _, f := range s.Structs[name].Fields {
			if !f.Walk.HasOld {
				continue
			}
			child := path
			if f.Name != "" {
				child += "." + f.Name
			}
			if name, at := walk(f.Walk, child); name != "" {
				return name, at
			}
		}
		return "", ""
	}
	walk = func(w *unionspec.Walk, path string) (string, string) {
		switch {
		case w.Struct != "":
			return visit(w.Struct, path)
		case w.Elem != nil:
			return walk(w.Elem, path+"[*]")
		}
		return "", ""
	}
	return visit(s.Root, "")
}

// Policy returns the MutatingAdmissionPolicy that normalizes the unions of
// a resource on update (N1–N3 of docs/semantics.md) and its binding, as two
// YAML documents, or nil when the kind has no union that an update can
// need to normalize. Its one mutation is a JSON patch computed by a CEL
// expression that removes (or, for a scalar written without omitempty, zeroes)
// each member that the generated NormalizeUnions would clear, in version of
// admissionregistration.k8s.io (PolicyVersions); nothing else
// in the object changes. The schema is also written into the policy's
// annotation unstructuredunions.Annotation, for webhooks and controllers.
// The schema must have no Recursion. Policy fails only where the expression
// is longer than the API server takes (MaxExpressionSize): the documents
// hold only strings, booleans, lists and maps, which always marshal, so an
// error of marshaling is a bug of Policy and panics.
func Policy(r Resource, s *unionspec.Schema, version string) ([]byte, error) {
	g := &policyGen{schema: s}
	expr := g.structPatches(s.Structs[s.Root], "object", "oldObject", celPath{}, 0)
	if expr == "" {
		return nil, nil
	}
	if err := checkSize("the policy's CEL expression", expr); err != nil {
		return nil, err
	}
	schemaJSON, err := json.Marshal(s)
	if err != nil {
		panic(fmt.Sprintf("crd: the schema does not marshal: %v", err))
	}
	policy, binding := policyDocuments(r, expr, string(schemaJSON), version)
	var out []byte
	for _, doc := range []any{policy, binding} {
		b, err := sigsyaml.Marshal(doc)
		if err != nil {
			panic(fmt.Sprintf("crd: a policy document does not marshal: %v", err))
		}
		out = append(append(out, "---\n"...), b...)
	}
	return out, nil
}

// policyDocuments are the policy of r, whose mutation is the JSON patch of
// expr and whose schema annotation is schemaJSON, and its binding, both with
// r's release annotations, in version of admissionregistration.k8s.io.
func policyDocuments(r Resource, expr, schemaJSON, version string) (policy, binding map[string]any) {
	name := r.PolicyName()
	annotations := map[string]any{unstructuredunions.Annotation: schemaJSON}
	release := map[string]any{}
	for k, v := range r.Release {
		annotations[k], release[k] = v, v
	}
	policy = map[string]any{
		"apiVersion": "admissionregistration.k8s.io/" + version,
		"kind":       "MutatingAdmissionPolicy",
		"metadata": map[string]any{
			"name":        name,
			"annotations": annotations,
		},
		"spec": map[string]any{
			"failurePolicy": "Fail",
			"matchConstraints": map[string]any{
				"matchPolicy": "Equivalent",
				"resourceRules": []any{map[string]any{
					"apiGroups":   []any{r.Group},
					"apiVersions": []any{r.Version},
					"operations":  []any{"UPDATE"},
					"resources":   []any{r.Plural},
				}},
			},
			"mutations": []any{map[string]any{
				"patchType": "JSONPatch",
				"jsonPatch": map[string]any{"expression": expr},
			}},
			"reinvocationPolicy": "Never",
		},
	}
	bindingMeta := map[string]any{"name": name}
	if len(release) > 0 {
		bindingMeta["annotations"] = release
	}
	binding = map[string]any{
		"apiVersion": "admissionregistration.k8s.io/" + version,
		"kind":       "MutatingAdmissionPolicyBinding",
		"metadata":   bindingMeta,
		"spec":       map[string]any{"policyName": name},
	}
	return policy, binding
}

// MaxExpressionSize is the length, in code points, of the longest CEL
// expression that the API server parses: cel-go's parser default, which
// neither CRD validation rules nor admission policies raise.
const MaxExpressionSize = 100_000

// checkSize returns an error naming what, a CEL expression, if it is longer
// than MaxExpressionSize.
func checkSize(what, expr string) error {
	if n := utf8.RuneCountInString(expr); n > MaxExpressionSize {
		return fmt.Errorf("%s is %d code points long, over the %d that the API server's CEL parser takes", what, n, MaxExpressionSize)
	}
	return nil
}

type policyGen struct {
	schema *unionspec.Schema
}

// celPath is a JSON pointer under construction in CEL: literal segments
// are joined at generation time, others (map keys, list indexes) in CEL.
type celPath struct {
	literal string   // the literal tail
	exprs   []string // CEL string expressions before it, in order
}

// child appends a property name, escaped as JSON pointers escape it.
func (p celPath) child(name string) celPath {
	p.exprs = slices.Clone(p.exprs)
	p.literal += "/" + unstructuredunions.EscapePointer(name)
	return p
}

// dynamic appends a segment computed by the CEL string expression seg.
func (p celPath) dynamic(seg string) celPath {
	exprs := append(slices.Clone(p.exprs), strconv.Quote(p.literal+"/"), seg)
	return celPath{exprs: exprs}
}

func (p celPath) String() string {
	parts := slices.Clone(p.exprs)
	if p.literal != "" || len(parts) == 0 {
		parts = append(parts, strconv.Quote(p.literal))
	}
	return strings.Join(parts, " + ")
}

// structPatches is the CEL list of the patches of the object n, whose old
// counterpart is o, at path p; "" when it has nothing to normalize. depth
// numbers the variables of comprehensions.
func (g *policyGen) structPatches(st *unionspec.Struct, n, o string, p celPath, depth int) string {
	var parts []string
	for _, u := range st.Unions {
		if e := unionPatches(u, n, o, p); e != "" {
			parts = append(parts, e)
		}
	}
	for _, f := range st.Fields {
		if !f.Walk.HasOld {
			continue
		}
		if f.Name == "" {
			if e := g.walkPatches(f.Walk, n, o, p, depth); e != "" {
				parts = append(parts, e)
			}
			continue
		}
		nv, nHas := prop(n, f.Name)
		ov, oHas := prop(o, f.Name)
		if e := g.walkPatches(f.Walk, nv, ov, p.child(f.Name), depth); e != "" {
			parts = append(parts, fmt.Sprintf("(%s && %s ?\n%s : [])", nHas, oHas, e))
		}
	}
	return strings.Join(parts, " +\n")
}

// walkPatches is the CEL list of the patches of a walked value n, present
// with its old counterpart o.
func (g *policyGen) walkPatches(w *unionspec.Walk, n, o string, p celPath, depth int) string {
	switch w.Shape {
	case unionspec.ShapeStruct, unionspec.ShapePointer:
		return g.structPatches(g.schema.Structs[w.Struct], n, o, p, depth)
	case unionspec.ShapeMap:
		k := fmt.Sprintf("k%d", depth)
		elem := g.walkPatches(w.Elem, n+"["+k+"]", o+"["+k+"]", p.dynamic("jsonpatch.escapeKey("+k+")"), depth+1)
		if elem == "" {
			return ""
		}
		return fmt.Sprintf("%s.filter(%s, %s in %s).map(%s,\n%s).flatten()", n, k, k, o, k, elem)
	case unionspec.ShapeListMap:
		// The old item is matched as Go matches it: the item at the same
		// index first, then the first with the same keys; the list of
		// the match, of zero or one item, binds it to a variable.
		i, x, y, old := fmt.Sprintf("i%d", depth), fmt.Sprintf("x%d", depth), fmt.Sprintf("y%d", depth), fmt.Sprintf("o%d", depth)
		elem := g.walkPatches(w.Elem, x, old, p.dynamic("string("+i+")"), depth+1)
		if elem == "" {
			return ""
		}
		same := o + "[" + i + "]"
		return fmt.Sprintf("%s.transformList(%s, %s,\n(%s < size(%s) && %s ? [%s] :\n%s.exists(%s, %s) ? [%s.filter(%s, %s)[0]] : []).map(%s,\n%s).flatten()).flatten()",
			n, i, x,
			i, o, keysEqual(w.Keys, x, same), same,
			o, y, keysEqual(w.Keys, x, y), o, y, keysEqual(w.Keys, x, y),
			old, elem)
	}
	return ""
}

// unionPatches is the CEL list of the patches of a union of the object n,
// whose old counterpart is o, at path p: one per Clear of the union, under
// its condition. The conditions that all the clears share are tested once.
func unionPatches(u *unionspec.Union, n, o string, p celPath) string {
	printer := &celPrinter{u: u, self: n, old: o, selectField: prop}
	var whens [][]*unionspec.Cond
	var clears []*unionspec.Clear
	for _, c := range u.Clears {
		// The policy runs on update only.
		when := c.When.Simplify(unionspec.Known{Update: new(true)})
		if when.Is(false) {
			continue
		}
		whens, clears = append(whens, when.Conjuncts()), append(clears, c)
	}
	if len(clears) == 0 {
		return ""
	}
	shared := unionspec.Shared(whens)
	members := make([]string, len(clears))
	for i, c := range clears {
		own := unionspec.Without(whens[i], shared)
		patch := "[" + clearPatch(u.Member(c.Member), p.child(c.Member)) + "]"
		if len(own) > 0 {
			patch = fmt.Sprintf("(%s ? %s : [])", printer.print(unionspec.And(own...), false), patch)
		}
		members[i] = patch
	}
	return fmt.Sprintf("(%s ?\n%s : [])", printer.print(unionspec.And(shared...), false), strings.Join(members, " +\n"))
}

// clearPatch is the JSON patch operation that clears a member as the Go
// object would be written once cleared.
func clearPatch(m *unionspec.Member, p celPath) string {
	zero := m.Cleared()
	if zero == nil {
		return fmt.Sprintf(`JSONPatch{op: "remove", path: %s}`, p)
	}
	return fmt.Sprintf(`JSONPatch{op: "replace", path: %s, value: %s}`, p, celZero(zero))
}

// celZero is the CEL literal of a zero value of Member.Zero or
// KeyType.Zero.
func celZero(zero any) string {
	switch zero.(type) {
	case string:
		return `""`
	case bool:
		return "false"
	case float64:
		return "0.0"
	}
	return "0"
}

// keysEqual compares the keys of two items of a list-map, x and y, as Go
// compares their fields: an absent key is its zero value, or nil for a
// pointer.
func keysEqual(keys []*unionspec.Key, x, y string) string {
	var conds []string
	for _, k := range keys {
		xv, xHas := prop(x, k.Name)
		yv, yHas := prop(y, k.Name)
		if k.Pointer {
			conds = append(conds, fmt.Sprintf("%s == %s && (!%s || %s == %s)", xHas, yHas, xHas, xv, yv))
			continue
		}
		zero := celZero(k.Type.Zero())
		conds = append(conds, fmt.Sprintf("(%s ? %s : %s) == (%s ? %s : %s)", xHas, xv, zero, yHas, yv, zero))
	}
	return strings.Join(conds, " && ")
}

// prop is the CEL of a property of the object x, and of the test that it is
// present: a field selection where CEL allows one, else an index.
func prop(x, name string) (value, present string) {
	if identifier.MatchString(name) && !slices.Contains(celReserved, name) {
		return x + "." + name, "has(" + x + "." + name + ")"
	}
	q := strconv.Quote(name)
	return x + "[" + q + "]", q + " in " + x
}

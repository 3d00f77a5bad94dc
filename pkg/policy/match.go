package policy

import (
	"fmt"
	"strings"

	"github.com/union-gen/union-gen/pkg/celprint"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// switched is the CEL condition of an update that changes the discriminator
// of a union that the policy normalizes (N1: no other update is patched),
// found along the same walk as the patches; "" where there is none. As a
// matchCondition, it keeps the policy's mutation from running on every
// other update. It may hold where no patch follows (a list-map item is
// compared with every old item of the same keys): the mutation decides.
func switched(s *unionspec.Schema) string {
	root := &changes{n: "object", o: "oldObject"}
	unionspec.Visit(s, unionspec.Visitor[*changes](changer{}), root)
	return root.expr()
}

// changes are the CEL conditions that a discriminator of a walked value n,
// whose old counterpart is o, changed; depth numbers comprehension
// variables.
type changes struct {
	n, o  string
	depth int
	parts []string
}

func (cs *changes) expr() string {
	return strings.Join(cs.parts, " ||\n")
}

// changer walks a schema to the discriminators of the unions that have
// patches.
type changer struct{}

func (changer) Struct(name string, _ *unionspec.Walk, cs *changes, w *unionspec.Walker[*changes]) {
	w.Struct(name, cs)
}

func (changer) Union(u *unionspec.Union, cs *changes) {
	if _, clears := updateClears(u); len(clears) == 0 {
		return
	}
	printer := &celprint.Printer{Union: u, Self: cs.n, Old: cs.o, Select: celprint.Property}
	cs.parts = append(cs.parts, printer.Print(&unionspec.Cond{Op: unionspec.OpDiscUnchanged}, true))
}

func (changer) Field(f *unionspec.Field, cs *changes, w *unionspec.Walker[*changes]) {
	if !f.Walk.HasOld {
		return
	}
	nv, nHas := celprint.Property(cs.n, f.Name)
	ov, oHas := celprint.Property(cs.o, f.Name)
	child := &changes{n: nv, o: ov, depth: cs.depth}
	w.Walk(f.Walk, child)
	if e := child.expr(); e != "" {
		cs.parts = append(cs.parts, fmt.Sprintf("(%s && %s && (%s))", nHas, oHas, e))
	}
}

// Elems tests the values of a map that old has too, and the items of a
// list-map against the old items with the same keys.
func (changer) Elems(walk *unionspec.Walk, cs *changes, w *unionspec.Walker[*changes]) {
	n, o, depth := cs.n, cs.o, cs.depth
	switch walk.Shape {
	case unionspec.ShapeMap:
		k := fmt.Sprintf("k%d", depth)
		child := &changes{n: n + "[" + k + "]", o: o + "[" + k + "]", depth: depth + 1}
		w.Walk(walk.Elem, child)
		if e := child.expr(); e != "" {
			cs.parts = append(cs.parts, fmt.Sprintf("%s.exists(%s, %s in %s && (%s))", n, k, k, o, e))
		}
	case unionspec.ShapeListMap:
		x, y := fmt.Sprintf("x%d", depth), fmt.Sprintf("y%d", depth)
		child := &changes{n: x, o: y, depth: depth + 1}
		w.Walk(walk.Elem, child)
		if e := child.expr(); e != "" {
			cs.parts = append(cs.parts, fmt.Sprintf("%s.exists(%s, %s.exists(%s, %s && (%s)))", n, x, o, y, keysEqual(walk.Keys, x, y), e))
		}
	}
}

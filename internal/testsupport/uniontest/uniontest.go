// Package uniontest runs generated union methods against tables of old and
// new objects, as the API server calls them, and checks their errors against
// docs/semantics.md §4. The behaviour tests of the bundled examples share it.
package uniontest

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Ptr returns a pointer to a copy of v.
func Ptr[T any](v T) *T { return &v }

// Object is what union-gen generates for every type that has or reaches
// a union.
type Object[T any] interface {
	*T
	NormalizeUnions(old *T)
	ValidateUnions(old *T, fldPath *field.Path) field.ErrorList
	UnionsValid() bool
}

// Row is one update (or create, when old is nil) as the API server runs it:
// in.NormalizeUnions(old), then in.ValidateUnions(old, root).
type Row[T any] struct {
	Name string
	Old  *T
	In   *T
	// want is in after NormalizeUnions; nil means normalization must leave in
	// exactly as it was.
	Want *T
	Errs []WantErr
	// Ratcheted marks an update that ratcheting accepts although the same
	// object is invalid on create; in every other row, old changes the
	// messages of the errors but not the verdict.
	Ratcheted bool
}

func RunRows[T any, P Object[T]](t *testing.T, root *field.Path, rows []Row[T]) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.Name, func(t *testing.T) {
			want := r.Want
			if want == nil {
				want = deepCopy(t, r.In)
			}
			// old is the stored object, shared with the API server's cache:
			// normalization must never touch it.
			oldBefore := deepCopy(t, r.Old)
			P(r.In).NormalizeUnions(r.Old)
			if !reflect.DeepEqual(r.In, want) {
				t.Errorf("NormalizeUnions:\n got %s\nwant %s", JSON(t, r.In), JSON(t, want))
			}
			if !reflect.DeepEqual(r.Old, oldBefore) {
				t.Errorf("NormalizeUnions changed old:\n got %s\nwant %s", JSON(t, r.Old), JSON(t, oldBefore))
			}
			errs := P(r.In).ValidateUnions(r.Old, root)
			CheckErrs(t, errs, r.Errs)
			// UnionsValid is the verdict on create, which ratcheting does
			// not change. Old may turn a rejection into an acceptance only
			// in a ratcheted row, and never an acceptance into a rejection:
			// otherwise it changes only messages.
			created := P(r.In).ValidateUnions(nil, root)
			if valid := P(r.In).UnionsValid(); valid != (len(created) == 0) {
				t.Errorf("UnionsValid = %t, but ValidateUnions(nil) = %v", valid, created)
			}
			ratcheted := len(errs) == 0 && len(created) > 0
			if ratcheted != r.Ratcheted || len(errs) > 0 && len(created) == 0 {
				t.Errorf("ValidateUnions(old) = %v and ValidateUnions(nil) = %v, but the row says ratcheted = %t", errs, created, r.Ratcheted)
			}
		})
	}
}

// CheckNilReceiver calls both methods on a nil *T: they must do nothing.
func CheckNilReceiver[T any, P Object[T]](t *testing.T, old *T) {
	t.Helper()
	var in P
	in.NormalizeUnions(old)
	if errs := in.ValidateUnions(old, field.NewPath("x")); errs != nil {
		t.Errorf("(%T)(nil).ValidateUnions = %v, want nil", in, errs)
	}
	if !in.UnionsValid() {
		t.Errorf("(%T)(nil).UnionsValid = false, want true", in)
	}
}

// deepCopy copies through JSON, which the example types round-trip exactly as
// long as no Row uses an empty non-nil map or slice under omitempty.
func deepCopy[T any](t *testing.T, in *T) *T {
	t.Helper()
	if in == nil {
		return nil
	}
	var out T
	if err := json.Unmarshal([]byte(JSON(t, in)), &out); err != nil {
		t.Fatal(err)
	}
	return &out
}

func JSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// WantErr is one expected validation error: type and field must match
// exactly; detail holds the words docs/semantics.md §4 requires in the message, lacks
// the words it must not contain.
type WantErr struct {
	typ      field.ErrorType
	field    string
	detail   []string
	lacks    []string
	badValue string // NotSupported only
}

// hint is the word of the V3 message that tells the client to change the
// discriminator to switch members. It belongs only in errors where old is not
// nil and the discriminator did not change.
const hint = "switch"

// Required is V1 on a "" discriminator (no words) or V2 on an unset selected
// member (words: the discriminator and its value).
func Required(path string, words ...string) WantErr {
	return WantErr{typ: field.ErrorTypeRequired, field: path, detail: words}
}

// Forbidden is V3 on create or after the discriminator changed: no hint.
func Forbidden(path, disc, value string) WantErr {
	return WantErr{typ: field.ErrorTypeForbidden, field: path, detail: []string{disc, value}, lacks: []string{hint}}
}

// ForbiddenUnchanged is V3 when the discriminator did not change: with hint.
func ForbiddenUnchanged(path, disc, value string) WantErr {
	return WantErr{typ: field.ErrorTypeForbidden, field: path, detail: []string{disc, value, hint}}
}

// NotSupported is V1 on an unknown value. valid is given sorted, the order the
// message must list them in.
func NotSupported(path, value string, valid ...string) WantErr {
	quoted := make([]string, len(valid))
	for i, v := range valid {
		quoted[i] = strconv.Quote(v)
	}
	return WantErr{typ: field.ErrorTypeNotSupported, field: path, detail: []string{strings.Join(quoted, ", ")}, badValue: value}
}

// CheckErrs compares got with want in order.
func CheckErrs(t *testing.T, got field.ErrorList, want []WantErr) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		g, w := got[i], want[i]
		ok = g.Type == w.typ && g.Field == w.field
		for _, s := range w.detail {
			ok = ok && strings.Contains(g.Detail, s)
		}
		for _, s := range w.lacks {
			ok = ok && !strings.Contains(g.Detail, s)
		}
		if w.typ == field.ErrorTypeNotSupported {
			ok = ok && fmt.Sprint(g.BadValue) == w.badValue
		}
	}
	if !ok {
		t.Errorf("ValidateUnions:\n got %s\nwant %s", formatGot(got), formatWant(want))
	}
}

func formatGot(errs field.ErrorList) string {
	if len(errs) == 0 {
		return "no errors\n"
	}
	var b strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&b, "\n\t%s %s: %q", e.Type, e.Field, e.Detail)
		if e.Type == field.ErrorTypeNotSupported {
			fmt.Fprintf(&b, " (value %v)", e.BadValue)
		}
	}
	return b.String() + "\n"
}

func formatWant(want []WantErr) string {
	if len(want) == 0 {
		return "no errors\n"
	}
	var b strings.Builder
	for _, w := range want {
		fmt.Fprintf(&b, "\n\t%s %s: with %q, without %q", w.typ, w.field, w.detail, w.lacks)
		if w.typ == field.ErrorTypeNotSupported {
			fmt.Fprintf(&b, " (value %s)", w.badValue)
		}
	}
	return b.String() + "\n"
}

// AssertNoAllocs runs NormalizeUnions and ValidateUnions as the API server
// does on every write of a valid object, and fails unless they allocate
// nothing. reset, if not nil, puts back what normalization clears, so that
// clearing is measured on every run.
func AssertNoAllocs[T any, P Object[T]](t *testing.T, name string, in, old *T, reset func()) {
	t.Helper()
	path := field.NewPath("root")
	allocs := testing.AllocsPerRun(100, func() {
		if reset != nil {
			reset()
		}
		P(in).NormalizeUnions(old)
		if errs := P(in).ValidateUnions(old, path); errs != nil {
			t.Fatalf("%s: not valid: %v", name, errs)
		}
	})
	if allocs != 0 {
		t.Errorf("%s: %v allocations per NormalizeUnions+ValidateUnions, want 0", name, allocs)
	}
}

// BenchUpdate measures one update as the API server runs it. The objects
// must be such that normalization changes nothing, so that every iteration
// does the same work; wantErrs checks that the object is as (in)valid as the
// benchmark claims.
func BenchUpdate[T any, P Object[T]](b *testing.B, in, old *T, root *field.Path, wantErrs int) {
	P(in).NormalizeUnions(old)
	if n := len(P(in).ValidateUnions(old, root)); n != wantErrs {
		b.Fatalf("%d errors, want %d", n, wantErrs)
	}
	b.ReportAllocs()
	for b.Loop() {
		P(in).NormalizeUnions(old)
		P(in).ValidateUnions(old, root)
	}
}

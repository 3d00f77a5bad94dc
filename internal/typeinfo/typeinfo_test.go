package typeinfo

import (
	"encoding/json"
	"reflect"
	"testing"

	"k8s.io/gengo/v2/types"
)

// TestJSONNameAsEncodingJSON: the name JSONName gives a field, and whether
// IsSerialized sees it, are what encoding/json does with the same tag.
func TestJSONNameAsEncodingJSON(t *testing.T) {
	for _, tag := range []string{
		`json:"name"`, `json:"name,omitempty"`, `json:",omitempty"`, `json:"-"`, `json:"-,"`,
		`json:"we\"ird"`, `json:"a b"`, `json:"a,b"`, `json:"x'y"`, `json:"ünï"`, `json:"a\\b"`, `json:"$ref"`, ``,
	} {
		st := reflect.StructOf([]reflect.StructField{{Name: "Field", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(tag)}})
		v := reflect.New(st).Elem()
		v.Field(0).SetInt(1)
		b, err := json.Marshal(v.Interface())
		if err != nil {
			t.Fatal(err)
		}
		var obj map[string]any
		if err := json.Unmarshal(b, &obj); err != nil {
			t.Fatal(err)
		}
		want := ""
		for name := range obj {
			want = name
		}
		m := types.Member{Name: "Field", Tags: tag}
		got := ""
		if IsSerialized(m) {
			got = JSONName(m)
		}
		if got != want {
			t.Errorf("tag %s: JSONName %q (serialized: %t), encoding/json writes %q", tag, JSONName(m), IsSerialized(m), want)
		}
	}
}

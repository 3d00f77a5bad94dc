package crd

import (
	"slices"
	"testing"
)

// TestSelfFields checks what union-gen reads of a CRD's own rules to tell a
// hand-written union rule: the properties of self they read, where they read
// nothing else.
func TestSelfFields(t *testing.T) {
	tests := []struct {
		rule   string
		fields []string
		ok     bool
	}{
		{`self.type == 'A' ? has(self.a) : !has(self.a)`, []string{"a", "type"}, true},
		{`has(self.type) && self.type == "A" ? has(self.a) : !has(self.a)`, []string{"a", "type"}, true},
		{`!has(self.a) || !has(self.b)`, []string{"a", "b"}, true},
		{`(has(self.a) ? 1 : 0) + (has(self.b) ? 1 : 0) + (has(self.c) ? 1 : 0) <= 1`, []string{"a", "b", "c"}, true},
		{`self.type in ['A', 'B'] || !has(self.a)`, []string{"a", "type"}, true},
		// size() is of a value of self's, as union-gen's own test of a
		// list member has it.
		{`self.type == 'List' ? has(self.items) && size(self.items) > 0 : !has(self.items)`, []string{"items", "type"}, true},
		{`self.type != 'Recreate' || self.maxSurge.size() == 0`, []string{"maxSurge", "type"}, true},
		// Below a property of self, the property is read.
		{`self.type == 'A' ? has(self.a.port) : true`, []string{"a", "type"}, true},
		// union-gen's own comment is CEL's.
		{`has(self.a) == (self.type == "A") // union-gen`, []string{"a", "type"}, true},
		{`!has(self.name) || size(self.name) <= 64`, []string{"name"}, true},
		// oldSelf, self itself and other variables read more than
		// properties of self.
		{`!has(oldSelf.a) || has(self.a)`, nil, false},
		{`self.type == oldSelf.type`, nil, false},
		{`self == oldSelf`, nil, false},
		{`size(self) <= 2`, nil, false},
		{`self.items.all(i, has(i.a))`, nil, false},
		{`has(self.a) || request.userInfo.username == "admin"`, nil, false},
		// CEL that does not parse, and self indexed or in a map.
		{`self.type == 'A' ? has(self.a) :`, nil, false},
		{`self['type'] == 'A'`, nil, false},
		{`{'a': self.a}.size() == 1`, nil, false},
	}
	for _, tc := range tests {
		fields, ok := selfFields(tc.rule)
		if !slices.Equal(fields, tc.fields) || ok != tc.ok {
			t.Errorf("selfFields(%q) = %q, %t; want %q, %t", tc.rule, fields, ok, tc.fields, tc.ok)
		}
	}
}

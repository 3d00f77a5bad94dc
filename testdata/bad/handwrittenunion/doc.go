// Package handwrittenunion has a kind whose CRD still has the rules that its
// authors wrote for a union before union-gen's: two that check only the
// union's discriminator and members, on the union's type and on a field of
// it, which union-gen reports at their markers, and two that check more,
// which it leaves alone.
//
// +groupName=handwrittenunion.example.com
package handwrittenunion

// Package method has a method whose signature does not compile.
package method

type T struct{}

func (T) M(Undefined) {}

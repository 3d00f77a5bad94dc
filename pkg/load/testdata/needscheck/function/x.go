// Package function has a function whose signature does not compile.
package function

func f() Undefined { return nil }

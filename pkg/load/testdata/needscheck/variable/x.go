// Package variable has a variable whose type does not compile.
package variable

var v Undefined

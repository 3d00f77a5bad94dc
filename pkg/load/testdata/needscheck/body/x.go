// Package body has a type error only in a function body, which changes no
// declaration that union-gen reads.
package body

func f() int { return undefined }

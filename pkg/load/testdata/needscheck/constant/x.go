// Package constant has a constant whose value does not compile.
package constant

const c = undefined + 1

// Package enums declares discriminator enums used by unions in another
// package, as API groups share enums with core/v1.
package enums

// InputType selects where a pipeline reads from; "" selects nothing.
// +enum
type InputType string

const (
	InputFile InputType = "File"
	InputURL  InputType = "URL"
	InputNone InputType = ""
)

// OutputType selects where a pipeline writes to. Stdout needs no
// configuration: it is an empty member.
// +enum
type OutputType string

const (
	OutputStdout OutputType = "Stdout"
	OutputSocket OutputType = "Socket"
)

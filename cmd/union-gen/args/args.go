// Package args holds union-gen's command-line arguments.
package args

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"
)

// Args are the command-line arguments of union-gen.
type Args struct {
	// OutputFile is the name of the Go file written into each input package
	// that has unions.
	OutputFile string
	// GoHeaderFile is the boilerplate header of generated files.
	GoHeaderFile string
}

// New returns the arguments with their defaults.
func New() *Args {
	return &Args{OutputFile: "zz_generated.unions.go"}
}

// AddFlags adds the arguments' flags to fs.
func (a *Args) AddFlags(fs *pflag.FlagSet) {
	fs.StringVar(&a.OutputFile, "output-file", a.OutputFile,
		"name of the Go file written into each input package that has unions")
	fs.StringVar(&a.GoHeaderFile, "go-header-file", a.GoHeaderFile,
		"file with the boilerplate header of generated files (\"YEAR\" is replaced by the current year)")
}

// Validate checks the arguments.
func (a *Args) Validate() error {
	if a.OutputFile == "" {
		return fmt.Errorf("--output-file must not be empty")
	}
	if filepath.Base(a.OutputFile) != a.OutputFile || filepath.Ext(a.OutputFile) != ".go" {
		return fmt.Errorf("--output-file must be a file name ending in .go, with no directory: %q", a.OutputFile)
	}
	if a.GoHeaderFile != "" {
		if _, err := os.Stat(a.GoHeaderFile); err != nil {
			return fmt.Errorf("--go-header-file: %w", err)
		}
	}
	return nil
}

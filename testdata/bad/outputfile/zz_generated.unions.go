package outputfile

// Written by hand under the name of union-gen's output: union-gen must
// not replace it.
func handWritten() {}

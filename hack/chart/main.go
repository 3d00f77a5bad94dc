// Command chart draws the pictures of docs/ as SVG:
//
//	chart bench RESULTS   the ratios of union-gen to deepcopy-gen, time and
//	                      peak memory, from the lines of hack/measure that
//	                      hack/bench-codegen.sh collects (docs/benchmarks.svg)
//	chart apply           the apply story: the stored Deployment, the patch of
//	                      kubectl apply, the object the server gets, and that
//	                      object normalized, computed by the generated methods
//	                      of examples/apis/apps/v1 (docs/apply.svg)
//
// The SVG is written to standard output; the same input gives the same bytes.
package main

import (
	"fmt"
	"os"
)

func main() {
	var svg string
	var err error
	switch {
	case len(os.Args) == 3 && os.Args[1] == "bench":
		svg, err = benchChart(os.Args[2])
	case len(os.Args) == 2 && os.Args[1] == "apply":
		svg, err = applyChart()
	default:
		err = fmt.Errorf("usage: chart bench RESULTS | chart apply")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "chart:", err)
		os.Exit(1)
	}
	fmt.Print(svg)
}

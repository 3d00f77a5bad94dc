package targets

import (
	"cmp"
	"fmt"
	"slices"

	"k8s.io/gengo/v2/generator"

	"github.com/union-gen/union-gen/pkg/markers"
	"github.com/union-gen/union-gen/pkg/report"
)

// The tags of a versioned package's doc.go by which conversion-gen pairs
// it with the package of internal types it converts to, and names the
// package of its versioned types where they live apart (k8s.io/api).
const (
	conversionTag    = "k8s:conversion-gen"
	externalTypesTag = "k8s:conversion-gen-external-types"
)

// versionedPackages pairs packages of internal types with the package of
// versioned types whose json tags name their fields (unions.Options.Versioned),
// as conversion-gen pairs them: an input package whose doc.go says
// +k8s:conversion-gen=<internal package> converts that package's types to
// its own, or to those of its +k8s:conversion-gen-external-types. Where
// several versions convert one package, the first input in import path
// order names its fields. The versioned types are loaded, as conversion-gen
// loads its peers: as a dependency of an input, a package has in gengo's
// universe only the types that the inputs refer to.
func versionedPackages(c *generator.Context) (map[string]string, report.Problems) {
	versioned := map[string]string{}
	for _, path := range slices.Sorted(slices.Values(c.Inputs)) {
		comments := c.Universe.Package(path).Comments
		internal := markers.TagValue(comments, conversionTag)
		if internal == "" || internal == "false" || versioned[internal] != "" {
			continue
		}
		external := cmp.Or(markers.TagValue(comments, externalTypesTag), path)
		if !slices.Contains(c.Inputs, external) {
			if _, err := c.LoadPackages(external); err != nil {
				return nil, report.Problems{{Message: fmt.Sprintf("%s: loading the versioned types of +%s=%s: %v", path, externalTypesTag, external, err), Rule: report.LoadError}}
			}
		}
		versioned[internal] = external
	}
	return versioned, nil
}

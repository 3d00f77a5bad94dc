package unions

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/internal/yamldoc"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unionspec"
)

// apiGroupsData is the table of the groups of k8s.io/api that the API server
// enforces otherwise than their markers say (apigroups.yaml, which says why).
//
//go:embed apigroups.yaml
var apiGroupsData []byte

// apiGroupsFile names apigroups.yaml in the errors of its content.
const apiGroupsFile = "pkg/unions/apigroups.yaml"

// apiGroup is a group of a struct of k8s.io/api, in every version of its
// API group: "resource" for k8s.io/api/resource/v1, v1beta1 and so on.
type apiGroup struct {
	apiGroup, typ, group string
}

// apiGroupEntry is an entry of apigroups.yaml.
type apiGroupEntry struct {
	APIGroup string `yaml:"apiGroup"`
	Type     string `yaml:"type"`
	Group    string `yaml:"group"`
	// Reads is the union that the API server enforces (apiGroupReads),
	// or "unchecked".
	Reads    string `yaml:"reads"`
	Enforced string `yaml:"enforced"`
}

// apiGroupReads are the requirements that an entry's reads names.
var apiGroupReads = map[string]unionspec.Requirement{"zeroOrOne": unionspec.ZeroOrOne, "atLeastOne": unionspec.AtLeastOne}

// apiGroupReading is how the API server enforces a group: as a union that
// requires what requires says, or not at all by the struct (unchecked), and
// why.
type apiGroupReading struct {
	requires  unionspec.Requirement
	unchecked bool
	// enforced says what the API server does, as the warning says it.
	enforced string
	// pos is the group's entry in apiGroupsFile.
	pos token.Position
}

// apiGroups are the groups of apigroups.yaml, read once: the file is
// union-gen's own, and its tests read it, so an error in it is a bug.
var apiGroups = mustReadAPIGroups(apiGroupsData)

func mustReadAPIGroups(data []byte) map[apiGroup]apiGroupReading {
	groups, err := readAPIGroups(data)
	if err != nil {
		panic(err)
	}
	return groups
}

// readAPIGroups reads the groups of apigroups.yaml, each with the position
// of its entry. A field that the entry does not have, a reads that names no
// requirement and a group given twice are errors at their entry.
func readAPIGroups(data []byte) (map[apiGroup]apiGroupReading, error) {
	var entries []apiGroupEntry
	root, err := yamldoc.Decode(data, &entries)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", apiGroupsFile, err)
	}
	groups := map[apiGroup]apiGroupReading{}
	for i, e := range entries {
		pos := token.Position{Filename: apiGroupsFile, Line: root.Content[i].Line, Column: root.Content[i].Column}
		key := apiGroup{e.APIGroup, e.Type, e.Group}
		r := apiGroupReading{requires: apiGroupReads[e.Reads], unchecked: e.Reads == "unchecked", enforced: e.Enforced, pos: pos}
		_, known := apiGroupReads[e.Reads]
		earlier, twice := groups[key]
		switch {
		case !known && !r.unchecked:
			return nil, fmt.Errorf("%s: reads is %q, not zeroOrOne, atLeastOne or unchecked", pos, e.Reads)
		case e.APIGroup == "" || e.Type == "" || e.Group == "" || e.Enforced == "":
			return nil, fmt.Errorf("%s: an entry needs an apiGroup, a type, a group and what the API server enforces", pos)
		case twice:
			return nil, fmt.Errorf("%s: %s's group %s of %s is at %s too", pos, e.Type, e.Group, e.APIGroup, earlier.pos)
		}
		groups[key] = r
	}
	return groups, nil
}

// readingOf returns how the API server enforces a group of t, if t
// is of k8s.io/api and its group is one of apiGroups.
func readingOf(t *types.Type, group string) (apiGroupReading, bool) {
	rest, ok := strings.CutPrefix(t.Name.Package, "k8s.io/api/")
	if !ok {
		return apiGroupReading{}, false
	}
	apiGroupName, _, _ := strings.Cut(rest, "/")
	r, ok := apiGroups[apiGroup{apiGroupName, t.Name.Name, group}]
	return r, ok
}

// readAPIGroup reads a group of k8s.io/api as the API server enforces it
// (apiGroups), with a warning at its first member; it reports false for a
// group that union-gen does not check.
func (b *builder) readAPIGroup(t *types.Type, name string, group *declaredUnion) bool {
	r, ok := readingOf(t, name)
	if !ok {
		return true
	}
	m := group.members[0]
	does := "checks nothing of the group"
	if !r.unchecked {
		group.requires = r.requires
		does = "checks that " + map[unionspec.Requirement]string{unionspec.ZeroOrOne: "at most one", unionspec.AtLeastOne: "at least one"}[r.requires] + " of its fields is set"
	}
	b.markerProblem(t, m.f, m.marker, report.APIGroup, true, "+%s=%s of k8s.io/api's %s: %s: union-gen follows kube-apiserver v1.37 and %s",
		m.marker, name, t.Name.Name, r.enforced, does)
	return !r.unchecked
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/union-gen/union-gen/internal/testsupport/modcopy"
	"github.com/union-gen/union-gen/internal/testsupport/usermodule"
)

// openAPIBlockMarker is the line above docs/openapi.md's block that
// requires pkg/openapiext from a clone.
const openAPIBlockMarker = "<!-- run: a module beside the clone -->"

// TestOpenAPIFromClone runs docs/openapi.md's OpenAPI path as a user does
// before union-gen is published: in a new module beside a clone of this
// repository, openapi-gen and union-gen write their definitions, the docs'
// block requires pkg/openapiext from the clone, and a program built in the
// module reads both shapes of the extension through openapiext.WithUnions.
func TestOpenAPIFromClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds openapi-gen and a module outside the repository (-short)")
	}
	work := t.TempDir()
	if err := os.Symlink(root, filepath.Join(work, "union-gen")); err != nil {
		t.Fatal(err)
	}
	module := filepath.Join(work, "api")
	// What openapi-gen's and union-gen's code import but openapiext.
	goMod, goSum := usermodule.Files(t, root, "example.com/api", "k8s.io/kube-openapi")
	writeModuleFile(t, filepath.Join(module, "go.mod"), goMod)
	writeModuleFile(t, filepath.Join(module, "go.sum"), goSum)
	// openapi-gen reads the package's tags from doc.go only.
	writeModuleFile(t, filepath.Join(module, "pkg", "apis", "v1", "doc.go"), "// +k8s:openapi-gen=true\npackage v1\n")
	writeModuleFile(t, filepath.Join(module, "pkg", "apis", "v1", "types.go"), `package v1

// +enum
type Kind string

const (
	KindA Kind = "A"
	KindB Kind = "B"
)

type Choice struct {
	// +unionDiscriminator
	Kind Kind `+"`json:\"kind\"`"+`
	// +unionMember
	// +optional
	A *string `+"`json:\"a,omitempty\"`"+`
}
`)
	writeModuleFile(t, filepath.Join(module, "main.go"), `package main

import (
	"encoding/json"
	"os"

	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"example.com/api/pkg/generated/openapi"
	"github.com/union-gen/union-gen/pkg/openapiext"
)

func main() {
	get := openapiext.WithUnions(openapi.GetOpenAPIDefinitions, openapi.UnionDefinitions())
	def := get(func(path string) spec.Ref { return spec.MustCreateRef("#/definitions/" + common.EscapeJsonPointer(path)) })["example.com/api/pkg/apis/v1.Choice"]
	if err := json.NewEncoder(os.Stdout).Encode(def.Schema); err != nil {
		panic(err)
	}
}
`)

	// The module is new: the modules its go.sum lacks come from the module
	// cache or the proxy, never the checksum database.
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOSUMDB=off")
	openAPIGen := strings.TrimSpace(string(modcopy.Go(t, root, "tool", "-n", "openapi-gen")))
	command(t, module, env, openAPIGen, "--output-dir", "pkg/generated/openapi", "--output-pkg", "example.com/api/pkg/generated/openapi",
		"--output-file", "zz_generated.openapi.go", "./pkg/apis/...")
	if res := runIn(t, module, "--openapi-output-pkg", "example.com/api/pkg/generated/openapi", "./pkg/apis/..."); res.code != 0 {
		t.Fatalf("union-gen: exit status %d\n%s", res.code, res.stderr)
	}
	for _, line := range docsBlock(t, filepath.Join(root, "docs", "openapi.md"), openAPIBlockMarker) {
		command(t, module, env, "sh", "-c", line)
	}
	schema := string(command(t, module, env, "go", "run", "."))
	for _, want := range []string{
		`"x-kubernetes-unions":{"fieldMembers":{"A":{"name":"a","optional":false},"B":null}}`,
		`"x-kubernetes-unions":[{"discriminator":"kind","fields-to-discriminateBy":{"a":"A"}}]`,
	} {
		if !strings.Contains(schema, want) {
			t.Errorf("the schema through WithUnions lacks %s:\n%s", want, schema)
		}
	}
}

// docsBlock is the commands of the sh block under marker in the Markdown
// file at path, a command continued with a trailing backslash joined.
func docsBlock(t *testing.T, path, marker string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), marker+"\n```sh\n")
	block, _, closed := strings.Cut(after, "```\n")
	if !ok || !closed {
		t.Fatalf("%s has no sh block under %s", path, marker)
	}
	return strings.Split(strings.TrimSpace(strings.ReplaceAll(block, "\\\n", "")), "\n")
}

// command runs name in dir and returns its standard output, failing the
// test with its output where it fails.
func command(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.String())
	}
	return out
}

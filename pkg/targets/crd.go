package targets

import (
	"cmp"
	"io"
	"os"
	"path/filepath"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/crd"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// manifestFileType is the file type of the YAML files union-gen writes:
// the CRD files it rewrites, the policy files beside them, and the policy
// and webhook configuration for built-in kinds.
const manifestFileType = "manifest"

// crdTargetsOf edits the CRD files of cfg.CRDPaths, and makes the policy
// files beside them, in memory, and returns a target for each file that
// changes, so that gengo writes them with the Go files, and none when there
// is any problem; stale are the policy files it wrote before that have
// nothing left to hold.
func crdTargetsOf(c *generator.Context, cfg Config, model *unions.Model) (targets []generator.Target, stale []string, problems report.Problems) {
	files, err := crdFiles(cfg.CRDPaths)
	if err != nil {
		return nil, nil, report.Problems{{Message: "--crd-paths: " + err.Error(), Rule: report.Files}}
	}
	edited, policyTargets, problems := crd.Edit(CRDInput(model), files, crd.Options{Rules: cfg.CRDRules})
	policies, policyProblems := policy.Files(policyTargets, cmp.Or(cfg.PolicyVersion, policy.Versions[0]))
	problems = append(problems, policyProblems...)
	if problems.HasErrors() {
		return nil, nil, problems
	}
	c.FileTypes[manifestFileType] = manifestFile{out: cfg.Output}
	var written []crd.File
	for _, f := range policies {
		if f.Remove {
			stale = append(stale, f.Path)
		} else {
			written = append(written, crd.File{Path: f.Path, Data: f.Data})
		}
	}
	for _, f := range append(edited, written...) {
		targets = append(targets, manifestTarget(f.Path, f.Data))
	}
	return targets, stale, problems
}

// manifestTarget writes data, YAML, to path.
func manifestTarget(path string, data []byte) generator.Target {
	return &generator.SimpleTarget{
		PkgName: "manifest",
		PkgPath: path,
		PkgDir:  filepath.Dir(path),
		GeneratorsFunc: func(*generator.Context) []generator.Generator {
			return []generator.Generator{&manifestGenerator{filename: filepath.Base(path), data: data}}
		},
	}
}

// manifestGenerator writes the content of an edited CRD file or of a policy
// file: YAML, which it has whole, so that it names no type, nor imports.
type manifestGenerator struct {
	filename string
	data     []byte
}

func (g *manifestGenerator) Name() string                                 { return "manifest" }
func (g *manifestGenerator) Filter(*generator.Context, *types.Type) bool  { return false }
func (g *manifestGenerator) Namers(*generator.Context) namer.NameSystems  { return nil }
func (g *manifestGenerator) Finalize(*generator.Context, io.Writer) error { return nil }
func (g *manifestGenerator) PackageVars(*generator.Context) []string      { return nil }
func (g *manifestGenerator) PackageConsts(*generator.Context) []string    { return nil }
func (g *manifestGenerator) GenerateType(*generator.Context, *types.Type, io.Writer) error {
	return nil
}
func (g *manifestGenerator) Imports(*generator.Context) []string { return nil }
func (g *manifestGenerator) Filename() string                    { return g.filename }
func (g *manifestGenerator) FileType() string                    { return manifestFileType }
func (g *manifestGenerator) Init(_ *generator.Context, w io.Writer) error {
	_, err := w.Write(g.data)
	return err
}

// manifestFile writes a CRD or policy file as its generator made it, into
// out.
type manifestFile struct {
	out *Output
}

func (ft manifestFile) AssembleFile(f *generator.File, path string) error {
	return ft.out.stage(path, f.Body.Bytes())
}

// crdFiles lists the --crd-paths, with each directory replaced by its *.yaml and *.yml
// files in name order.
func crdFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if ext := filepath.Ext(e.Name()); !e.IsDir() && (ext == ".yaml" || ext == ".yml") {
				files = append(files, filepath.Join(p, e.Name()))
			}
		}
	}
	return files, nil
}

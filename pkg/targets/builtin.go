package targets

import (
	"cmp"
	"fmt"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// builtinTargets are the target of the policy for Kubernetes' built-in
// kinds, a run's only one: for each resource of the description, in its
// order, the policy of its kind's unions and its binding, in one file; none
// where the model's problems or the policy's have an error. A resource
// whose kind an update cannot switch a union of is a problem of the
// description. The policies are made even when the model has errors, so
// that one run reports every problem.
func builtinTargets(c *generator.Context, cfg Config, model *unions.Model, problems report.Problems) ([]generator.Target, report.Problems) {
	var data []byte
	for _, r := range cfg.Builtin.Resources {
		t := c.Universe.Type(types.ParseFullyQualifiedName(r.Kind))
		if t.Kind != types.Struct {
			continue // a problem of Mark
		}
		doc, err := builtinPolicy(r, model, t, cfg.PolicyVersion)
		if err != nil {
			problems = append(problems, report.Problem{Subject: r.Resource + "." + r.Group, Rule: report.LoadError, Message: builtin.File + ": " + err.Error()})
		}
		data = append(data, doc...)
	}
	if problems.HasErrors() {
		return nil, problems
	}
	c.FileTypes[manifestFileType] = manifestFile{out: cfg.Output}
	return []generator.Target{manifestTarget(cfg.BuiltinPolicy, data)}, problems
}

// builtinPolicy is the policy of resource r, whose kind is t, and its
// binding; an error where no update of t can switch a union.
func builtinPolicy(r builtin.Resource, model *unions.Model, t *types.Type, version string) ([]byte, error) {
	noUnion := fmt.Errorf("no update of %s can switch a union: drop the resource from the description", r.Kind)
	if model.Plans[t.Name] == nil {
		return nil, noUnion
	}
	s := model.Schema(t)
	if structName, path := policy.Recursion(s); structName != "" {
		return nil, fmt.Errorf("its unions are reached again under %s, at %s, which a policy cannot walk", structName, path)
	}
	doc, err := policy.Write(policy.Resource{Group: r.Group, Version: r.Version, Plural: r.Resource, Builtin: true}, s, cmp.Or(version, policy.Versions[0]))
	if err == nil && doc == nil {
		err = noUnion
	}
	return doc, err
}

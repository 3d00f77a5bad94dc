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
		t := builtin.Lookup(c.Universe, r.Kind)
		if t == nil {
			continue // a problem of Mark
		}
		doc, problem := builtinPolicy(r, model, t, cmp.Or(cfg.PolicyVersion, policy.Versions[0]))
		if problem != nil {
			problems = append(problems, *problem)
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
// binding, or the problem that keeps it from being written: a kind whose
// unions no update can switch is the description's.
func builtinPolicy(r builtin.Resource, model *unions.Model, t *types.Type, version string) ([]byte, *report.Problem) {
	resource := policy.Resource{Group: r.Group, Version: r.Version, Plural: r.Resource, Builtin: true}
	var doc []byte
	if model.Plans[t.Name] != nil {
		s := model.Schema(t)
		if structName, path := policy.Recursion(s); structName != "" {
			return nil, &report.Problem{Subject: resource.Name(), Rule: report.CRDRecursive,
				Message: fmt.Sprintf("%s reaches its unions again under %s, at %s, which a policy cannot walk", r.Kind, structName, path)}
		}
		var err error
		if doc, err = policy.Write(resource, s, version); err != nil {
			return nil, &report.Problem{Subject: resource.Name(), Rule: report.CELSize, Message: err.Error()}
		}
	}
	if doc == nil {
		return nil, &report.Problem{Subject: resource.Name(), Rule: report.LoadError,
			Message: fmt.Sprintf("%s: no update of %s can switch a union: drop the resource from the description", builtin.File, r.Kind)}
	}
	return doc, nil
}

package targets

import (
	"cmp"
	"fmt"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/types"

	"github.com/union-gen/union-gen/pkg/backend"
	"github.com/union-gen/union-gen/pkg/builtin"
	"github.com/union-gen/union-gen/pkg/policy"
	"github.com/union-gen/union-gen/pkg/report"
	"github.com/union-gen/union-gen/pkg/unions"
)

// builtinTargets are the targets of the manifests for Kubernetes' built-in
// kinds, a run's only ones: for each resource of the description, in its
// order, the policy of its kind's unions and its binding, in one file, and
// its webhook, in the webhook configuration; none where the model's
// problems or the manifests' have an error. A resource whose kind an update
// cannot switch a union of is a problem of the description. The manifests
// are made even when the model has errors, so that one run reports every
// problem.
func builtinTargets(c *generator.Context, cfg Config, model *unions.Model, problems report.Problems) ([]generator.Target, report.Problems) {
	var policies []byte
	var hooks []policy.Hook
	for _, r := range cfg.Builtin.Resources {
		t := builtin.Lookup(c.Universe, r.Kind)
		if t == nil {
			continue // a problem of Described
		}
		hook, doc, problem := builtinPolicy(r, model, t, cmp.Or(cfg.PolicyVersion, policy.Versions[0]))
		if problem != nil {
			problems = append(problems, *problem)
			continue
		}
		policies, hooks = append(policies, doc...), append(hooks, hook)
	}
	if problems.HasErrors() {
		return nil, problems
	}
	c.FileTypes[manifestFileType] = manifestFile{out: cfg.Output}
	var targets []generator.Target
	if cfg.BuiltinPolicy != "" {
		targets = append(targets, manifestTarget(cfg.BuiltinPolicy, policies))
	}
	if cfg.BuiltinWebhook != "" {
		targets = append(targets, manifestTarget(cfg.BuiltinWebhook, policy.WriteWebhookConfiguration(hooks)))
	}
	return targets, problems
}

// builtinPolicy is the webhook of resource r, whose kind is t, its policy
// and binding, or the problem that keeps them from being written: a kind
// whose unions no update can switch is the description's.
func builtinPolicy(r builtin.Resource, model *unions.Model, t *types.Type, version string) (policy.Hook, []byte, *report.Problem) {
	hook := policy.Hook{Resource: backend.Resource{Group: r.Group, Version: r.Version, Plural: r.Resource, Builtin: true}}
	var doc []byte
	if model.Plans[t.Name] != nil {
		hook.Schema = model.Schema(t)
		if structName, path := hook.Schema.Recursion(); structName != "" {
			return policy.Hook{}, nil, &report.Problem{Pos: r.Pos, Subject: hook.Resource.Name(), Rule: report.BuiltinRecursive,
				Message: fmt.Sprintf("%s reaches its unions again under %s, at %s, which a policy cannot walk", r.Kind, structName, path)}
		}
		if structName, m := hook.Schema.FirstOpaque(); m != nil {
			return policy.Hook{}, nil, &report.Problem{Pos: r.Pos, Subject: hook.Resource.Name(), Rule: report.MemberType,
				Message: fmt.Sprintf("member %s of %s is set when it is not its zero value, which its JSON does not show: %s; a policy reads JSON, so it can neither check nor clear it", m.GoName, structName, m.Opaque)}
		}
		var err error
		if doc, err = policy.Write(hook.Resource, hook.Schema, version); err != nil {
			return policy.Hook{}, nil, &report.Problem{Pos: r.Pos, Subject: hook.Resource.Name(), Rule: report.CELSize, Message: err.Error()}
		}
	}
	if doc == nil {
		return policy.Hook{}, nil, &report.Problem{Pos: r.Pos, Subject: hook.Resource.Name(), Rule: report.BuiltinDrift,
			Message: fmt.Sprintf("no update of %s can switch a union: drop the resource from the description", r.Kind)}
	}
	return hook, doc, nil
}

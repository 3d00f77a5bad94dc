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

// builtinTarget writes the policy for Kubernetes' built-in kinds: for each
// resource of the description, in its order, the policy of its kind's
// unions and its binding, into one file. A resource whose kind an update
// cannot switch a union of is a problem of the description.
func builtinTarget(c *generator.Context, cfg Config, model *unions.Model) (generator.Target, report.Problems) {
	var data []byte
	var problems report.Problems
	for _, r := range cfg.Builtin.Resources {
		s := model.Schema(c.Universe.Type(types.ParseFullyQualifiedName(r.Kind)))
		subject := r.Resource + "." + r.Group
		if structName, path := policy.Recursion(s); structName != "" {
			problems = append(problems, builtinProblem(subject, "its unions are reached again under %s, at %s, which a policy cannot walk", structName, path))
			continue
		}
		doc, err := policy.Write(policy.Resource{Group: r.Group, Version: r.Version, Plural: r.Resource, Builtin: true}, s, cmp.Or(cfg.PolicyVersion, policy.Versions[0]))
		switch {
		case err != nil:
			problems = append(problems, builtinProblem(subject, "%v", err))
		case doc == nil:
			problems = append(problems, builtinProblem(subject, "no update of %s can switch a union: drop the resource from the description", r.Kind))
		}
		data = append(data, doc...)
	}
	if problems.HasErrors() {
		return nil, problems
	}
	c.FileTypes[manifestFileType] = manifestFile{out: cfg.Output}
	return manifestTarget(cfg.BuiltinPolicy, data), nil
}

// builtinProblem is a problem of the description of built-in unions.
func builtinProblem(subject, format string, args ...any) report.Problem {
	return report.Problem{Subject: subject, Rule: report.LoadError, Message: builtin.File + ": " + fmt.Sprintf(format, args...)}
}

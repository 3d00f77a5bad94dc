package main

import (
	"encoding/json"
	"fmt"
	"strings"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/jsonmergepatch"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
)

// applyChart draws the apply story of the README: a strategy switched from
// RollingUpdate to Recreate by kubectl apply, whose JSON merge patch (what it
// sends for a custom resource, and for any union without retainKeys) leaves
// in place the rollingUpdate that the server defaulted, and what
// NormalizeUnions makes of it. Every object and message is computed, not
// written.
func applyChart() (string, error) {
	strategy := func(typ appsv1.DeploymentStrategyType, rollingUpdate *appsv1.RollingUpdateDeployment) *appsv1.Deployment {
		return &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Strategy: appsv1.DeploymentStrategy{Type: typ, RollingUpdate: rollingUpdate}}}
	}
	quarter := intstr.FromString("25%")
	// The manifest applied before and now, and the object the server holds,
	// whose rollingUpdate defaulting filled in: kubectl does not own it.
	lastApplied := strategy(appsv1.RollingUpdateDeploymentStrategyType, nil)
	manifest := strategy(appsv1.RecreateDeploymentStrategyType, nil)
	stored := strategy(appsv1.RollingUpdateDeploymentStrategyType, &appsv1.RollingUpdateDeployment{MaxUnavailable: &quarter, MaxSurge: &quarter})

	var docs [3][]byte
	for i, obj := range []*appsv1.Deployment{lastApplied, manifest, stored} {
		var err error
		if docs[i], err = json.Marshal(obj); err != nil {
			return "", err
		}
	}
	patchJSON, err := jsonmergepatch.CreateThreeWayJSONMergePatch(docs[0], docs[1], docs[2])
	if err != nil {
		return "", err
	}
	mergedJSON, err := jsonpatch.MergePatch(docs[2], patchJSON)
	if err != nil {
		return "", err
	}
	// Only the strategy is drawn; the patch holds nothing else.
	var patch struct {
		Spec struct {
			Strategy map[string]any `json:"strategy"`
		} `json:"spec"`
	}
	merged, normalized := &appsv1.Deployment{}, &appsv1.Deployment{}
	for _, d := range []struct {
		data []byte
		into any
	}{{patchJSON, &patch}, {mergedJSON, merged}, {mergedJSON, normalized}} {
		if err := json.Unmarshal(d.data, d.into); err != nil {
			return "", err
		}
	}
	rejected := merged.ValidateUnions(stored, nil).ToAggregate()
	normalized.NormalizeUnions(stored)
	if errs := normalized.ValidateUnions(stored, nil); len(errs) > 0 {
		return "", fmt.Errorf("the normalized object is invalid: %v", errs.ToAggregate())
	}
	if rejected == nil {
		return "", fmt.Errorf("the merged object is valid: there is no story to tell")
	}

	panels := []struct {
		title string
		value any
	}{
		{"1. stored", stored.Spec.Strategy},
		{"2. kubectl apply's patch", patch.Spec.Strategy},
		{"3. merged by the server", merged.Spec.Strategy},
		{"4. after NormalizeUnions", normalized.Spec.Strategy},
	}
	const width, gap, top = 230.0, 20.0, 60.0
	var b svgBuilder
	b.open(4*width+5*gap, 300)
	b.text(gap, 28, 15, "start", "bold", "spec.strategy switched to Recreate by kubectl apply's JSON merge patch, as for a custom resource")
	for i, p := range panels {
		x := gap + float64(i)*(width+gap)
		lines, err := indented(p.value)
		if err != nil {
			return "", err
		}
		b.frame(x, top, width, 150, "#888")
		b.text(x+10, top+22, 13, "start", "bold", p.title)
		b.code(x+10, top+48, 12, "#222", lines)
		if i > 0 {
			b.text(x-gap/2, top+90, 18, "middle", "normal", "→")
		}
	}
	x3 := gap + 2*(width+gap)
	b.code(x3, top+172, 11, "#c0392b", wrap("without normalization: "+rejected.Error(), 34))
	b.code(x3+width+gap, top+172, 11, "#1e8449", []string{"valid: rollingUpdate cleared,", "as the user meant"})
	b.close()
	return b.String(), nil
}

func indented(v any) ([]string, error) {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return strings.Split(string(data), "\n"), nil
}

// wrap breaks s into lines of at most width bytes, at spaces.
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line = strings.TrimSpace(line + " " + w)
	}
	return append(lines, line)
}

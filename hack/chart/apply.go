package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/intstr"

	appsv1 "github.com/union-gen/union-gen/examples/apis/apps/v1"
)

// applyChart draws the apply story of the README: a Deployment switched from
// RollingUpdate to Recreate by kubectl apply, whose patch leaves the stored
// rollingUpdate in place, and what NormalizeUnions makes of it. Every object
// and message is computed, not written.
func applyChart() (string, error) {
	maxSurge := intstr.FromInt32(1)
	stored := &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Strategy: appsv1.DeploymentStrategy{
		Type:          appsv1.RollingUpdateDeploymentStrategyType,
		RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &maxSurge},
	}}}
	// The manifest now says type: Recreate and nothing of rollingUpdate,
	// which kubectl apply does not own (the server defaulted it).
	patch := map[string]any{"spec": map[string]any{"strategy": map[string]any{"type": "Recreate"}}}

	var storedJSON map[string]any
	if err := roundTrip(stored, &storedJSON); err != nil {
		return "", err
	}
	merged := &appsv1.Deployment{}
	if err := roundTrip(mergePatch(storedJSON, patch), merged); err != nil {
		return "", err
	}
	rejected := merged.ValidateUnions(stored, nil).ToAggregate()
	normalized := &appsv1.Deployment{}
	if err := roundTrip(merged, normalized); err != nil {
		return "", err
	}
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
		{"2. kubectl apply's patch", patch["spec"].(map[string]any)["strategy"]},
		{"3. merged by the server", merged.Spec.Strategy},
		{"4. after NormalizeUnions", normalized.Spec.Strategy},
	}
	const width, gap, top = 230.0, 20.0, 60.0
	var b svgBuilder
	b.open(4*width+5*gap, 300)
	b.text(gap, 28, 15, "start", "bold", "spec.strategy of a Deployment switched to Recreate with kubectl apply")
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

// roundTrip encodes in as JSON and decodes it into out.
func roundTrip(in, out any) error {
	data, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, out)
}

// mergePatch applies a JSON merge patch (RFC 7386) to an object.
func mergePatch(target, patch map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range target {
		out[k] = v
	}
	for k, v := range patch {
		switch pv := v.(type) {
		case nil:
			delete(out, k)
		case map[string]any:
			tv, _ := out[k].(map[string]any)
			out[k] = mergePatch(tv, pv)
		default:
			out[k] = v
		}
	}
	return out
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

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchChart: the chart shows, per input in the order of the results,
// the ratios of union-gen's medians to deepcopy-gen's.
func TestBenchChart(t *testing.T) {
	results := filepath.Join(t.TempDir(), "results.txt")
	lines := []string{
		"label=k8s.io/api/union-gen/1 wall_s=3 maxrss_kib=500 user_s=1 sys_s=1 exit=0",
		"label=k8s.io/api/deepcopy-gen/1 wall_s=4 maxrss_kib=1000 user_s=1 sys_s=1 exit=0",
		"label=k8s.io/api/union-gen/2 wall_s=5 maxrss_kib=700 user_s=1 sys_s=1 exit=0",
		"label=k8s.io/api/deepcopy-gen/2 wall_s=6 maxrss_kib=1000 user_s=1 sys_s=1 exit=0",
		"label=synthetic-100/union-gen/1 wall_s=2 maxrss_kib=100 user_s=1 sys_s=1 exit=0",
		"label=synthetic-100/deepcopy-gen/1 wall_s=1 maxrss_kib=100 user_s=1 sys_s=1 exit=0",
	}
	if err := os.WriteFile(results, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	svg, err := benchChart(results)
	if err != nil {
		t.Fatal(err)
	}
	api, synthetic := strings.Index(svg, ">k8s.io/api<"), strings.Index(svg, ">synthetic-100<")
	if api < 0 || synthetic < api {
		t.Errorf("the inputs are not in the order of the results:\n%s", svg)
	}
	for _, want := range []string{">time 0.80x<", ">memory 0.60x<", ">time 2.00x<", ">memory 1.00x<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the chart has no %q:\n%s", want, svg)
		}
	}
	if err := os.WriteFile(results, []byte("label=x/union-gen/1 wall_s=1 maxrss_kib=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := benchChart(results); err == nil {
		t.Error("an input without deepcopy-gen's runs gives no error")
	}
}

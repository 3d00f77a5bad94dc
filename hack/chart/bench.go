package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// measurement is a line of hack/measure: label=INPUT/TOOL/RUN wall_s=... maxrss_kib=...
type measurement struct {
	input, tool string
	wall, rss   float64
}

func readMeasurements(file string) ([]measurement, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out []measurement
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fields := map[string]string{}
		for _, f := range strings.Fields(line) {
			k, v, _ := strings.Cut(f, "=")
			fields[k] = v
		}
		parts := strings.Split(fields["label"], "/")
		if len(parts) < 3 {
			return nil, fmt.Errorf("%s: not a line of hack/measure: %q", file, line)
		}
		wall, err1 := strconv.ParseFloat(fields["wall_s"], 64)
		rss, err2 := strconv.ParseFloat(fields["maxrss_kib"], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: not a line of hack/measure: %q", file, line)
		}
		// The input's label may hold slashes (k8s.io/api): the tool and the
		// run are the last two parts.
		out = append(out, measurement{strings.Join(parts[:len(parts)-2], "/"), parts[len(parts)-2], wall, rss})
	}
	return out, nil
}

func median(values []float64) float64 {
	slices.Sort(values)
	n := len(values)
	if n%2 == 1 {
		return values[n/2]
	}
	return (values[n/2-1] + values[n/2]) / 2
}

// benchChart draws, for each input in the order of the results, the ratio of
// union-gen's median wall time and peak memory to deepcopy-gen's.
func benchChart(results string) (string, error) {
	ms, err := readMeasurements(results)
	if err != nil {
		return "", err
	}
	var inputs []string
	values := map[string][]float64{}
	for _, m := range ms {
		if !slices.Contains(inputs, m.input) {
			inputs = append(inputs, m.input)
		}
		values[m.input+"/"+m.tool+"/wall"] = append(values[m.input+"/"+m.tool+"/wall"], m.wall)
		values[m.input+"/"+m.tool+"/rss"] = append(values[m.input+"/"+m.tool+"/rss"], m.rss)
	}
	type row struct {
		input        string
		time, memory float64
	}
	var rows []row
	for _, in := range inputs {
		ratio := func(what string) (float64, error) {
			u, d := values[in+"/union-gen/"+what], values[in+"/deepcopy-gen/"+what]
			if len(u) == 0 || len(d) == 0 {
				return 0, fmt.Errorf("%s: %s has no runs of both union-gen and deepcopy-gen", results, in)
			}
			return median(u) / median(d), nil
		}
		t, err := ratio("wall")
		if err != nil {
			return "", err
		}
		m, err := ratio("rss")
		if err != nil {
			return "", err
		}
		rows = append(rows, row{in, t, m})
	}

	const left, barMax, rowHeight, top = 150.0, 400.0, 56.0, 50.0
	scale := 1.5
	for _, r := range rows {
		scale = max(scale, r.time*1.1, r.memory*1.1)
	}
	x := func(ratio float64) float64 { return left + barMax*ratio/scale }
	height := top + rowHeight*float64(len(rows)) + 30
	var b svgBuilder
	b.open(640, height)
	b.text(10, 22, 15, "start", "bold", "union-gen / deepcopy-gen, medians (below 1.0x: union-gen uses less)")
	for i, r := range rows {
		y := top + rowHeight*float64(i)
		b.text(left-10, y+24, 13, "end", "normal", r.input)
		for j, bar := range []struct {
			what, color string
			ratio       float64
		}{{"time", "#4e79a7", r.time}, {"memory", "#f28e2b", r.memory}} {
			by := y + float64(j)*20
			b.rect(left, by+4, x(bar.ratio)-left, 16, bar.color)
			b.text(x(bar.ratio)+6, by+17, 12, "start", "normal", fmt.Sprintf("%s %.2fx", bar.what, bar.ratio))
		}
	}
	b.line(x(1), top-8, x(1), height-24, "#333")
	b.text(x(1), height-8, 12, "middle", "normal", "1.0x: as deepcopy-gen")
	b.close()
	return b.String(), nil
}

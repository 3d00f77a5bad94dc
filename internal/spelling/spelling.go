// Package spelling finds what a misspelled name was meant to be: a marker,
// a flag.
package spelling

import "strings"

// Nearest returns the candidate nearest to name, ignoring case, within an
// edit distance of 2 (key of a candidate gives the text compared with name;
// nil compares the candidate itself), or "". Of equally near ones, the first
// wins.
func Nearest(name string, candidates []string, key func(string) string) string {
	best, bestDistance := "", 3
	lower := strings.ToLower(name)
	for _, c := range candidates {
		k := c
		if key != nil {
			k = key(c)
		}
		if d := Distance(lower, strings.ToLower(k)); d < bestDistance {
			best, bestDistance = c, d
		}
	}
	return best
}

// Distance is the edit distance between a and b: a letter added, left
// out or replaced, or two neighbours swapped, counts 1.
func Distance(a, b string) int {
	return EditDistance([]byte(a), []byte(b), 1, func(x, y byte) int {
		if x == y {
			return 0
		}
		return 1
	})
}

// EditDistance is the optimal string alignment distance between a and b:
// the least cost of making b from a by adding or removing an element (at
// indel each), replacing one (at replace's cost) or swapping two neighbours
// (at 1).
func EditDistance[E comparable](a, b []E, indel int, replace func(x, y E) int) int {
	// d[i][j] is the distance between a[:i] and b[:j].
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i * indel
	}
	for j := range d[0] {
		d[0][j] = j * indel
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			d[i][j] = min(d[i-1][j]+indel, d[i][j-1]+indel, d[i-1][j-1]+replace(a[i-1], b[j-1]))
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] && a[i-1] != a[i-2] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

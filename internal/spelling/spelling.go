// Package spelling finds what a misspelled marker name was meant to be.
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

// Distance is the Levenshtein distance between a and b.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

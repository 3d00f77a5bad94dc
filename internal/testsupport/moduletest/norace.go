//go:build !race

package moduletest

const raceEnabled = false

//go:build race

package moduletest

// raceEnabled: this binary has the race detector, so the nested run gets -race.
const raceEnabled = true

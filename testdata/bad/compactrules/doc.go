// Package compactrules has a kind whose list of routes, without maxItems,
// holds a discriminated union: its precise rules cost more per rule than the
// API server allows, as a request could hold a million routes, so it gets
// compact rules, with a warning.
//
// +groupName=compactrules.example.com
package compactrules

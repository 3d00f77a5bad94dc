// Package celcost has a kind whose list of routes, without maxItems, holds
// a union of five members: even its compact rule, counting the members set,
// costs more per rule than the API server allows, as a request could hold
// a million routes.
//
// +groupName=celcost.example.com
package celcost

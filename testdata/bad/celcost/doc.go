// Package celcost has a kind whose list of routes, without maxItems, holds
// a union of five members: even its compact rule, counting the members set,
// costs more per rule than the API server allows, as a request could hold
// a million routes. Its Gadget's targets fit the limit per rule, but not,
// beside its hand-written union rules, the limit of a version: the error
// names those rules and their cost, without which the unions' rules fit.
//
// +groupName=celcost.example.com
package celcost

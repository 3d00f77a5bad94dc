// Package crdrecursive has a kind whose unions are reached through a
// recursive type: a node's child is a node.
//
// +groupName=crdrecursive.example.com
package crdrecursive

// Package celsize has a kind whose union's enum has so many long values that
// the CEL rules listing them are longer than the API server parses.
//
// +groupName=celsize.example.com
package celsize

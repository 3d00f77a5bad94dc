// Package unstructuredtest holds the tests of pkg/unstructuredunions that
// need the generator and its examples: the differential tests against the
// generated Go methods, the fuzzing, and the example webhook's module.
// pkg/unstructuredunions is a module of its own with minimal requirements,
// which users import, so its own tests cannot import union-gen's packages.
package unstructuredtest

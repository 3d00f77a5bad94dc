//go:build pin

// This file is never built: it pins in this module's go.mod and go.sum
// openshift/api, whose CRD manifests the tests estimate, at the version of
// the corpora module, so that the test finds it in the module cache.
package apiservercel

import _ "github.com/openshift/api/config/v1"

package v1alpha1_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/union-gen/union-gen/examples/apis/kep/enums"
	api "github.com/union-gen/union-gen/examples/apis/kep/v1alpha1"
	"github.com/union-gen/union-gen/internal/testsupport/uniontest"
)

// specPath is the root path of every benchmark of this package.
var specPath = field.NewPath("spec")

func BenchmarkNormalizeValidate_Valid(b *testing.B) {
	b.Run("Catalog", func(b *testing.B) {
		uniontest.BenchUpdate(b, validCatalog(), validCatalog(), specPath, 0)
	})
	b.Run("Pipeline", func(b *testing.B) {
		p := func() *api.Pipeline {
			return &api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout}
		}
		uniontest.BenchUpdate(b, p(), p(), specPath, 0)
	})
}

// The invalid objects set a second member without changing the
// discriminator: one Forbidden error each, with the hint.
func BenchmarkNormalizeValidate_Invalid(b *testing.B) {
	b.Run("Catalog", func(b *testing.B) {
		in := validCatalog()
		in.Entries[1].Alpha = 1
		uniontest.BenchUpdate(b, in, validCatalog(), specPath, 1)
	})
	b.Run("Pipeline", func(b *testing.B) {
		uniontest.BenchUpdate(b,
			&api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), URL: uniontest.Ptr("u"), Output: enums.OutputStdout},
			&api.Pipeline{Input: enums.InputFile, File: uniontest.Ptr("f"), Output: enums.OutputStdout}, specPath, 1)
	})
}

package redelivery_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/redelivery"
)

// TestLibraries runs the golden cases written with the query builders,
// ORMs, SQL loaders and an application's own wrapper, one package per
// library in its own idiom: an effect repeated on redelivery, and the same
// effect after a claim made with the same library.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), redelivery.Analyzer, "libs/...")
}

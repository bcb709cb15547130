package cronlease_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/cronlease"
	"github.com/idemvet/idemvet/internal/idemvettest"
)

// TestLibraries runs the golden cases written with the query builders,
// ORMs, SQL loaders and an application's own wrapper, one package per
// library in its own idiom: a job's relative update repeated by every
// instance, and the same job behind a lease taken with the same library.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), cronlease.Analyzer, "libs/...")
}

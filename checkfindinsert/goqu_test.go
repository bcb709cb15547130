package checkfindinsert_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/checkfindinsert"
	"github.com/idemvet/idemvet/internal/idemvettest"
)

// TestGoqu runs the checker on code written with goqu v9's datasets.
func TestGoqu(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), checkfindinsert.Analyzer, "goquq")
}

package lostupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/lostupdate"
)

// TestGoqu runs the checker on code written with goqu v9's datasets.
func TestGoqu(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), lostupdate.Analyzer, "goquq")
}

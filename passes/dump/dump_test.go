package dump_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/dump"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), dump.Analyzer, "rawsql")
}

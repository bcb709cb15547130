package cronlease_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/cronlease"
	"github.com/idemvet/idemvet/internal/idemvettest"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), cronlease.Analyzer, "cronjobs", "crossjobs", "crossflag", "jobshapes", "jobshapes/worker", "gocron1elected", "gocronjobs", "gocronelected", "cronlocks", "gocronlocked", "cronreg/...", "riverperiodic", "ifacetx", "factory", "skiplocked", "tickerjobs", "tickerjobs/billing", "crosstask", "mailjobs", "pollloops")
}

package redelivery_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/redelivery"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), redelivery.Analyzer, "stripehook", "layered/...", "consumers", "jobs", "stripeasync", "claimkey", "githubhook", "svixhook", "brokers", "keyedinsert", "mintedkey", "ifacetx/...", "temporal/...", "watermillsub", "watermillmem/...")
}

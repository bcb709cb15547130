package upsert_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/upsert"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), upsert.Analyzer, "pgraw", "pgxjobs", "sqlxmysql", "migrations", "sqlite", "gormclause", "sqlcpgx/...", "sqlcstd/...", "schemasqlc", "schemagoose", "schemamigrate", "schemasqlite", "creationnow", "paramreuse")
}

func TestFix(t *testing.T) {
	idemvettest.RunWithSuggestedFixes(t, analysistest.TestData(), upsert.Analyzer, "creationfix", "resetfix")
}

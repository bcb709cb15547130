package upsert_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/upsert"
)

// TestLibraries runs the golden cases written with the query builders,
// ORMs, SQL loaders and an application's own wrapper beyond
// database/sql, pgx, sqlx, gorm and sqlc, one package per library in its
// own idiom.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), upsert.Analyzer, "gormv1opt", "bunconflict", "entupsert", "squirrelsuffix", "xormexec", "popexec", "goquupsert", "pgxv4upsert", "dotsqlupsert", "goyesqlupsert", "dbwrapupsert/svc")
}

package lockacrosscall_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/lockacrosscall"
)

// TestLibraries runs the golden cases written with the query builders and
// ORMs beyond database/sql, pgx, sqlx, gorm and sqlc, one package per
// library in its own idiom.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), lockacrosscall.Analyzer, "squirrelq", "gormv1", "pgxv4", "bunq", "entq", "entfresh", "entctx/...", "dotsqlq", "goyesqlq", "xormq", "popq", "goquq", "dbwrap/svc")
}

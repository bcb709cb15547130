package noversion_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/noversion"
)

// TestLibraries runs the golden cases written with the query builders and
// ORMs beyond database/sql, pgx, sqlx, gorm and sqlc, one package per
// library in its own idiom.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), noversion.Analyzer, "squirrelq", "gormv1", "pgxv4", "bunq", "entq", "dotsqlq", "goyesqlq", "xormq", "popq", "popfork", "goquq", "dbwrap/svc", "zdbcas")
}

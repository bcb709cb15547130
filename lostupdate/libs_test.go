package lostupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/lostupdate"
)

// TestLibraries runs the golden cases written with the query builders and
// ORMs beyond database/sql, pgx, sqlx, gorm and sqlc, one package per
// library in its own idiom.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), lostupdate.Analyzer, "squirrelq", "gormv1", "pgxv4", "bunq", "entq", "dotsqlq", "goyesqlq", "dbwrap/svc", "xormq", "passcheck/svc", "xormcounter", "xormcols", "popq", "goquq", "zdbmodel", "dbxrepo", "boilq")
}

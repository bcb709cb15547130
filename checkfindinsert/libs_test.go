package checkfindinsert_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/checkfindinsert"
	"github.com/idemvet/idemvet/internal/idemvettest"
)

// TestLibraries runs the golden cases written with the query builders and
// ORMs beyond database/sql, pgx, sqlx, gorm and sqlc, one package per
// library in its own idiom.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), checkfindinsert.Analyzer, "squirrelq", "gormv1", "gormv1singular", "gormsingular", "gormfold", "pgxv4", "bunq", "entq", "dotsqlq", "goyesqlq", "dbwrap/svc", "xormq", "zerokey", "xormsoft", "xormbeans/...", "xormiface", "xormhelper", "popq", "popfork", "xormfork", "goquq", "preparedq", "stmtlist/...", "gorpq", "gorpmodelq", "zdbq", "boilq")
}

package dump_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/dump"
	"github.com/idemvet/idemvet/passes/txscope"
)

// TestLibraries pins the model for the query builders and ORMs beyond
// database/sql, pgx, sqlx, gorm and sqlc: the lookup, the insert, the
// absolute and the atomic update, the compare-and-set with its outcome and
// the transaction of each.
func TestLibraries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), dump.Analyzer, "squirrelcase", "gormv1case", "pgxv4case", "buncase", "entcase", "dotsqlcase", "goyesqlcase", "xormcase", "xormsoft", "xormbeans/...", "xormiface", "popcase", "popfork", "xormfork", "xormcols", "goqucase", "dbwrapcase", "xormgitea/models/wallet", "preparedcase", "preparedpgx/...", "preparedfields/...", "preparedlist/storage", "sprintftable", "choosestmt", "genericmodel", "gorpcase", "zdbcase", "dbxcase", "dbxrepo", "dbxrepo/users", "propsrepo/store", "boilcase", "gorpmodel/store")
}

// TestLibraryTxHelpers pins the transaction helper facts of the library
// goldens' own database layers (Gitea's db.WithTx over an xorm session).
func TestLibraryTxHelpers(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), txscope.Analyzer, "xormgitea/models/db")
}

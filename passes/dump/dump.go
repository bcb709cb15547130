// Package dump defines an Analyzer that prints idemvet's model of a package
// as diagnostics: one per database access, naming what the model knows of
// it, and the transaction it runs in; and one per table of the schema
// catalog, at the package clause. It exists for tests, which pin the
// model down with analysistest golden files, and for debugging
// (idemvet -dump ./...). It is not part of the default suite.
package dump

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/schema"
	"github.com/idemvet/idemvet/passes/sqltext"
	"github.com/idemvet/idemvet/passes/txscope"
)

// Analyzer reports each database access the model sees.
var Analyzer = &analysis.Analyzer{
	Name:     "dump",
	Doc:      "print idemvet's model of database accesses as diagnostics (for tests and debugging)",
	URL:      "https://github.com/idemvet/idemvet/tree/main/passes/dump",
	Run:      run,
	Requires: []*analysis.Analyzer{dbcall.Analyzer, txscope.Analyzer, schema.Analyzer},
}

var forms = map[txscope.Form]string{txscope.FormExplicit: "explicit", txscope.FormCallback: "callback", txscope.FormParam: "param"}

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	if db.Err != nil {
		return nil, db.Err
	}
	txs := pass.ResultOf[txscope.Analyzer].(*txscope.Result)
	// The schema catalog, at the package clause of the first file.
	if cat, _ := pass.ResultOf[schema.Analyzer].(*schema.Catalog); !cat.Empty() && len(pass.Files) > 0 {
		for _, t := range cat.Tables() {
			pass.Reportf(pass.Files[0].Package, "schema %s", t)
		}
	}
	for _, fi := range db.Funcs {
		for _, a := range fi.Accesses {
			msg := a.String()
			if tx := txs.Of(a); tx != nil {
				msg += fmt.Sprintf("; in %s tx", forms[tx.Form])
				if tx.Helper != "" {
					msg += " of " + tx.Helper
				}
				if tx.Isolation == sqltext.IsolationSerializable {
					msg += " (serializable)"
				}
			}
			pass.Reportf(a.Pos, "%s", msg)
		}
	}
	return nil, nil
}

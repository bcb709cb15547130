// Package dump defines an Analyzer that prints idemvet's model of a package
// as diagnostics: one per database access, naming what the model knows of
// it. It exists for tests, which pin the model down with analysistest
// golden files, and for debugging (idemvet -dump ./...). It is not part of
// the default suite.
package dump

import (
	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/passes/dbcall"
)

// Analyzer reports each database access the model sees.
var Analyzer = &analysis.Analyzer{
	Name:     "dump",
	Doc:      "print idemvet's model of database accesses as diagnostics (for tests and debugging)",
	URL:      "https://github.com/idemvet/idemvet/tree/main/passes/dump",
	Run:      run,
	Requires: []*analysis.Analyzer{dbcall.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	db := pass.ResultOf[dbcall.Analyzer].(*dbcall.Result)
	if db.Err != nil {
		return nil, db.Err
	}
	for _, fi := range db.Funcs {
		for _, a := range fi.Accesses {
			pass.Reportf(a.Pos, "%s", a.String())
		}
	}
	return nil, nil
}

package dump_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/dump"
	"github.com/idemvet/idemvet/passes/txscope"
)

// TestModel pins the model for each supported library: the accesses it
// sees in each function and the transaction each runs in.
func TestModel(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), dump.Analyzer,
		"rawsql", "pgxcase", "sqlxcase", "gormcase", "sqlcuse/...", "txforms/svc", "txforms/batched/svc", "facts/svc", "facts/generic/svc", "iface", "ifacebare/...", "schemacat", "upsertmodel", "popwrap/models", "joinlist", "goyesqlinject/batch", "zdbload", "bindnamed")
}

// TestSummaries pins the summaries dbcall exports as facts: generated sqlc
// code of both flavours, repositories, predicates, executor wrappers.
func TestSummaries(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), dbcall.Analyzer, "sqlcpgx", "sqlcstd", "facts/repo", "popwrap/store", "preparedlist/sqlutil", "dbxrepo/base", "propsrepo/db", "squirrelfilter")
}

// TestHelpers pins txscope's facts about transaction helpers.
func TestHelpers(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), txscope.Analyzer, "txforms/txutil", "txforms/batched/store", "txforms/batched/plain")
}

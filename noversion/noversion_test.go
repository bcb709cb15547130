package noversion_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/noversion"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), noversion.Analyzer, "rawsql", "pgxcas", "gormver", "sqlcexec/...", "execdb/...", "crosspkg/...", "schemaversion", "schemanoversion", "sqlxdocs", "stalerow/...", "staleguard/...", "versionscope", "casoutcome/...", "logwrapcas", "consumenull", "cascadedelete", "bulkcas", "relinkdelete")
}

// TestOnce holds the silence on code that runs once (passes/entry).
func TestOnce(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), noversion.Analyzer, "admincmd")
}

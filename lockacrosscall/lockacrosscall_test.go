package lockacrosscall_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/lockacrosscall"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), lockacrosscall.Analyzer,
		"sqltx", "sdkcalls", "mailcalls", "pgxtx", "sqlxtx", "gormtx", "example.com/txhelper/...", "example.com/clients/...", "example.com/beginwrap/...", "example.com/ctxtx/...", "example.com/blob/...", "example.com/runner/...", "example.com/ctxbegin/...", "example.com/logging/...", "stmtlist", "example.com/connectrpc/...")
}

// TestAnyTx runs with -lockacrosscall.anytx.
func TestAnyTx(t *testing.T) {
	f := lockacrosscall.Analyzer.Flags.Lookup("anytx")
	old := f.Value.String()
	t.Cleanup(func() { f.Value.Set(old) })
	if err := f.Value.Set("true"); err != nil {
		t.Fatal(err)
	}
	idemvettest.Run(t, analysistest.TestData(), lockacrosscall.Analyzer, "anytx")
}

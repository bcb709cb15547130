package dbcall_test

import (
	"os"
	"testing"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/passes/dbcall"
)

func TestScratch(t *testing.T) {
	dir := os.Getenv("SCRATCH_DIR")
	if dir == "" {
		t.Skip()
	}
	idemvettest.Run(t, dir, dbcall.Analyzer, os.Getenv("SCRATCH_PKG"))
}

package checkfindinsert_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/checkfindinsert"
	"github.com/idemvet/idemvet/internal/idemvettest"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), checkfindinsert.Analyzer, "rawsql", "pgxpool", "sqlxget", "zerokey", "gormfirst", "fsstat", "sqlcgen/...", "crosspkg/...", "iface/...", "txhelper/...", "execdb/...", "schemaunique", "schemanounique", "schemapartial", "fscli", "capacity", "capacitysvc/...", "schemadefault", "ifaceschema", "updinsert/...", "mutexheld", "inflight", "restaterun", "mintedkey", "zeroscan", "foldkey/...", "gormsignup/...", "popfrag/...", "txdecide/...", "calleekey", "gormattrs/...", "logwrap", "popfizz", "ctorkey/...", "ctelookup", "sqrepo/...", "settingsave/...", "lastadmin/...", "setdiff", "tablefield", "tableparam", "choosestmt", "genericrepo", "replaceset", "generatedkey", "claimfirst", "parentfirst", "serialwriter/...", "joinlist", "goyesqlinject/...", "overdraw", "overdrawsql", "zdbload", "mysqldupe", "overdrawbun", "joinlookup", "mixedrecv/...", "modelkeys", "derivedlookup", "bindnamed", "refusecheck", "distlock/...", "condfilter/...")
}

// TestOnce holds the silence on code that runs once and the file races
// left to callers (passes/entry).
func TestOnce(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), checkfindinsert.Analyzer, "startup/...")
}

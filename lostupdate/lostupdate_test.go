package lostupdate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/idemvettest"
	"github.com/idemvet/idemvet/lostupdate"
)

func Test(t *testing.T) {
	idemvettest.Run(t, analysistest.TestData(), lostupdate.Analyzer, "rawsql", "sqlxget", "crosspkg/...", "rediscounter", "sqlcposts/...", "execdb/...", "genrepo/...", "ignore", "ignorenodb", "ctxtx/...", "migratecmd", "methodmut/...", "jsonmerge/...", "mutexheld", "overwritten/...", "downstream/...", "mapperrow/...", "nextnumber", "jsonscan", "bindnamed", "modifycb/...", "xormtop")
}

func TestFixes(t *testing.T) {
	idemvettest.RunWithSuggestedFixes(t, analysistest.TestData(), lostupdate.Analyzer, "gormsave", "rawsqlfix")
}

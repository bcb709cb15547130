package oracle

import (
	"testing"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/pingcap/tidb/pkg/parser"
	_ "github.com/pingcap/tidb/pkg/parser/test_driver"
)

func TestWarm(t *testing.T) {
	_, err := pg_query.Parse("select 1")
	if err != nil {
		t.Fatal(err)
	}
	p := parser.New()
	_, _, err = p.Parse("select 1", "", "")
	if err != nil {
		t.Fatal(err)
	}
}

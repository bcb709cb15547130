package sqltext

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestDbg(t *testing.T) {
	b, _ := os.ReadFile(os.Getenv("Q"))
	s := strings.ReplaceAll(string(b), "{HOLE}", "\x00")
	if s == "" {
		t.Skip()
	}
	for _, q := range strings.Split(s, "\n====\n") {
		switch os.Getenv("M") {
		case "c":
			f := parseCondition(q)
			fmt.Printf("%q\n  => %s partial=%v params=%v\n", q, dconds(f.Conds), f.Partial, f.Params)
		case "e":
			f := parseExpr(q)
			fmt.Printf("%q\n  => %s refs=%v partial=%v\n", q, dexpr(f.Expr), f.Expr.Refs, f.Partial)
		default:
			fmt.Printf("%q\n  => %s\n", q, describe(parse(q)))
		}
	}
}

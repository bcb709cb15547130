package sqltext_test

import (
	"fmt"

	"github.com/idemvet/idemvet/passes/sqltext"
)

func ExampleParse() {
	st := sqltext.Parse(`-- name: DebitAccount :execrows
UPDATE accounts SET balance = balance - $2, updated_at = now()
WHERE id = $1 AND balance >= $2`)
	fmt.Println(st.Kind, st.Table.Name, st.Name, st.Command)
	for _, a := range st.Set {
		fmt.Println("set", a.Column, a.Class)
	}
	for _, c := range st.Where {
		fmt.Println("where", c.Column, c.Op, c.Value.Param)
	}
	// Output:
	// update accounts DebitAccount :execrows
	// set balance atomic
	// set updated_at const
	// where id = $1
	// where balance >= $2
}

func ExampleParse_partial() {
	// A query built with fmt.Sprintf("SELECT id FROM %s WHERE email = ? AND %s", ...).
	st := sqltext.Parse("SELECT id FROM " + sqltext.Hole + " WHERE email = ? AND " + sqltext.Hole)
	c, _ := st.Cond("email")
	fmt.Println(st.Kind, st.Partial, st.Table.Name == "", c.Op, c.Value.Param.Index, len(st.Where))
	// Output:
	// select true true = 0 2
}

func ExampleParseCondition() {
	f := sqltext.ParseCondition("email = ? AND deleted_at IS NULL")
	for _, c := range f.Conds {
		fmt.Println(c.Column, c.Op)
	}
	// Output:
	// email =
	// deleted_at IS NULL
}

func ExampleParseExpr() {
	e := sqltext.ParseExpr("stock - ?").Expr
	fmt.Println(e.Kind, e.Column, e.Op, e.Param.Index)
	// Output:
	// arith stock - 0
}

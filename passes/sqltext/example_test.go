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

func ExampleParseAll_schema() {
	schema := `
CREATE TABLE rides (
    id bigint PRIMARY KEY,
    driver_id bigint NOT NULL REFERENCES drivers (id),
    status text NOT NULL DEFAULT 'requested',
    CONSTRAINT rides_ref UNIQUE (driver_id, id)
);
-- one active ride per driver
CREATE UNIQUE INDEX rides_one_active ON rides (driver_id) WHERE status = 'active';
ALTER TABLE rides ADD COLUMN version int NOT NULL DEFAULT 0;`
	for _, st := range sqltext.ParseAll(schema) {
		d := st.DDL
		switch d.Op {
		case sqltext.DDLCreateTable:
			for _, c := range d.Columns {
				fmt.Println(d.Table.Name, "column", c.Name, c.Type, "pk:", c.PrimaryKey)
			}
			for _, c := range d.Constraints {
				fmt.Println(d.Table.Name, c.Kind, c.Name, c.Columns)
			}
		case sqltext.DDLCreateIndex:
			x := d.Index
			fmt.Println(d.Table.Name, "index", x.Name, "unique:", x.Unique, x.Columns, "where", x.Where[0].Column, x.Where[0].Op, x.WhereText)
		case sqltext.DDLAlterTable:
			for _, a := range d.Actions {
				fmt.Println(d.Table.Name, a.Kind, a.Column.Name, a.Column.Type, a.Column.Default)
			}
		}
	}
	// Output:
	// rides column id bigint pk: true
	// rides column driver_id bigint pk: false
	// rides column status text pk: false
	// rides unique rides_ref [driver_id id]
	// rides index rides_one_active unique: true [driver_id] where status = status = 'active'
	// rides add column version int 0
}

package apis

// GorpPkg is go-gorp/gorp v3's import path. Its DbMap and Transaction (and
// the SqlExecutor interface both implement) run SQL text with its
// arguments, as database/sql does, and scan into a destination:
//
//	d.sql.SelectOne(&project, "select * from project where id=?", id)
//	d.sql.Select(&tasks, "select * from task where project_id=?", id)
//	d.sql.Exec("update task set status=? where id=?", status, id)
//	tx, _ := d.sql.Begin(); ...; tx.Commit()
//
// Its model methods (Insert, Update, Delete, Get of a struct registered
// with AddTableWithName) are not assembled.
const GorpPkg = "github.com/go-gorp/gorp/v3"

func init() {
	for _, recv := range []string{"(*" + GorpPkg + ".DbMap).", "(*" + GorpPkg + ".Transaction).", "(" + GorpPkg + ".SqlExecutor)."} {
		tx := recv == "(*"+GorpPkg+".Transaction)."
		set := func(name string, x Method) {
			if tx {
				x = x.tx()
			}
			add(recv+name, x)
		}
		set("Exec", m(LibGorp, OpExec, 0, 1))
		set("Query", m(LibGorp, OpQuery, 0, 1))
		set("QueryRow", m(LibGorp, OpQueryRow, 0, 1))
		set("SelectOne", m(LibGorp, OpGet, 1, 2).dest(0))
		set("Select", m(LibGorp, OpSelect, 1, 2).dest(0))
		// A scalar: the value comes back as the first result, and no
		// row is no error.
		for _, name := range []string{"SelectInt", "SelectNullInt", "SelectFloat", "SelectNullFloat", "SelectStr", "SelectNullStr"} {
			set(name, m(LibGorp, OpQuery, 0, 1))
		}
		if recv == "(*"+GorpPkg+".DbMap)." {
			set("Begin", m(LibGorp, OpBegin, -1, -1))
		}
		if tx {
			set("Commit", m(LibGorp, OpCommit, -1, -1))
			set("Rollback", m(LibGorp, OpRollback, -1, -1))
		}
		if recv != "("+GorpPkg+".SqlExecutor)." {
			set("Prepare", m(LibGorp, OpPrepare, 0, -1))
		}
	}
}

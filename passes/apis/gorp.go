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
// Its model methods (GorpModelMethods) write or read a struct registered
// with AddTableWithName (or AddTable), whose SetKeys names the key:
//
//	d.sql.AddTableWithName(db.User{}, "user").SetKeys(true, "id")
//	d.sql.Insert(&user)               INSERT INTO user (every column but an auto-increment key)
//	d.sql.Update(&user)               UPDATE user SET every column but the key WHERE id = user.ID; rows affected
//	d.sql.Delete(&user)               DELETE FROM user WHERE id = user.ID; rows affected
//	obj, err := d.sql.Get(db.User{}, id)   SELECT ... WHERE id = ?; obj is nil when no row matched
const GorpPkg = "github.com/go-gorp/gorp/v3"

// GorpModelMethods maps the model methods of DbMap, Transaction and
// SqlExecutor to the kind of statement they run.
var GorpModelMethods = map[string]string{"Insert": "insert", "Update": "update", "Delete": "delete", "Get": "get"}

// GorpRegisters are the DbMap methods registering a struct's table (its
// name the second argument, or the type's name), and GorpSetKeys the
// TableMap method naming its key (autoIncrement, then the key's fields or
// columns).
var (
	GorpRegisters = map[string]bool{"AddTableWithName": true, "AddTable": true}
	GorpSetKeys   = "SetKeys"
)

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

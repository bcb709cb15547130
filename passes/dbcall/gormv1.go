package dbcall

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// gormLib tells gorm v2 (gorm.io/gorm) from gorm v1 (jinzhu/gorm) by the
// package of the *DB method called; gormAccess assembles both.
func gormLib(call *ssa.CallCommon) apis.Lib {
	if f := analysisutil.CalleeFunc(call); f != nil && f.Pkg() != nil && f.Pkg().Path() == apis.GormV1Pkg {
		return apis.LibGormV1
	}
	return apis.LibGorm
}

func gormNotFound(lib apis.Lib) string {
	if lib == apis.LibGormV1 {
		return apis.GormV1NotFound
	}
	return "gorm.io/gorm.ErrRecordNotFound"
}

func isGormExpr(name string) bool { return name == apis.GormExprFunc || name == apis.GormV1ExprFunc }

// gormV1Finisher rewrites the arguments of gorm v1's Update and
// UpdateColumn, which take ...interface{}, to gorm v2's layout:
//
//	db.Model(&u).Update("name", n)            column and value
//	db.Model(&u).Update(map[string]interface{}{...})   as Updates
func gormV1Finisher(f *gormCall, role apis.GormMethod) apis.GormMethod {
	if role.Kind != "update" || role.Column < 0 || len(f.args) == 0 {
		return role
	}
	vals, ok := variadicArgs(f.args[0])
	if !ok {
		return role
	}
	f.args = vals
	if len(vals) == 1 {
		return apis.GormMethods["Updates"]
	}
	return role
}

// gormV1Option reads Set("gorm:query_option", "FOR UPDATE") and
// Set("gorm:insert_option", "ON CONFLICT ... DO NOTHING"): SQL gorm v1
// appends to the statement.
func (b *builder) gormV1Option(a *Access, key, value ssa.Value) {
	k, _ := constString(key)
	kind, ok := apis.GormV1Options[k]
	if !ok {
		return
	}
	opt, ok := constString(value)
	if !ok {
		a.Partial = true
		return
	}
	var stmt *sqltext.Stmt
	switch kind {
	case "select":
		stmt = sqltext.Parse("SELECT * FROM t " + opt)
		a.Lock = stmt.Lock.Strength
		if stmt.Lock.NoWait {
			a.LockOptions = "NOWAIT"
		} else if stmt.Lock.SkipLocked {
			a.LockOptions = "SKIP LOCKED"
		}
	case "insert":
		stmt = sqltext.Parse("INSERT INTO t (c) VALUES (1) " + opt)
		a.Conflict = stmt.Conflict.Action
		a.ConflictTarget = stmt.Conflict.Target
		if a.Upsert = upsertOf(stmt); a.Upsert != nil {
			a.Upsert.Listed = false // the column list is the model's, not this text's
		}
	}
	if stmt != nil && stmt.Partial {
		a.Partial = true
	}
}

// gormV1RecordNotFound makes db.First(&u).RecordNotFound() the read's
// found signal: true when no record matched.
func gormV1RecordNotFound(a *Access, v ssa.Value) {
	var vals []ssa.Value
	for _, c := range usersOf(v) {
		if f := analysisutil.CalleeFunc(c.Common()); f != nil && f.Name() == apis.GormV1RecordNotFound && c.Value() != nil {
			vals = append(vals, c.Value())
		}
	}
	if len(vals) > 0 {
		a.Found = Outcome{Signal: SignalBool, Negated: true, Values: vals}
	}
}

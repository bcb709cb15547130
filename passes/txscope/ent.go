package txscope

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// txMethod looks a call up in passes/apis' table, and recognizes the
// transaction methods of generated ent clients by their shape:
// client.Tx(ctx) and client.BeginTx(ctx, opts) begin, tx.Commit() and
// tx.Rollback() end.
func txMethod(common *ssa.CallCommon) (apis.Method, bool) {
	if m, ok := apis.Methods[analysisutil.FuncName(common)]; ok {
		return m, true
	}
	if common.IsInvoke() {
		if m, ok := apis.TxShape(common.Method); ok {
			return m, true
		}
	}
	none := apis.Method{Lib: apis.LibEnt, SQL: -1, Args: -1, Dest: -1, Opts: -1, Func: -1, Handle: -1}
	switch {
	case dbcall.IsEntBegin(common):
		none.Op = apis.OpBegin
		if common.Method == nil && analysisutil.CalleeFunc(common).Name() == "BeginTx" {
			none.Opts = 1
		}
		return none, true
	case dbcall.IsEntEnd(common):
		none.Op = apis.OpCommit
		if analysisutil.CalleeFunc(common).Name() == "Rollback" {
			none.Op = apis.OpRollback
		}
		return none, true
	}
	return apis.Method{}, false
}

package dbcall

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// fsAccess models a filesystem call as an access of the pseudo-table
// "file" keyed by path, so a check of a path deciding its creation reads
// like a check-then-insert:
//
//	if _, err := os.Stat(p); os.IsNotExist(err) { os.WriteFile(p, ...) }
func (b *builder) fsAccess(fn *ssa.Function, call ssa.CallInstruction, f apis.FSFunc) []*Access {
	args := call.Common().Args
	if f.Path >= len(args) {
		return nil
	}
	path := b.resolveRef(refOf(args[f.Path]))
	a := &Access{Fn: fn, Call: call, Pos: call.Pos(), Table: apis.FSTable, RowsReturned: -1, ResultReturned: -1, SQL: analysisutil.FuncName(call.Common())}
	v := call.Value()
	errs := func() []ssa.Value {
		if v == nil {
			return nil
		}
		if _, ok := v.Type().(*types.Tuple); ok {
			return extracts(v, f.Err)
		}
		return []ssa.Value{v}
	}
	switch f.Op {
	case apis.FSStat:
		a.Kind = KindRead
		a.Where = []Binding{{Column: "path", Op: "=", Value: path}}
		a.Err = errs()
		a.Found = Outcome{Signal: SignalErr, Values: a.Err, Sentinels: apis.FSNotExist}
	case apis.FSCreate, apis.FSOpen:
		if f.Op == apis.FSOpen {
			flags, ok := b.constInt(args[f.Flags])
			if !ok || flags&b.osFlag("O_CREATE") == 0 {
				return nil // opens an existing file only (or unknown flags)
			}
			if flags&b.osFlag("O_EXCL") != 0 {
				a.Conflict = sqltext.ConflictIgnore // exclusive create: fails if it exists
			}
		}
		a.Kind = KindInsert
		a.Set = []Binding{{Column: "path", Op: "=", Class: sqltext.AssignParam, Value: path}}
		a.Err = errs()
	default:
		return nil
	}
	return []*Access{a}
}

func (b *builder) constInt(v ssa.Value) (int64, bool) {
	c, ok := unwrap(v).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// osFlag returns the value of an os.O_* constant on the platform being
// analyzed.
func (b *builder) osFlag(name string) int64 {
	for _, imp := range b.pass.Pkg.Imports() {
		if imp.Path() != "os" {
			continue
		}
		if c, ok := imp.Scope().Lookup(name).(*types.Const); ok {
			n, _ := constant.Int64Val(c.Val())
			return n
		}
	}
	return 0
}

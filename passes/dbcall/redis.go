package dbcall

import (
	"github.com/idemvet/idemvet/internal/ssautil"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/analysisutil"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// redisCommand reports a go-redis command call.
func redisCommand(call *ssa.CallCommon) (apis.RedisCommand, bool) {
	f := analysisutil.CalleeFunc(call)
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.RedisPkg {
		return apis.RedisCommand{}, false
	}
	c, ok := apis.RedisCommands[f.Name()]
	return c, ok
}

// redisAccess models a go-redis command as an access of the pseudo-table
// "redis" keyed by the key, with the column "value" (or the hash field):
//
//	cur, _ := rdb.Get(ctx, key).Int64()     // read redis.value where key
//	rdb.Set(ctx, key, cur+n, ttl)           // update redis set value = cur+n where key
func (b *builder) redisAccess(fn *ssa.Function, call ssa.CallInstruction, c apis.RedisCommand) []*Access {
	args := ssautil.CallArgs(call.Common())
	if c.Key >= len(args) {
		return nil
	}
	col := "value"
	var pairValue ssa.Value
	if c.Pairs && c.Field < len(args) {
		vals, ok := variadicArgs(args[c.Field])
		if !ok || len(vals) < 2 || vals[0] == nil {
			return nil
		}
		f, ok := constString(vals[0])
		if !ok {
			return nil
		}
		col, pairValue = strings.ToLower(f), vals[1]
	} else if c.Field >= 0 && c.Field < len(args) {
		f, ok := constString(args[c.Field])
		if !ok {
			return nil
		}
		col = strings.ToLower(f)
	}
	a := &Access{
		Fn: fn, Call: call, Pos: call.Pos(), Lib: apis.LibRedis, Table: "redis", RowsReturned: -1, ResultReturned: -1,
		Handle: b.resolveRef(refOf(ssautil.Receiver(call.Common()))),
		Where:  []Binding{{Column: "key", Op: "=", Value: b.resolveRef(refOf(args[c.Key]))}},
		SQL:    analysisutil.FuncName(call.Common()),
	}
	switch c.Op {
	case apis.RedisRead:
		a.Kind = KindRead
		if v := call.Value(); v != nil {
			for _, res := range redisValues(v) {
				a.Reads = append(a.Reads, ColumnRead{Column: col, Dest: Ref{Root: res}})
			}
		}
	case apis.RedisWrite, apis.RedisAtomic:
		a.Kind = KindUpdate
		bd := Binding{Column: col, Op: "=", Class: sqltext.AssignParam}
		if c.Op == apis.RedisAtomic {
			bd.Class, bd.Expr = sqltext.AssignAtomic, f(call)
		} else if pairValue != nil {
			bd.Value = b.resolveRef(refOf(pairValue))
		} else if c.Value >= 0 && c.Value < len(args) {
			if vals, ok := variadicArgs(args[c.Value]); ok && len(vals) > 0 {
				bd.Value = b.resolveRef(refOf(vals[0]))
			} else {
				bd.Value = b.resolveRef(refOf(args[c.Value]))
			}
		}
		a.Set = []Binding{bd}
	}
	return []*Access{a}
}

func f(call ssa.CallInstruction) string {
	return strings.ToUpper(analysisutilName(call.Common()))
}

// redisValues returns the values a command's result hands back: the first
// result of cmd.Int64(), cmd.Result(), or cmd.Val().
func redisValues(cmd ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, u := range usersOf(cmd) {
		var name string
		if fn := analysisutil.CalleeFunc(u.Common()); fn != nil {
			name = fn.Name()
		}
		c, ok := u.(*ssa.Call)
		if !apis.RedisValueMethods[name] || !ok {
			continue
		}
		if _, isTuple := c.Type().(*types.Tuple); isTuple {
			out = append(out, extracts(c, 0)...)
		} else {
			out = append(out, c)
		}
	}
	return out
}

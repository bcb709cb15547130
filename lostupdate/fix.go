package lostupdate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dbcall"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// sqlFix rewrites
//
//	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
//
// to
//
//	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)
//
// when the rewrite is local and certain: the SQL is a string literal
// written in the call itself (so no other statement shares it), its text
// holds the assignment as "col = <placeholder>" with a plain column name,
// the placeholder is bound once, and the argument is written in the call as
// "x + c" or "x - c" where x is the value read and c a constant.
func sqlFix(pass *analysis.Pass, src dbcall.Source, w *dbcall.Access, set dbcall.Binding) (analysis.SuggestedFix, bool) {
	if w.Stmt == nil || w.Via != nil || src.Op == "" || set.Value.Path != "" {
		return analysis.SuggestedFix{}, false
	}
	if c, ok := src.Operand.(*ssa.Const); !ok || c.Value == nil {
		return analysis.SuggestedFix{}, false // only a constant delta
	}
	bin := binOp(set.Value.Root)
	if bin == nil || bin.Op.String() != src.Op || bin.Y != src.Operand {
		return analysis.SuggestedFix{}, false // not "read value ± constant" as written
	}
	assign, ok := assignment(w.Stmt, set.Column)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	call := callExpr(pass, w.Pos)
	if call == nil {
		return analysis.SuggestedFix{}, false
	}
	lit := sqlLiteral(pass, call, w.Stmt.Text)
	arg, whole := argExpr(call, bin)
	if lit == nil || arg == nil {
		return analysis.SuggestedFix{}, false
	}
	// The placeholder as written, preceded by "col =" with the column as
	// written (a plain name; quoted or qualified names are left alone).
	start, end := assign.Value.Span.Start, assign.Value.Span.End
	text := w.Stmt.Text
	lhs := regexp.MustCompile(`(?i)(?:^|[\s,])([a-z_][a-z0-9_]*)\s*=\s*$`).FindStringSubmatch(text[:start])
	if lhs == nil || !strings.EqualFold(lhs[1], set.Column) {
		return analysis.SuggestedFix{}, false
	}
	col := lhs[1]
	// Byte offsets in the SQL text are offsets in the literal's source
	// only when the literal holds no escapes.
	body := lit.Value[1 : len(lit.Value)-1]
	if body != text || strings.ContainsRune(body, '\r') {
		return analysis.SuggestedFix{}, false
	}
	at := lit.Pos() + 1 + token.Pos(start)
	delta := render(pass, arg.Y)
	placeholder := text[start:end]
	newSQL := text[:start] + col + " " + src.Op + " " + text[start:]
	if _, err := strconv.Unquote(lit.Value[:1] + newSQL + lit.Value[:1]); err != nil {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Use %s = %s %s %s", col, col, src.Op, placeholder),
		TextEdits: []analysis.TextEdit{
			{Pos: at, End: at, NewText: []byte(col + " " + src.Op + " ")},
			{Pos: whole.Pos(), End: whole.End(), NewText: []byte(delta)},
		},
	}, true
}

// binOp returns the binary operation v is, through conversions to the
// variadic ...any argument.
func binOp(v ssa.Value) *ssa.BinOp {
	for {
		switch x := v.(type) {
		case *ssa.BinOp:
			if x.Op == token.ADD || x.Op == token.SUB {
				return x
			}
			return nil
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return nil
		}
	}
}

// assignment returns the SET assignment of column in stmt when it is
// "col = placeholder" with a positional placeholder bound exactly once.
func assignment(stmt *sqltext.Stmt, column string) (sqltext.Assign, bool) {
	var found []sqltext.Assign
	for _, s := range stmt.Set {
		if s.Column == column {
			found = append(found, s)
		}
	}
	if len(found) != 1 || found[0].Class != sqltext.AssignParam || found[0].Value.Kind != sqltext.ExprParam {
		return sqltext.Assign{}, false
	}
	p := found[0].Value.Param
	if p.Index < 0 || p.Name != "" {
		return sqltext.Assign{}, false // named parameters bind a struct or map, not this argument
	}
	uses := 0
	for _, q := range stmt.Params {
		if q.Index == p.Index {
			uses++
		}
	}
	if uses != 1 || len(stmt.With) > 0 || stmt.Partial {
		return sqltext.Assign{}, false
	}
	return found[0], true
}

// sqlLiteral returns the string literal argument of call whose value is
// text.
func sqlLiteral(pass *analysis.Pass, call *ast.CallExpr, text string) *ast.BasicLit {
	for _, a := range call.Args {
		lit, ok := ast.Unparen(a).(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			continue
		}
		if tv, ok := pass.TypesInfo.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == text {
			return lit
		}
	}
	return nil
}

// argExpr returns the argument of call written as the binary expression
// bin, and the argument with its parentheses.
func argExpr(call *ast.CallExpr, bin *ssa.BinOp) (*ast.BinaryExpr, ast.Expr) {
	for _, a := range call.Args {
		if b, ok := ast.Unparen(a).(*ast.BinaryExpr); ok && b.OpPos == bin.Pos() {
			return b, a
		}
	}
	return nil, nil
}

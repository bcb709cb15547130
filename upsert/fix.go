package upsert

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// assignLHS matches the column of an assignment right before its value:
// "created_at = ", "t.created_at=".
var assignLHS = lazyregexp.New(`(?i)([a-z_][a-z0-9_]*\.)?([a-z_][a-z0-9_]*)\s*=\s*$`)

// removeAssignment deletes "col = value" from the DO UPDATE list,
//
//	db.ExecContext(ctx, `INSERT ... ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, created_at = EXCLUDED.created_at`, ...)
//
// becoming
//
//	db.ExecContext(ctx, `INSERT ... ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name`, ...)
//
// when the rewrite is local and certain: the SQL is a string literal written
// in the call itself whose source holds the text byte for byte, the
// column is assigned once, as "col = value" with a plain name, and another
// assignment remains.
func (u *upsert) removeAssignment(col string) (analysis.SuggestedFix, bool) {
	a := u.a
	if a.Stmt == nil || a.Via != nil || a.Stmt.Partial || len(a.Stmt.With) > 0 {
		return analysis.SuggestedFix{}, false
	}
	set := a.Stmt.Conflict.Set
	var found []sqltext.Assign
	for _, s := range set {
		if strings.EqualFold(s.Column, col) {
			found = append(found, s)
		}
	}
	if len(found) != 1 || len(set) < 2 {
		return analysis.SuggestedFix{}, false
	}
	text := a.Stmt.Text
	start, end := found[0].Value.Span.Start, found[0].Value.Span.End
	if start <= 0 || end > len(text) || start >= end {
		return analysis.SuggestedFix{}, false
	}
	m := assignLHS.FindStringSubmatchIndex(text[:start])
	if m == nil || !strings.EqualFold(text[m[4]:m[5]], col) {
		return analysis.SuggestedFix{}, false
	}
	from, to := m[0], end
	rest := text[end:]
	if trimmed := strings.TrimLeft(rest, " \t\r\n"); strings.HasPrefix(trimmed, ",") {
		// Not the last: remove through the comma and the blanks after it.
		after := trimmed[1:]
		to = len(text) - len(strings.TrimLeft(after, " \t\r\n"))
	} else {
		// The last: remove the comma before it.
		before := strings.TrimRight(text[:from], " \t\r\n")
		if !strings.HasSuffix(before, ",") {
			return analysis.SuggestedFix{}, false
		}
		from = len(before) - 1
	}
	lit := u.sqlLiteral(text)
	if lit == nil {
		return analysis.SuggestedFix{}, false
	}
	body := lit.Value[1 : len(lit.Value)-1]
	if body != text || strings.ContainsRune(body, '\r') {
		return analysis.SuggestedFix{}, false // offsets in the SQL are offsets in the source only without escapes
	}
	base := lit.Pos() + 1
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Remove %s from the DO UPDATE list", strings.TrimSpace(text[m[0]:end])),
		TextEdits: []analysis.TextEdit{{Pos: base + token.Pos(from), End: base + token.Pos(to)}},
	}, true
}

// sqlLiteral returns the string literal argument, whose value is text, of
// the call at the access's position.
func (u *upsert) sqlLiteral(text string) *ast.BasicLit {
	var call *ast.CallExpr
	for _, f := range u.pass.Files {
		if u.a.Pos < f.FileStart || u.a.Pos >= f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call != nil || n == nil || u.a.Pos < n.Pos() || u.a.Pos >= n.End() {
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && c.Lparen == u.a.Pos {
				call = c
				return false
			}
			return true
		})
	}
	if call == nil {
		return nil
	}
	for _, arg := range call.Args {
		lit, ok := ast.Unparen(arg).(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			continue
		}
		if tv, ok := u.pass.TypesInfo.Types[lit]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == text {
			return lit
		}
	}
	return nil
}

// eventCounter matches the columns that count events one at a time, where
// the seed's right form, count = t.count + EXCLUDED.count, is certain:
// not balances, stock, versions or positions, which move otherwise.
var eventCounter = lazyregexp.New(`(?i)(^|_)(count|counter|hits|views|uses|visits|logins|clicks|opens|downloads|plays)$`)

// addToExisting rewrites the value of a reset event counter to add to the
// existing one,
//
//	INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1)
//	ON CONFLICT (user_id, day) DO UPDATE SET count = EXCLUDED.count
//
// becoming
//
//	... ON CONFLICT (user_id, day) DO UPDATE SET count = daily_logins.count + EXCLUDED.count
//
// (MySQL: count = count + VALUES(count)) when the insert counts one event
// (the value 1), the assignment copies the proposed value of the same
// column or repeats the 1, and the SQL is a literal in the call whose
// source holds the text byte for byte.
func (u *upsert) addToExisting(col, value string) (analysis.SuggestedFix, bool) {
	a := u.a
	if value != "1" || !eventCounter.MatchString(col) || a.Stmt == nil || a.Via != nil || a.Stmt.Partial || len(a.Stmt.With) > 0 {
		return analysis.SuggestedFix{}, false
	}
	var found []sqltext.Assign
	for _, s := range a.Stmt.Conflict.Set {
		if strings.EqualFold(s.Column, col) {
			found = append(found, s)
		}
	}
	if len(found) != 1 {
		return analysis.SuggestedFix{}, false
	}
	s := found[0]
	switch {
	case s.Upsert == sqltext.UpsertProposed && strings.EqualFold(s.Value.Column, col):
	case s.Upsert == sqltext.UpsertConst && strings.TrimSpace(s.Value.Text) == "1":
	default:
		return analysis.SuggestedFix{}, false
	}
	text := a.Stmt.Text
	start, end := s.Value.Span.Start, s.Value.Span.End
	if start <= 0 || end > len(text) || start >= end {
		return analysis.SuggestedFix{}, false
	}
	old := text[start:end]
	existing := col
	if a.Stmt.Conflict.Action != sqltext.ConflictDuplicateKeyUpdate {
		qual := a.Stmt.Table.Alias
		if qual == "" {
			qual = a.Stmt.Table.Name
		}
		if qual == "" || strings.ContainsAny(qual, ` ."`) {
			return analysis.SuggestedFix{}, false
		}
		// The qualifier must be written as is: INTO qual or AS qual, not
		// quoted or schema-qualified.
		low := strings.ToLower(text)
		if !regexp.MustCompile(`(?i)\b(into|as)\s+` + regexp.QuoteMeta(strings.ToLower(qual)) + `\b`).MatchString(low) {
			return analysis.SuggestedFix{}, false
		}
		existing = qual + "." + col
	}
	lit := u.sqlLiteral(text)
	if lit == nil {
		return analysis.SuggestedFix{}, false
	}
	body := lit.Value[1 : len(lit.Value)-1]
	if body != text || strings.ContainsRune(body, '\r') {
		return analysis.SuggestedFix{}, false
	}
	base := lit.Pos() + 1
	repl := existing + " + " + old
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Use %s = %s", col, repl),
		TextEdits: []analysis.TextEdit{{Pos: base + token.Pos(start), End: base + token.Pos(end), NewText: []byte(repl)}},
	}, true
}

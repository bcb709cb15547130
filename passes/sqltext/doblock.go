package sqltext

import "strings"

// BlockStmt is a statement run by the body of a DO block: its text, and
// the offset in the DO statement's text where it is written.
type BlockStmt struct {
	Text   string
	Offset int
}

// DoBlockDDL returns the DDL statements (CREATE, ALTER, DROP) that the
// PL/pgSQL body of a PostgreSQL DO block runs whatever database it meets,
// in order; nil when text is no DO block. Migrations wrap DDL in DO blocks
// to make it re-runnable:
//
//	DO $$
//	BEGIN
//	  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'x') THEN
//	    ALTER TABLE t ADD CONSTRAINT x UNIQUE (a);
//	  END IF;
//	  ALTER TABLE t DROP CONSTRAINT IF EXISTS y;
//	EXCEPTION WHEN undefined_object THEN NULL;
//	END $$;
//
// A statement counts when every IF around it tests only [NOT] EXISTS
// (...): such a guard makes the statement's outcome the database's state
// either way. Statements in an ELSE or ELSIF arm, a loop, a CASE, or an
// exception handler are left out, and so are those EXECUTE builds from
// anything but one string literal (EXECUTE 'DROP INDEX x' counts). A body
// in another language, or whose blocks do not nest as PL/pgSQL's do,
// yields nil.
func DoBlockDDL(text string) []BlockStmt {
	if !strings.Contains(text, "$") {
		return nil
	}
	l, _, _ := lexStmt(text, 0)
	toks := l.toks
	if len(toks) == 0 || toks[0].kw != "do" {
		return nil
	}
	body, lang := -1, ""
	for k := 1; k < len(toks); k++ {
		t := toks[k]
		switch {
		case t.kind == tIdent && strings.EqualFold(text[t.start:t.end], "language") && k+1 < len(toks):
			lang = strings.ToLower(strings.Trim(text[toks[k+1].start:toks[k+1].end], `"'`))
			k++
		case t.kind == tString && text[t.start] == '$' && body < 0:
			body = k
		default:
			return nil
		}
	}
	if body < 0 || lang != "" && lang != "plpgsql" {
		return nil
	}
	t := toks[body]
	tag := strings.IndexByte(text[t.start+1:t.end], '$')
	if tag < 0 {
		return nil
	}
	start, end := t.start+tag+2, t.end-tag-2
	if end <= start {
		return nil
	}
	out, ok := plpgsqlDDL(text[:end], start)
	if !ok {
		return nil
	}
	return out
}

// blockFrame is an open construct of a PL/pgSQL body.
type blockFrame struct {
	kind    string // "block", "if", "loop", "case"
	live    bool   // its statements run whatever the database holds
	declare bool   // a block's DECLARE section, before its BEGIN
}

// plpgsqlDDL walks the PL/pgSQL statements of src from start (src ends
// where the body does), returning the DDL of the live ones; false when
// the body's constructs do not nest.
func plpgsqlDDL(src string, start int) ([]BlockStmt, bool) {
	var out []BlockStmt
	stack := []blockFrame{{kind: "top", live: true}}
	live := func() bool { return stack[len(stack)-1].live }
	push := func(kind string, l bool) { stack = append(stack, blockFrame{kind: kind, live: l && live()}) }
	pop := func(kind string) bool {
		if len(stack) < 2 || kind != "" && stack[len(stack)-1].kind != kind {
			return false
		}
		stack = stack[:len(stack)-1]
		return true
	}
	l := &lexer{src: src}
	for k := start; k < len(src); {
		textEnd, next := l.statement(k)
		toks := l.toks
		word := func(i int) string {
			if i < len(toks) && toks[i].kind == tIdent {
				return strings.ToLower(src[toks[i].start:toks[i].end])
			}
			return ""
		}
		// skipTo returns the index after the first keyword w at depth 0
		// from i, or -1.
		skipTo := func(i int, w string) int {
			depth := 0
			for ; i < len(toks); i++ {
				switch {
				case toks[i].kind == tOp && src[toks[i].start] == '(':
					depth++
				case toks[i].kind == tOp && src[toks[i].start] == ')':
					depth--
				case depth == 0 && word(i) == w:
					return i + 1
				}
			}
			return -1
		}
		for i := 0; i < len(toks); {
			top := &stack[len(stack)-1]
			w := word(i)
			if toks[i].kind == tOp && src[toks[i].start:toks[i].end] == "<<" {
				i += 3 // <<label>>
				continue
			}
			if top.declare {
				if w != "begin" {
					break // a declaration
				}
				top.declare = false
				i++
				continue
			}
			switch w {
			case "declare":
				push("block", true)
				stack[len(stack)-1].declare = true
				i++
				continue
			case "begin":
				push("block", true)
				i++
				continue
			case "exception":
				if top.kind != "block" {
					return nil, false
				}
				top.live = false // the handlers
				i++
				continue
			case "when":
				if i = skipTo(i+1, "then"); i < 0 {
					return nil, false
				}
				continue
			case "if":
				j := skipTo(i+1, "then")
				if j < 0 {
					return nil, false
				}
				push("if", existsGuard(src, toks[i+1:j-1]))
				i = j
				continue
			case "elsif":
				if top.kind != "if" {
					return nil, false
				}
				top.live = false
				if i = skipTo(i+1, "then"); i < 0 {
					return nil, false
				}
				continue
			case "else":
				if top.kind != "if" && top.kind != "case" {
					return nil, false
				}
				top.live = false
				i++
				continue
			case "case":
				push("case", false)
				if i = skipTo(i+1, "when"); i < 0 {
					return nil, false
				}
				i-- // at WHEN
				continue
			case "for", "foreach", "while":
				push("loop", false)
				if i = skipTo(i+1, "loop"); i < 0 {
					return nil, false
				}
				continue
			case "loop":
				push("loop", false)
				i++
				continue
			case "end":
				kind := "block"
				switch word(i + 1) {
				case "if", "loop", "case":
					kind = word(i + 1)
				}
				if !pop(kind) {
					return nil, false
				}
				i = len(toks) // END [IF | LOOP | CASE | label]
				continue
			}
			if live() {
				if s, ok := blockDDL(src, toks[i:], textEnd); ok {
					out = append(out, s)
				}
			}
			break
		}
		if next <= k {
			break
		}
		k = next
	}
	return out, len(stack) == 1
}

// blockDDL returns the DDL statement toks start, which ends at textEnd:
// CREATE, ALTER or DROP as written, or the literal EXECUTE runs.
func blockDDL(src string, toks []token, textEnd int) (BlockStmt, bool) {
	switch toks[0].kw {
	case "create", "alter", "drop":
		return BlockStmt{Text: src[toks[0].start:textEnd], Offset: toks[0].start}, true
	case "execute":
		if len(toks) != 2 || toks[1].kind != tString {
			return BlockStmt{}, false
		}
		s := src[toks[1].start:toks[1].end]
		var inner string
		switch s[0] {
		case '\'':
			if len(s) < 2 || s[len(s)-1] != '\'' {
				return BlockStmt{}, false
			}
			inner = strings.ReplaceAll(s[1:len(s)-1], "''", "'")
		case '$':
			tag := strings.IndexByte(s[1:], '$')
			if tag < 0 || len(s) < 2*tag+4 {
				return BlockStmt{}, false
			}
			inner = s[tag+2 : len(s)-tag-2]
		default:
			return BlockStmt{}, false
		}
		inner = strings.TrimSpace(inner)
		first := strings.ToLower(strings.SplitN(inner+" ", " ", 2)[0])
		if first != "create" && first != "alter" && first != "drop" {
			return BlockStmt{}, false
		}
		return BlockStmt{Text: inner, Offset: toks[1].start}, true
	}
	return BlockStmt{}, false
}

// existsGuard reports whether an IF condition tests only [NOT] EXISTS
// (...), joined by AND or OR and maybe parenthesized.
func existsGuard(src string, toks []token) bool {
	isOp := func(i int, op string) bool {
		return i < len(toks) && toks[i].kind == tOp && src[toks[i].start:toks[i].end] == op
	}
	// closing returns the index of the parenthesis closing the one at i.
	closing := func(i int) int {
		depth := 0
		for j := i; j < len(toks); j++ {
			switch {
			case isOp(j, "("):
				depth++
			case isOp(j, ")"):
				if depth--; depth == 0 {
					return j
				}
			}
		}
		return -1
	}
	for len(toks) > 1 && isOp(0, "(") && closing(0) == len(toks)-1 {
		toks = toks[1 : len(toks)-1]
	}
	if len(toks) == 0 {
		return false
	}
	for i := 0; i < len(toks); {
		if toks[i].kw == "not" {
			i++
		}
		if i >= len(toks) || toks[i].kw != "exists" || !isOp(i+1, "(") {
			return false
		}
		j := closing(i + 1)
		if j < 0 {
			return false
		}
		i = j + 1
		if i == len(toks) {
			return true
		}
		if toks[i].kw != "and" && toks[i].kw != "or" {
			return false
		}
		i++
	}
	return false
}

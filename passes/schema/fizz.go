package schema

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// Fizz migrations (gobuffalo/fizz, pop's migration language): a file of
// calls, create_table("users") { t.Column("email", "string", {}) ...
// t.Index("email", {"unique": true}) }, add_index("users", ["a", "b"],
// {"unique": true}), rename_column(...), sql("..."). readFizz turns each
// call into the statement fizz's PostgreSQL translator runs for it and
// applies that, so the catalog learns fizz's tables exactly as it learns
// SQL's. What fizz does on its own is spelled out:
//
//   - create_table adds created_at and updated_at (timestamps, NOT NULL)
//     unless the table's options say {timestamps: false} or the block calls
//     t.DisableTimestamps(); t.Timestamps() adds them explicitly.
//   - a column is NOT NULL unless its options say {"null": true}; its
//     {"primary": true} makes it the primary key (an integer one a
//     serial), t.PrimaryKey("a", "b") a composite one. fizz adds no id of
//     its own.
//   - t.Index and add_index name an index table_col1_col2_idx unless
//     {"name": ...} says otherwise; {"unique": true} makes it unique. A
//     column's own {"unique": true} option is not read by fizz (it makes no
//     index), so it is not read here either.
//
// Foreign keys, change_column's options other than the type, and any call
// this reader does not know add nothing. Plush template tags (<% %>) are
// blanked first, as Go template actions are in SQL migrations.

// fizzValue is an argument of a fizz call: a string, a bare word or number
// (true, 50), a list, or an options map.
type fizzValue struct {
	kind byte // 's' string, 'w' word or number, 'l' list, 'm' map
	s    string
	list []fizzValue
	m    map[string]fizzValue
}

func (v fizzValue) str() (string, bool) {
	if v.kind == 's' || v.kind == 'w' {
		return v.s, true
	}
	return "", false
}

// strings returns a string or a list of strings as a list.
func (v fizzValue) strings() ([]string, bool) {
	if s, ok := v.str(); ok && v.kind == 's' {
		return []string{s}, true
	}
	if v.kind != 'l' || len(v.list) == 0 {
		return nil, false
	}
	var out []string
	for _, e := range v.list {
		s, ok := e.str()
		if !ok || e.kind != 's' {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// opt returns option k of an options map.
func (v fizzValue) opt(k string) (fizzValue, bool) {
	if v.kind != 'm' {
		return fizzValue{}, false
	}
	o, ok := v.m[k]
	return o, ok
}

// truth reports option k set to true.
func (v fizzValue) truth(k string) bool {
	o, ok := v.opt(k)
	return ok && o.kind == 'w' && o.s == "true"
}

// fizzCall is one call of a fizz file, with the calls of its block.
type fizzCall struct {
	name  string
	args  []fizzValue
	block []fizzCall
	line  int
}

type fizzToken struct {
	kind  byte // 'i' identifier (with dots), 's' string, 'n' number, or the punctuation itself
	text  string
	line  int
	first bool // the first token of its line
}

// fizzTokens splits text into tokens, dropping // and # comments.
func fizzTokens(text string) []fizzToken {
	var toks []fizzToken
	line, lineStart := 1, true
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#' || c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		}
		t := fizzToken{line: line, first: lineStart}
		lineStart = false
		switch {
		case c == '"' || c == '`' || c == '\'':
			j := i + 1
			var b strings.Builder
			for j < len(text) && text[j] != c {
				if text[j] == '\\' && c != '`' && j+1 < len(text) {
					j++
					switch text[j] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					default:
						b.WriteByte(text[j])
					}
					j++
					continue
				}
				if text[j] == '\n' {
					line++
				}
				b.WriteByte(text[j])
				j++
			}
			t.kind, t.text = 's', b.String()
			i = min(j+1, len(text))
		case isFizzIdent(c) || c >= '0' && c <= '9' || c == '-' || c == '.':
			j := i + 1
			for j < len(text) && (isFizzIdent(text[j]) || text[j] >= '0' && text[j] <= '9' || text[j] == '.') {
				j++
			}
			t.kind, t.text = 'i', text[i:j]
			if c >= '0' && c <= '9' || c == '-' || c == '.' {
				t.kind = 'n'
			}
			i = j
		default:
			t.kind, t.text = c, string(c)
			i++
		}
		toks = append(toks, t)
	}
	return toks
}

func isFizzIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// fizzParser reads calls from tokens.
type fizzParser struct {
	toks []fizzToken
	pos  int
}

func (p *fizzParser) peek() fizzToken {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return fizzToken{}
}

func (p *fizzParser) next() fizzToken {
	t := p.peek()
	if p.pos < len(p.toks) {
		p.pos++
	}
	return t
}

func (p *fizzParser) expect(k byte) bool {
	if p.peek().kind == k {
		p.pos++
		return true
	}
	return false
}

// call reads name(args) and a block that follows it.
func (p *fizzParser) call(depth int) (fizzCall, bool) {
	t := p.next()
	if t.kind != 'i' || !p.expect('(') {
		return fizzCall{}, false
	}
	c := fizzCall{name: t.text, line: t.line}
	for p.peek().kind != ')' {
		v, ok := p.value(0)
		if !ok {
			return c, false
		}
		c.args = append(c.args, v)
		if !p.expect(',') && p.peek().kind != ')' {
			return c, false
		}
	}
	p.pos++ // )
	if p.peek().kind == '{' && depth == 0 {
		p.pos++
		for p.peek().kind != '}' {
			if p.peek().kind == 0 {
				return c, false
			}
			inner, ok := p.call(depth + 1)
			if !ok {
				return c, false
			}
			c.block = append(c.block, inner)
		}
		p.pos++ // }
	}
	return c, true
}

// value reads a string, word, number, list or options map.
func (p *fizzParser) value(depth int) (fizzValue, bool) {
	if depth > 16 {
		return fizzValue{}, false
	}
	t := p.next()
	switch t.kind {
	case 's':
		return fizzValue{kind: 's', s: t.text}, true
	case 'i', 'n':
		return fizzValue{kind: 'w', s: t.text}, true
	case '[':
		v := fizzValue{kind: 'l'}
		for p.peek().kind != ']' {
			e, ok := p.value(depth + 1)
			if !ok {
				return v, false
			}
			v.list = append(v.list, e)
			if !p.expect(',') && p.peek().kind != ']' {
				return v, false
			}
		}
		p.pos++
		return v, true
	case '{':
		v := fizzValue{kind: 'm', m: map[string]fizzValue{}}
		for p.peek().kind != '}' {
			k := p.next()
			if k.kind != 's' && k.kind != 'i' || !p.expect(':') {
				return v, false
			}
			e, ok := p.value(depth + 1)
			if !ok {
				return v, false
			}
			v.m[k.text] = e
			if !p.expect(',') && p.peek().kind != '}' {
				return v, false
			}
		}
		p.pos++
		return v, true
	}
	return fizzValue{}, false
}

// resync skips to the next token that starts a line and opens a call.
func (p *fizzParser) resync() {
	for p.pos < len(p.toks) {
		p.pos++
		if p.pos+1 < len(p.toks) && p.toks[p.pos].first && p.toks[p.pos].kind == 'i' && p.toks[p.pos+1].kind == '(' {
			return
		}
	}
}

// parseFizz returns the top-level calls of a fizz file, and the lines of
// the calls it could not read.
func parseFizz(text string) (calls []fizzCall, bad []int) {
	p := &fizzParser{toks: fizzTokens(text)}
	for p.pos < len(p.toks) {
		start := p.pos
		c, ok := p.call(0)
		if !ok {
			bad = append(bad, p.toks[start].line)
			p.pos = start
			p.resync()
			continue
		}
		calls = append(calls, c)
	}
	return calls, bad
}

// blankPlush blanks plush's <% ... %> tags, keeping lines where they are.
func blankPlush(text string) string {
	if !strings.Contains(text, "<%") {
		return text
	}
	b := []byte(text)
	for i := 0; i+1 < len(b); i++ {
		if b[i] != '<' || b[i+1] != '%' {
			continue
		}
		end := strings.Index(text[i+2:], "%>")
		if end < 0 {
			break
		}
		stop := i + 2 + end + 2
		for j := i; j < stop; j++ {
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
		i = stop - 1
	}
	return string(b)
}

// readFizz applies a fizz migration.
func (c *Catalog) readFizz(file, text string) {
	calls, bad := parseFizz(blankPlush(blankTemplateActions(text)))
	for _, line := range bad {
		c.Warnings = append(c.Warnings, Warning{File: file, Line: line, Message: "could not read this fizz call; skipped"})
	}
	for _, call := range calls {
		for _, st := range fizzStatements(call) {
			c.readSQL(file, st.sql, st.line-1)
		}
	}
}

// fizzStmt is a statement a fizz call runs, and the line of the call.
type fizzStmt struct {
	sql  string
	line int
}

// fizzStatements returns the SQL a fizz call runs.
func fizzStatements(c fizzCall) []fizzStmt {
	var out []fizzStmt
	for _, s := range fizzSQL(c) {
		out = append(out, fizzStmt{s, c.line})
	}
	if c.name == "create_table" {
		// The indexes of its block, each at its own line.
		name, _ := c.args[0].str()
		for _, b := range c.block {
			if b.name != "t.Index" || len(b.args) == 0 {
				continue
			}
			o := fizzValue{}
			if len(b.args) > 1 {
				o = b.args[1]
			}
			if s, ok := fizzIndex(name, b.args[0], o); ok {
				out = append(out, fizzStmt{s, b.line})
			}
		}
	}
	return out
}

// fizzSQL returns the SQL a fizz call runs (create_table's own CREATE
// TABLE only; fizzStatements adds its indexes).
func fizzSQL(c fizzCall) []string {
	arg := func(i int) (string, bool) {
		if i < len(c.args) && c.args[i].kind == 's' {
			return c.args[i].s, true
		}
		return "", false
	}
	opts := func(i int) fizzValue {
		if i < len(c.args) {
			return c.args[i]
		}
		return fizzValue{}
	}
	switch c.name {
	case "create_table":
		if name, ok := arg(0); ok {
			return fizzCreateTable(name, opts(1), c.block)
		}
	case "add_column":
		t, ok1 := arg(0)
		col, ok2 := arg(1)
		typ, ok3 := arg(2)
		if ok1 && ok2 && ok3 {
			return []string{fmt.Sprintf("ALTER TABLE %s ADD COLUMN %s;", quoteIdent(t), fizzColumn(col, typ, opts(3), false))}
		}
	case "change_column":
		t, ok1 := arg(0)
		col, ok2 := arg(1)
		typ, ok3 := arg(2)
		if ok1 && ok2 && ok3 {
			return []string{fmt.Sprintf("ALTER TABLE %s ALTER COLUMN %s TYPE %s;", quoteIdent(t), quoteIdent(col), fizzType(typ, opts(3), false))}
		}
	case "drop_column":
		t, ok1 := arg(0)
		col, ok2 := arg(1)
		if ok1 && ok2 {
			return []string{fmt.Sprintf("ALTER TABLE %s DROP COLUMN %s;", quoteIdent(t), quoteIdent(col))}
		}
	case "rename_column":
		t, ok1 := arg(0)
		from, ok2 := arg(1)
		to, ok3 := arg(2)
		if ok1 && ok2 && ok3 {
			return []string{fmt.Sprintf("ALTER TABLE %s RENAME COLUMN %s TO %s;", quoteIdent(t), quoteIdent(from), quoteIdent(to))}
		}
	case "rename_table":
		from, ok1 := arg(0)
		to, ok2 := arg(1)
		if ok1 && ok2 {
			return []string{fmt.Sprintf("ALTER TABLE %s RENAME TO %s;", quoteIdent(from), quoteIdent(to))}
		}
	case "drop_table":
		if t, ok := arg(0); ok {
			return []string{fmt.Sprintf("DROP TABLE %s;", quoteIdent(t))}
		}
	case "add_index":
		if t, ok := arg(0); ok && len(c.args) > 1 {
			if s, ok := fizzIndex(t, c.args[1], opts(2)); ok {
				return []string{s}
			}
		}
	case "drop_index":
		t, ok1 := arg(0)
		name, ok2 := arg(1)
		if ok1 && ok2 {
			// On its table only (MySQL's form, which the reader takes
			// for any dialect).
			return []string{fmt.Sprintf("DROP INDEX %s ON %s;", quoteIdent(name), quoteIdent(t))}
		}
	case "rename_index":
		_, ok1 := arg(0)
		from, ok2 := arg(1)
		to, ok3 := arg(2)
		if ok1 && ok2 && ok3 {
			return []string{fmt.Sprintf("ALTER INDEX %s RENAME TO %s;", quoteIdent(from), quoteIdent(to))}
		}
	case "sql", "raw":
		if s, ok := arg(0); ok {
			return []string{s}
		}
	}
	return nil
}

// fizzCreateTable returns create_table's CREATE TABLE.
func fizzCreateTable(name string, opts fizzValue, block []fizzCall) []string {
	timestamps := true
	if o, ok := opts.opt("timestamps"); ok && o.kind == 'w' && o.s == "false" {
		timestamps = false
	}
	var cols, pk []string
	have := map[string]bool{}
	addCol := func(col, typ string, o fizzValue) {
		if have[col] {
			return
		}
		have[col] = true
		primary := o.kind == 'm' && func() bool { _, ok := o.opt("primary"); return ok }()
		cols = append(cols, fizzColumn(col, typ, o, primary))
		if primary && pk == nil {
			pk = []string{col}
		}
	}
	for _, c := range block {
		str := func(i int) (string, bool) {
			if i < len(c.args) && c.args[i].kind == 's' {
				return c.args[i].s, true
			}
			return "", false
		}
		arg := func(i int) fizzValue {
			if i < len(c.args) {
				return c.args[i]
			}
			return fizzValue{}
		}
		switch c.name {
		case "t.Column":
			col, ok1 := str(0)
			typ, ok2 := str(1)
			if ok1 && ok2 {
				addCol(col, typ, arg(2))
			}
		case "t.Timestamp":
			if col, ok := str(0); ok {
				addCol(col, "timestamp", fizzValue{})
			}
		case "t.Timestamps":
			addCol("created_at", "timestamp", fizzValue{})
			addCol("updated_at", "timestamp", fizzValue{})
		case "t.DisableTimestamps":
			timestamps = false
		case "t.PrimaryKey":
			var keys []string
			for i := range c.args {
				if s, ok := str(i); ok {
					keys = append(keys, s)
				}
			}
			if len(keys) > 0 {
				pk = keys
			}
		}
	}
	if timestamps {
		addCol("created_at", "timestamp", fizzValue{})
		addCol("updated_at", "timestamp", fizzValue{})
	}
	if len(pk) > 0 {
		cols = append(cols, "PRIMARY KEY ("+strings.Join(quoteAll(pk), ", ")+")")
	}
	return []string{fmt.Sprintf("CREATE TABLE %s (\n%s\n);", quoteIdent(name), strings.Join(cols, ",\n"))}
}

// fizzColumn returns a column's definition: its type, NOT NULL unless
// {"null": true}, its default.
func fizzColumn(name, typ string, o fizzValue, primary bool) string {
	s := quoteIdent(name) + " " + fizzType(typ, o, primary)
	if !o.truth("null") || primary {
		s += " NOT NULL"
	}
	if d, ok := o.opt("default"); ok {
		if v, ok := d.str(); ok {
			s += " DEFAULT '" + strings.ReplaceAll(v, "'", "''") + "'"
		}
	}
	if d, ok := o.opt("default_raw"); ok {
		if v, ok := d.str(); ok {
			s += " DEFAULT " + v
		}
	}
	return s
}

// fizzType returns the PostgreSQL type of a fizz column type; fizz passes
// types it does not know through.
func fizzType(typ string, o fizzValue, primary bool) string {
	num := func(k string) (string, bool) {
		if v, ok := o.opt(k); ok && v.kind == 'w' {
			if _, err := strconv.Atoi(v.s); err == nil {
				return v.s, true
			}
		}
		return "", false
	}
	switch strings.ToLower(typ) {
	case "string":
		size := "255"
		if n, ok := num("size"); ok {
			size = n
		}
		return "VARCHAR(" + size + ")"
	case "text":
		return "TEXT"
	case "uuid":
		return "UUID"
	case "integer", "int":
		if primary {
			return "SERIAL"
		}
		return "INTEGER"
	case "bigint":
		if primary {
			return "BIGSERIAL"
		}
		return "BIGINT"
	case "bool", "boolean":
		return "BOOLEAN"
	case "timestamp":
		return "TIMESTAMP"
	case "time", "datetime":
		return "TIMESTAMPTZ"
	case "blob", "[]byte":
		return "BYTEA"
	case "float", "decimal":
		if p, ok := num("precision"); ok {
			if s, ok := num("scale"); ok {
				return "DECIMAL(" + p + "," + s + ")"
			}
			return "DECIMAL(" + p + ")"
		}
		return "DECIMAL"
	case "json":
		return "JSONB"
	case "[]string":
		return "VARCHAR[]"
	case "[]int":
		return "INTEGER[]"
	case "[]float":
		return "DECIMAL[]"
	}
	return typ
}

// fizzIndex returns the CREATE INDEX of t.Index or add_index: its columns a
// name or a list, its name table_cols_idx unless the options name it.
func fizzIndex(table string, cols, o fizzValue) (string, bool) {
	names, ok := cols.strings()
	if !ok {
		return "", false
	}
	name := table + "_" + strings.Join(names, "_") + "_idx"
	if n, ok := o.opt("name"); ok && n.kind == 's' {
		name = n.s
	}
	kind := "INDEX"
	if o.truth("unique") {
		kind = "UNIQUE INDEX"
	}
	return fmt.Sprintf("CREATE %s %s ON %s (%s);", kind, quoteIdent(name), quoteIdent(table), strings.Join(quoteAll(names), ", ")), true
}

// isFizz reports a fizz migration's file name; isFizzDown one that migrates
// down.
func isFizz(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".fizz") }

func isFizzDown(path string) bool {
	return strings.HasSuffix(strings.ToLower(filepath.Base(path)), ".down.fizz")
}

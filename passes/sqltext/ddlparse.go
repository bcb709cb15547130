package sqltext

import "strings"

// ddl summarizes the DDL statement at i (CREATE, ALTER, DROP or RENAME)
// for the schema catalog; it returns nil for DDL the catalog does not read
// (views, functions, sequences, grants ...).
func (p *parser) ddl(i, j int) *DDL {
	switch p.kw(i) {
	case "create":
		return p.createDDL(i+1, j)
	case "alter":
		return p.alterDDL(i+1, j)
	case "drop":
		return p.dropDDL(i+1, j)
	case "rename":
		return p.renameDDL(i+1, j)
	}
	return nil
}

// word returns the lower-cased text of token k when it is an unquoted
// word, else "".
func (p *parser) word(k int) string {
	if k < 0 || k >= len(p.toks) || p.toks[k].kind != tIdent {
		return ""
	}
	t := &p.toks[k]
	if t.kw != "" {
		return t.kw
	}
	return lower(p.src[t.start:t.end])
}

// ifExists reads IF EXISTS at k.
func (p *parser) ifExists(k int) (bool, int) {
	if p.kw(k) == "if" && p.kw(k+1) == "exists" {
		return true, k + 2
	}
	return false, k
}

// ifNotExists reads IF NOT EXISTS at k.
func (p *parser) ifNotExists(k int) (bool, int) {
	if p.kw(k) == "if" && p.kw(k+1) == "not" && p.kw(k+2) == "exists" {
		return true, k + 3
	}
	return false, k
}

// inner returns the range inside the bracket at k and the index after its
// match; an unmatched bracket runs to j and marks the summary partial.
func (p *parser) inner(k, j int) (a, b, next int) {
	m := p.skip(k, j)
	if p.match[k] < 0 || p.match[k] >= j {
		return k + 1, j, j
	}
	return k + 1, m - 1, m
}

// tableName reads the name of a DDL target at k; a missing name marks the
// summary partial.
func (p *parser) tableName(k, j int) (TableRef, int) {
	if k >= j || !p.isAnyName(k) && p.kind(k) != tHole {
		p.partial = true
		return TableRef{}, k
	}
	return p.qualifiedName(k, j)
}

// createDDL reads CREATE [OR REPLACE] [GLOBAL|LOCAL] [TEMP|TEMPORARY]
// [UNLOGGED] TABLE ... and CREATE [UNIQUE|FULLTEXT|SPATIAL] INDEX ...; k is
// after CREATE.
func (p *parser) createDDL(k, j int) *DDL {
	temp, unique, method := false, false, ""
	for k < j {
		switch p.word(k) {
		case "or", "replace", "global", "local", "unlogged":
			k++
			continue
		case "temporary", "temp":
			temp = true
			k++
			continue
		case "unique":
			unique = true
			k++
			continue
		case "fulltext", "spatial":
			method = p.word(k)
			k++
			continue
		}
		break
	}
	switch p.word(k) {
	case "table":
		if unique || method != "" {
			return nil
		}
		return p.createTable(k+1, j, temp)
	case "index":
		if temp {
			return nil
		}
		return p.createIndex(k+1, j, unique, method)
	}
	return nil
}

// createTable reads the rest of CREATE TABLE after TABLE:
//
//	[IF NOT EXISTS] t (column | constraint | LIKE u, ...) [options] [AS SELECT ...]
//	[IF NOT EXISTS] t LIKE u
//	[IF NOT EXISTS] t [(cols)] AS SELECT ... | AS TABLE u
//	[IF NOT EXISTS] t PARTITION OF u [(constraints)] FOR VALUES ...
func (p *parser) createTable(k, j int, temp bool) *DDL {
	d := &DDL{Op: DDLCreateTable, Temporary: temp}
	d.IfNotExists, k = p.ifNotExists(k)
	d.Table, k = p.tableName(k, j)
	switch {
	case p.kw(k) == "like":
		// MySQL copies the whole definition, indexes included.
		d.Like, k = p.tableName(k+1, j)
		d.LikeIndexes = true
	case p.is(k, "partition") && p.kw(k+1) == "of":
		d.Like, k = p.tableName(k+2, j)
		d.LikeIndexes = true
	case p.kw(k) == "of":
		k += 2 // a typed table: its columns are those of a composite type
	}
	if p.isOp(k, "(") && !p.isSubquery(k) {
		a, b, m := p.inner(k, j)
		p.tableElements(a, b, d)
		k = m
	}
	// Table options (ENGINE=InnoDB, WITH (...), PARTITION BY ..., WITHOUT
	// ROWID, STRICT) are skipped, up to AS SELECT or MySQL's bare SELECT.
	for k < j {
		switch {
		case p.kw(k) == "as" && (p.kw(k+1) == "select" || p.kw(k+1) == "with" || p.kw(k+1) == "values" ||
			p.kw(k+1) == "table" || p.isOp(k+1, "(")):
			k++
			fallthrough
		case p.kw(k) == "select" || p.kw(k) == "table" || p.kw(k) == "values" && p.kw(k-1) != "for" || p.isSubquery(k):
			// MySQL: CREATE TABLE t [(...)] [options] [IGNORE|REPLACE] [AS]
			// SELECT ... (or TABLE u, VALUES ROW(...)); a bare WITH is
			// PostgreSQL's storage parameters.
			d.AsSelect = true
			d.Like = TableRef{}
			e := j
			if p.word(e-1) == "data" && p.kw(e-2) == "with" { // WITH DATA
				e -= 2
			} else if p.word(e-1) == "data" && p.kw(e-2) == "no" && p.kw(e-3) == "with" {
				e -= 3
			}
			switch {
			case p.kw(k) == "table":
				d.Like, _ = p.tableName(k+1, e)
			case p.kw(k) == "with" || p.kw(k+1) == "with":
				p.sub(k, e) // the first table would be a CTE's
			default:
				src := p.sub(k, e)
				d.Like = src.Table
				d.Like.Alias = ""
			}
			return d
		}
		k = p.skip(k, j)
	}
	return d
}

// tableElements reads the elements of CREATE TABLE's parentheses.
func (p *parser) tableElements(k, j int, d *DDL) {
	for k < j {
		e := p.scan(k, j, stopComma)
		if e > k {
			p.tableElement(k, e, d)
		}
		k = e + 1
	}
}

// tableElement reads one element [a, e) of CREATE TABLE: a column, a table
// constraint, a MySQL index, or LIKE u [INCLUDING ...].
func (p *parser) tableElement(a, e int, d *DDL) {
	if c, ok := p.tableConstraint(a, e); ok {
		d.Constraints = append(d.Constraints, c)
		return
	}
	if p.kw(a) == "like" {
		d.Like, _ = p.tableName(a+1, e)
		for k := a + 2; k < e; k++ {
			if p.is(k, "including") && (p.is(k+1, "all") || p.is(k+1, "indexes")) {
				d.LikeIndexes = true
			}
		}
		return
	}
	if p.is(a, "period") && p.kw(a+1) == "for" {
		return // PERIOD FOR SYSTEM_TIME (start, end)
	}
	if c, ok := p.columnDef(a, e); ok {
		d.Columns = append(d.Columns, c)
	}
}

// isConstraintStart reports whether token k starts a table constraint or
// a MySQL index definition rather than a column definition.
func (p *parser) isConstraintStart(k, e int) bool {
	switch p.word(k) {
	case "constraint", "check":
		return true
	case "primary", "foreign":
		return p.kw(k+1) == "key"
	case "unique":
		return true
	case "exclude":
		return p.kw(k+1) == "using" || p.isOp(k+1, "(")
	case "fulltext", "spatial":
		return k+1 < e
	case "key", "index":
		return p.isIndexDef(k+1, e)
	}
	return false
}

// isIndexDef reports whether the tokens after MySQL's KEY or INDEX at k-1
// define an index, [name] [USING m] (cols), rather than a column named key
// with a type: KEY idx (email) but not key varchar(10).
func (p *parser) isIndexDef(k, e int) bool {
	if _, x := p.ifNotExists(k); x > k {
		return true
	}
	if p.isMethod(k) {
		return true
	}
	if p.isOp(k, "(") {
		return true
	}
	if !p.isAnyName(k) {
		return false
	}
	k++
	if p.isMethod(k) {
		return true
	}
	if !p.isOp(k, "(") || k+1 >= e {
		return false
	}
	// KEY idx (email, name(10)) holds names; key varchar(10) a number.
	return p.kind(k+1) != tNumber && p.kind(k+1) != tString
}

// isMethod reports whether an index method, USING m or MySQL's older
// TYPE m, starts at k.
func (p *parser) isMethod(k int) bool {
	return (p.kw(k) == "using" || p.word(k) == "type") && p.isAnyName(k+1) && p.word(k+1) != "index"
}

// tableConstraint reads a table constraint at [a, e):
//
//	[CONSTRAINT name] PRIMARY KEY [name] [USING m] (cols) [options]
//	[CONSTRAINT name] UNIQUE [KEY|INDEX] [NULLS [NOT] DISTINCT] [name] [USING m] (cols) [options]
//	[CONSTRAINT name] UNIQUE USING INDEX i
//	[CONSTRAINT name] FOREIGN KEY [name] (cols) REFERENCES t [(cols)] [actions]
//	[CONSTRAINT name] CHECK (expr) [NO INHERIT | [NOT] ENFORCED]
//	[CONSTRAINT name] EXCLUDE [USING m] (elem WITH op, ...) [WHERE (pred)]
//	{KEY|INDEX|FULLTEXT [KEY|INDEX]|SPATIAL [KEY|INDEX]} [name] [USING m] (cols)
func (p *parser) tableConstraint(a, e int) (Constraint, bool) {
	var c Constraint
	if !p.isConstraintStart(a, e) {
		return c, false
	}
	k := a
	if p.kw(k) == "constraint" {
		k++
		if p.isAnyName(k) && !p.isConstraintStart(k, e) {
			c.Name = p.norm(k)
			k++
		}
	}
	switch p.word(k) {
	case "primary":
		c.Kind = ConstraintPrimaryKey
		k += 2
	case "unique":
		c.Kind = ConstraintUnique
		k++
		if p.word(k) == "key" || p.word(k) == "index" {
			k++
		}
	case "foreign":
		c.Kind = ConstraintForeignKey
		k += 2
	case "check":
		c.Kind = ConstraintCheck
		if p.isOp(k+1, "(") {
			x, y, _ := p.inner(k+1, e)
			c.Check = p.text(x, y)
		} else {
			p.partial = true
		}
		return c, true
	case "exclude":
		c.Kind = ConstraintExclude
		k++
		if p.kw(k) == "using" {
			k += 2
		}
		if p.isOp(k, "(") {
			x, y, m := p.inner(k, e)
			c.Columns, c.Exprs = p.excludeElems(x, y)
			p.constraintWhere(m, e, &c)
		} else {
			p.partial = true
		}
		return c, true
	case "key", "index":
		c.Kind = ConstraintIndex
		k++
	case "fulltext", "spatial":
		c.Kind = ConstraintIndex
		k++
		if p.word(k) == "key" || p.word(k) == "index" {
			k++
		}
	default:
		p.partial = true // CONSTRAINT c and nothing known after it
		return c, false
	}
	if p.word(k) == "nulls" {
		k++
		if p.kw(k) == "not" {
			c.NullsNotDistinct = true
			k++
		}
		k++ // DISTINCT
	}
	if c.Kind != ConstraintIndex && p.kw(k) == "using" && p.word(k+1) == "index" && p.isAnyName(k+2) {
		c.UsingIndex = p.norm(k + 2)
		return c, true
	}
	_, k = p.ifNotExists(k) // MariaDB: ADD INDEX IF NOT EXISTS
	// MySQL's index name: UNIQUE KEY uk_email (email) names the constraint;
	// in KEY type TYPE btree (a), the first type is the name.
	if p.isAnyName(k) && !p.isOp(k, "(") && !(p.isMethod(k) && p.isOp(k+2, "(")) {
		c.Name = p.norm(k)
		k++
	}
	if p.isMethod(k) {
		k += 2
	}
	if !p.isOp(k, "(") {
		p.partial = true
		return c, true
	}
	x, y, m := p.inner(k, e)
	c.Columns, c.Exprs = p.indexElems(x, y)
	k = m
	if c.Kind == ConstraintForeignKey {
		if p.word(k) == "references" {
			c.References, c.RefColumns, _ = p.reference(k+1, e)
		} else {
			p.partial = true
		}
		return c, true
	}
	p.constraintWhere(k, e, &c)
	return c, true
}

// constraintWhere reads the predicate of a partial constraint, WHERE pred,
// after the options that may precede it, from k.
func (p *parser) constraintWhere(k, e int, c *Constraint) {
	for ; k < e; k = p.skip(k, e) {
		if p.kw(k) == "where" {
			c.Where = p.condsInto(nil, k+1, e, nil)
			c.WhereText = p.text(k+1, e)
			return
		}
	}
}

// excludeElems reads the elements of EXCLUDE (elem WITH op, ...): each
// one's column, or its expression's text, and which are expressions.
func (p *parser) excludeElems(k, j int) ([]string, []bool) {
	var out []string
	var exprs []bool
	for k < j {
		e := p.scan(k, j, stopComma)
		w := e
		for x := k; x < e; x = p.skip(x, e) {
			if p.kw(x) == "with" {
				w = x
				break
			}
		}
		if w > k {
			col, x := p.indexElem(k, w)
			out = append(out, col)
			exprs = append(exprs, x)
		}
		k = e + 1
	}
	return out, exprs
}

// reference reads the target of REFERENCES at k: t [(cols)] [MATCH x]
// [ON DELETE action] [ON UPDATE action], and returns the index after it.
func (p *parser) reference(k, e int) (TableRef, []string, int) {
	t, k := p.tableName(k, e)
	var cols []string
	if p.isOp(k, "(") {
		var a, b int
		a, b, k = p.inner(k, e)
		cols = p.nameList(a, b)
	}
	for k < e {
		switch {
		case p.is(k, "match"):
			k += 2
			continue
		case p.kw(k) == "on" && (p.kw(k+1) == "delete" || p.kw(k+1) == "update"):
			k += 2
			switch p.word(k) {
			case "no", "set":
				k += 2 // NO ACTION, SET NULL, SET DEFAULT
				if p.isOp(k, "(") {
					k = p.skip(k, e) // SET NULL (cols)
				}
			default:
				k++ // CASCADE, RESTRICT
			}
			continue
		}
		break
	}
	return t, cols, k
}

// indexElems reads the elements of an index or key column list: a column
// (with ASC/DESC, NULLS FIRST/LAST, COLLATE, an operator class, MySQL's
// prefix length), or an expression. It returns the columns, normalized, or
// the expressions' text, and which are expressions.
func (p *parser) indexElems(k, j int) ([]string, []bool) {
	var cols []string
	var exprs []bool
	for k < j {
		e := p.scan(k, j, stopComma)
		if e > k {
			c, x := p.indexElem(k, e)
			cols = append(cols, c)
			exprs = append(exprs, x)
		}
		k = e + 1
	}
	return cols, exprs
}

// indexElem reads one index element [a, e).
func (p *parser) indexElem(a, e int) (string, bool) {
	if p.isOp(a, "(") && !p.isSubquery(a) {
		// (lower(email)), ((a + b)), (col)
		m := p.skip(a, e)
		x, y := a+1, m-1
		for p.isOp(x, "(") && p.match[x] == y-1 && y-x > 2 {
			x, y = x+1, y-1
		}
		if y == x+1 && p.isAnyName(x) {
			return p.norm(x), false
		}
		if y == x+1 && p.kind(x) == tHole {
			p.partial = true
			return Hole, false
		}
		return p.text(x, y), true
	}
	if p.kind(a) == tHole {
		p.partial = true
		return Hole, false
	}
	if p.isAnyName(a) && !p.dotted(a+1, e) {
		k := a + 1
		if p.isOp(k, "(") {
			m := p.skip(k, e)
			if m != k+3 || p.kind(k+1) != tNumber {
				if p.elemTail(m, e) {
					return p.text(a, m), true // lower(email) [DESC]
				}
				return p.text(a, e), true
			}
			k = m // MySQL's prefix length: title(20)
		}
		if p.elemTail(k, e) {
			return p.norm(a), false
		}
	}
	// An expression: a function call, s.f(x), with what may follow a
	// column, or anything else as written.
	x := a
	for p.dotted(x+1, e) {
		x += 2
	}
	if p.isAnyName(a) && p.isOp(x+1, "(") {
		if m := p.skip(x+1, e); p.elemTail(m, e) {
			return p.text(a, m), true
		}
	}
	return p.text(a, e), true
}

// elemTail reports whether [k, e) holds only what may follow an index
// column: ASC, DESC, NULLS FIRST/LAST, COLLATE name, an operator class
// (possibly qualified, with parameters).
func (p *parser) elemTail(k, e int) bool {
	for k < e {
		switch {
		case p.kind(k) == tIdent || p.kind(k) == tQIdent:
			k++
		case p.isOp(k, ".") && p.isAnyName(k+1):
			k += 2
		case p.isOp(k, "(") && k > 0 && p.kind(k-1) != tOp:
			k = p.skip(k, e) // opclass parameters
		default:
			return false
		}
	}
	return true
}

// columnDef reads a column definition [a, e): name [type] [attributes].
func (p *parser) columnDef(a, e int) (ColumnDef, bool) {
	var c ColumnDef
	if !p.isAnyName(a) {
		if p.kind(a) == tHole {
			c.Name = Hole
		}
		p.partial = true
		return c, p.kind(a) == tHole
	}
	c.Name = p.norm(a)
	k := a + 1
	start := k
	for k < e && !p.columnStop(k) {
		k = p.skip(k, e)
	}
	c.Type = p.typeText(start, k)
	p.columnAttrs(k, e, &c)
	return c, true
}

// columnStop reports whether token k ends a column's type: it starts a
// column constraint or attribute.
func (p *parser) columnStop(k int) bool {
	switch p.kind(k) {
	case tIdent:
	case tOp:
		return p.isOp(k, ",")
	default:
		return false
	}
	switch p.word(k) {
	case "constraint", "not", "null", "primary", "unique", "default", "references", "check",
		"collate", "generated", "as", "auto_increment", "autoincrement", "comment", "charset",
		"visible", "invisible", "identity", "deferrable", "initially", "column_format", "storage",
		"compression", "srid", "on", "key", "encode", "first", "after", "auto_random",
		"secondary_engine_attribute", "engine_attribute":
		return true
	case "character", "char":
		return p.is(k+1, "set")
	case "serial":
		return p.kw(k+1) == "default" && p.kw(k+2) == "value" // MySQL's SERIAL DEFAULT VALUE
	}
	return false
}

// typeText renders tokens [i, j) as ColumnDef.Type documents: words
// lower-cased, each run of blanks or comments one space.
func (p *parser) typeText(i, j int) string {
	if i >= j {
		return ""
	}
	var b strings.Builder
	for k := i; k < j; k++ {
		t := &p.toks[k]
		if k > i && t.start > p.toks[k-1].end {
			b.WriteByte(' ')
		}
		s := p.src[t.start:t.end]
		if t.kind == tIdent {
			s = lower(s)
		}
		b.WriteString(s)
	}
	return b.String()
}

// columnAttrs reads the constraints and attributes of a column from k.
func (p *parser) columnAttrs(k, e int, c *ColumnDef) {
	named := "" // the name of CONSTRAINT name, for the constraint after it
	for k < e {
		name := named
		named = ""
		switch w := p.word(k); w {
		case "constraint":
			k++
			if p.isAnyName(k) && !p.columnStop(k) {
				named = p.norm(k) // the constraint's name
				k++
			}
		case "not":
			if p.kw(k+1) == "null" {
				c.NotNull = true
			}
			k += 2 // NOT NULL, NOT DEFERRABLE
		case "null":
			k++
		case "primary":
			if p.kw(k+1) == "key" {
				c.PrimaryKey = true
				c.PrimaryKeyName = name
				k++
			}
			k++
		case "key":
			c.PrimaryKey = true // MySQL: a bare KEY is PRIMARY KEY
			k++
		case "unique":
			c.Unique = true
			c.UniqueName = name
			k++
			if p.kw(k) == "key" {
				k++
			}
		case "default":
			s := k + 1
			k = p.defaultEnd(s, e)
			c.Default = p.text(s, k)
		case "references":
			c.References, c.RefColumns, k = p.reference(k+1, e)
		case "check":
			k++
			if p.isOp(k, "(") {
				m := p.skip(k, e)
				c.Check = p.text(k+1, m-1)
				k = m
			}
		case "generated":
			// GENERATED ALWAYS AS (expr) | GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY [(opts)]
			k++
			for k < e && p.kw(k) != "as" {
				k++
			}
			k++
			switch {
			case p.is(k, "identity"):
				c.Identity = true
				k++
				if p.isOp(k, "(") {
					k = p.skip(k, e)
				}
			case p.isOp(k, "("):
				m := p.skip(k, e)
				c.Generated = p.text(k+1, m-1)
				k = m
			}
		case "as":
			if p.isOp(k+1, "(") { // MySQL: [GENERATED ALWAYS] AS (expr)
				m := p.skip(k+1, e)
				c.Generated = p.text(k+2, m-1)
				k = m
			} else {
				k++
			}
		case "auto_increment", "autoincrement":
			c.Identity = true
			k++
		case "identity":
			c.Identity = true // SQL Server's IDENTITY(1, 1)
			k++
			if p.isOp(k, "(") {
				k = p.skip(k, e)
			}
		case "collate":
			k++
			if p.isAnyName(k) {
				var ref TableRef
				ref, k = p.qualifiedName(k, e)
				c.Collate = ref.Name
			}
		case "on":
			// MySQL's ON UPDATE CURRENT_TIMESTAMP[(n)], SQLite's ON CONFLICT x
			k += 2
			if k < e {
				k = p.skip(k, e)
				if p.isOp(k, "(") {
					k = p.skip(k, e)
				}
			}
		case "comment", "charset", "column_format", "storage", "compression", "srid", "encode", "after":
			k += 2
			if p.isOp(k-1, "=") {
				k++
			}
		case "character", "char":
			k += 3 // CHARACTER SET x
		case "serial":
			if p.kw(k+1) == "default" && p.kw(k+2) == "value" {
				// MySQL: NOT NULL AUTO_INCREMENT UNIQUE
				c.NotNull, c.Identity, c.Unique = true, true, true
				k += 3
				continue
			}
			k++
		default:
			k = p.skip(k, e)
		}
	}
}

// defaultEnd returns the end of a DEFAULT expression that starts at k: the
// first token or group, and what follows up to the next column attribute.
func (p *parser) defaultEnd(k, e int) int {
	if k >= e {
		p.partial = true
		return e
	}
	k = p.skip(k, e)
	for k < e && !p.defaultStop(k) {
		k = p.skip(k, e)
	}
	return k
}

// defaultStop reports whether token k ends a DEFAULT expression.
func (p *parser) defaultStop(k int) bool {
	if p.kind(k) != tIdent {
		return false
	}
	switch p.word(k) {
	case "constraint", "not", "null", "primary", "unique", "references", "check", "collate",
		"generated", "auto_increment", "autoincrement", "comment", "charset", "visible",
		"invisible", "identity", "deferrable", "initially", "on", "key", "column_format",
		"storage", "first", "after", "default":
		return true
	case "character":
		return p.kw(k+1) == "set"
	}
	return false
}

// createIndex reads the rest of CREATE INDEX after INDEX:
//
//	[CONCURRENTLY] [IF NOT EXISTS] [name] [USING m] ON [ONLY] t [*] [USING m] (elems)
//	[INCLUDE (cols)] [NULLS [NOT] DISTINCT] [WITH (...)] [TABLESPACE x] [WHERE pred]
func (p *parser) createIndex(k, j int, unique bool, method string) *DDL {
	x := &IndexDef{Unique: unique, Method: method}
	d := &DDL{Op: DDLCreateIndex, Index: x}
	if p.is(k, "concurrently") {
		k++
	}
	d.IfNotExists, k = p.ifNotExists(k)
	if p.kw(k) != "on" {
		var ref TableRef
		ref, k = p.tableName(k, j)
		x.Name = ref.Name
	}
	if p.isMethod(k) {
		x.Method = lower(p.norm(k + 1))
		k += 2
	}
	if p.kw(k) != "on" {
		p.partial = true
		return d
	}
	k++
	if p.kw(k) == "only" {
		k++
	}
	d.Table, k = p.tableName(k, j)
	if p.isOp(k, "*") {
		k++
	}
	if p.kw(k) == "using" {
		x.Method = lower(p.norm(k + 1))
		k += 2
	}
	if !p.isOp(k, "(") {
		p.partial = true
		return d
	}
	a, b, m := p.inner(k, j)
	x.Columns, x.Exprs = p.indexElems(a, b)
	k = m
	for k < j {
		switch p.word(k) {
		case "include":
			if p.isOp(k+1, "(") {
				m := p.skip(k+1, j)
				x.Include = p.nameList(k+2, m-1)
				k = m
				continue
			}
		case "nulls":
			if p.kw(k+1) == "not" {
				x.NullsNotDistinct = true
				k++
			}
			k += 2
			continue
		case "using", "type":
			if p.isMethod(k) {
				x.Method = lower(p.norm(k + 1))
				k += 2
				continue
			}
		case "where":
			x.Where = p.condsInto(nil, k+1, j, nil)
			x.WhereText = p.text(k+1, j)
			return d
		}
		k = p.skip(k, j)
	}
	return d
}

// alterDDL reads ALTER [ONLINE|IGNORE] TABLE ... and ALTER INDEX ... RENAME
// TO ...; k is after ALTER.
func (p *parser) alterDDL(k, j int) *DDL {
	for p.word(k) == "online" || p.word(k) == "offline" || p.kw(k) == "ignore" {
		k++
	}
	switch p.word(k) {
	case "table":
		if p.kw(k+1) == "all" && p.kw(k+2) == "in" {
			return nil // ALTER TABLE ALL IN TABLESPACE moves tables
		}
		return p.alterTable(k+1, j)
	case "index":
		// ALTER INDEX [IF EXISTS] i RENAME TO j
		d := &DDL{Op: DDLRenameIndex}
		d.IfExists, k = p.ifExists(k + 1)
		var ref TableRef
		ref, k = p.tableName(k, j)
		if p.kw(k) != "rename" || p.kw(k+1) != "to" {
			return nil
		}
		d.Indexes = []string{ref.Name}
		d.NewName, _ = p.tableName(k+2, j)
		return d
	}
	return nil
}

// alterTable reads the rest of ALTER TABLE after TABLE: [IF EXISTS] [ONLY]
// t [*] action [, action]...
func (p *parser) alterTable(k, j int) *DDL {
	d := &DDL{Op: DDLAlterTable}
	d.IfExists, k = p.ifExists(k)
	if p.kw(k) == "only" {
		k++
	}
	d.Table, k = p.tableName(k, j)
	if p.isOp(k, "*") {
		k++
	}
	for k < j {
		e := p.scan(k, j, stopComma)
		if e > k {
			d.Actions = p.alterAction(d.Actions, k, e, d)
		}
		k = e + 1
	}
	if len(d.Actions) == 1 && d.Actions[0].Kind == AlterRenameTable {
		d.Op = DDLRenameTable
		d.Actions = nil
		d.Renames = []TableRename{{From: d.Table, To: d.NewName}}
	}
	return d
}

// alterAction appends the actions of [a, e), one ALTER TABLE action (MySQL's
// ADD (c1 t1, c2 t2) makes several).
func (p *parser) alterAction(out []AlterAction, a, e int, d *DDL) []AlterAction {
	act := AlterAction{Kind: AlterOther}
	k := a + 1
	switch p.word(a) {
	case "add":
		if p.isConstraintStart(k, e) {
			c, ok := p.tableConstraint(k, e)
			if ok {
				act.Kind = AlterAddConstraint
				act.Constraint = c
			}
			break
		}
		switch p.word(k) {
		case "partition", "period":
			return append(out, act)
		case "column":
			k++
		}
		act.IfNotExists, k = p.ifNotExists(k)
		if p.isOp(k, "(") {
			// MySQL: ADD [COLUMN] (c1 t1, c2 t2)
			x, end, _ := p.inner(k, e)
			for x < end {
				y := p.scan(x, end, stopComma)
				switch {
				case y == x:
				case p.isConstraintStart(x, y):
					if c, ok := p.tableConstraint(x, y); ok {
						out = append(out, AlterAction{Kind: AlterAddConstraint, Constraint: c})
					}
				default:
					if c, ok := p.columnDef(x, y); ok {
						out = append(out, AlterAction{Kind: AlterAddColumn, Column: c, IfNotExists: act.IfNotExists})
					}
				}
				x = y + 1
			}
			return out
		}
		c, ok := p.columnDef(k, e)
		if !ok {
			return out // ADD and nothing known after it
		}
		act.Kind = AlterAddColumn
		act.Column = c
	case "drop":
		switch w := p.word(k); {
		case w == "constraint" || w == "check" && p.isAnyName(k+1) && k+2 >= e:
			act.Kind = AlterDropConstraint
			act.IfExists, k = p.ifExists(k + 1)
			act.Name = p.norm(k)
		case (w == "index" || w == "key") && p.isAnyName(k+1):
			act.Kind = AlterDropConstraint
			act.IfExists, k = p.ifExists(k + 1)
			act.Name = p.norm(k)
		case w == "primary" && p.kw(k+1) == "key":
			act.Kind = AlterDropConstraint
			act.Name = "PRIMARY"
		case w == "foreign" && p.kw(k+1) == "key":
			act.Kind = AlterDropConstraint
			act.IfExists, k = p.ifExists(k + 2)
			act.Name = p.norm(k)
		case w == "partition" || w == "period" || w == "default" || w == "system":
		default:
			if w == "column" {
				k++
			}
			act.IfExists, k = p.ifExists(k)
			if p.isAnyName(k) {
				act.Kind = AlterDropColumn
				act.Name = p.norm(k)
			}
		}
	case "rename":
		if p.isOp(k, "=") {
			k++ // TiDB: RENAME = u
		}
		switch w := p.word(k); {
		case w == "to" || w == "as":
			act.Kind = AlterRenameTable
			d.NewName, _ = p.tableName(k+1, e)
			act.NewName = d.NewName.Name
		case w == "constraint" || w == "index" || w == "key":
			act.Kind = AlterRenameConstraint
			act.Name = p.norm(k + 1)
			if p.kw(k+2) == "to" {
				act.NewName = p.norm(k + 3)
			}
		default:
			if w == "column" {
				k++
			}
			if p.isAnyName(k) && p.kw(k+1) == "to" && p.isAnyName(k+2) {
				act.Kind = AlterRenameColumn
				act.Name, act.NewName = p.norm(k), p.norm(k+2)
			} else if p.isAnyName(k) && (k+1 >= e || p.dotted(k+1, e)) {
				// MySQL: RENAME new_name
				act.Kind = AlterRenameTable
				d.NewName, _ = p.tableName(k, e)
				act.NewName = d.NewName.Name
			}
		}
	case "alter":
		switch p.word(k) {
		case "constraint", "check":
			return append(out, act) // PostgreSQL's ALTER CONSTRAINT c DEFERRABLE, MySQL's ALTER CHECK c ENFORCED
		case "index":
			if w := p.word(k + 2); w == "visible" || w == "invisible" {
				return append(out, act) // MySQL's ALTER INDEX i INVISIBLE
			}
		}
		if p.word(k) == "column" {
			k++
		}
		if !p.isAnyName(k) {
			break
		}
		act.Kind = AlterAlterColumn
		act.Column.Name = p.norm(k)
		p.alterColumn(k+1, e, &act)
	case "modify":
		if p.word(k) == "column" {
			k++
		}
		act.IfExists, k = p.ifExists(k) // MariaDB
		act.Kind = AlterAlterColumn
		act.Redefine = true
		act.Column, _ = p.columnDef(k, e)
	case "change":
		if p.word(k) == "column" {
			k++
		}
		act.IfExists, k = p.ifExists(k) // MariaDB
		if !p.isAnyName(k) {
			break
		}
		act.Kind = AlterAlterColumn
		act.Redefine = true
		old := p.norm(k)
		act.Column, _ = p.columnDef(k+1, e)
		if act.Column.Name != old {
			act.Kind = AlterRenameColumn
			act.Name, act.NewName = old, act.Column.Name
		}
	}
	return append(out, act)
}

// alterColumn reads what ALTER [COLUMN] c changes, from k.
func (p *parser) alterColumn(k, e int, act *AlterAction) {
	switch w := p.word(k); {
	case w == "set" && p.kw(k+1) == "not" && p.kw(k+2) == "null":
		act.Column.NotNull = true
	case w == "drop" && p.kw(k+1) == "not" && p.kw(k+2) == "null":
		act.DropNotNull = true
	case w == "set" && p.kw(k+1) == "default":
		end := p.defaultEnd(k+2, e)
		act.Column.Default = p.text(k+2, end)
	case w == "drop" && p.kw(k+1) == "default":
		act.DropDefault = true
	case w == "type" || w == "set" && p.is(k+1, "data") && p.is(k+2, "type"):
		if w == "set" {
			k += 2
		}
		k++
		start := k
		for k < e && p.kw(k) != "using" && p.kw(k) != "collate" {
			k = p.skip(k, e)
		}
		act.Column.Type = p.typeText(start, k)
	case w == "add" && p.is(k+1, "generated"):
		act.Column.Identity = true
	}
}

// dropDDL reads DROP [TEMPORARY] TABLE ... and DROP INDEX ...; k is after
// DROP.
func (p *parser) dropDDL(k, j int) *DDL {
	if p.word(k) == "global" {
		k++
	}
	if p.word(k) == "temporary" {
		k++
	}
	switch p.word(k) {
	case "table", "tables":
		d := &DDL{Op: DDLDropTable}
		d.IfExists, k = p.ifExists(k + 1)
		for k < j {
			var ref TableRef
			ref, k = p.tableName(k, j)
			d.Tables = append(d.Tables, ref)
			if !p.isOp(k, ",") {
				break
			}
			k++
		}
		if len(d.Tables) > 0 {
			d.Table = d.Tables[0]
		} else {
			p.partial = true
		}
		return d
	case "index":
		d := &DDL{Op: DDLDropIndex}
		k++
		if p.is(k, "concurrently") {
			k++
		}
		d.IfExists, k = p.ifExists(k)
		for k < j {
			var ref TableRef
			ref, k = p.tableName(k, j)
			d.Indexes = append(d.Indexes, ref.Name)
			if !p.isOp(k, ",") {
				break
			}
			k++
		}
		if p.kw(k) == "on" {
			d.Table, _ = p.tableName(k+1, j) // MySQL
		}
		if d.Indexes == nil {
			p.partial = true
		}
		return d
	}
	return nil
}

// renameDDL reads MySQL's RENAME TABLE a TO b [, c TO d]; k is after RENAME.
func (p *parser) renameDDL(k, j int) *DDL {
	if p.word(k) != "table" && p.word(k) != "tables" {
		return nil
	}
	d := &DDL{Op: DDLRenameTable}
	k++
	for k < j {
		var r TableRename
		r.From, k = p.tableName(k, j)
		if p.kw(k) != "to" {
			p.partial = true
			break
		}
		r.To, k = p.tableName(k+1, j)
		d.Renames = append(d.Renames, r)
		if !p.isOp(k, ",") {
			break
		}
		k++
	}
	if len(d.Renames) > 0 {
		d.Table, d.NewName = d.Renames[0].From, d.Renames[0].To
	}
	return d
}

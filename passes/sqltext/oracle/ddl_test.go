package oracle

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/idemvet/idemvet/passes/sqltext"
)

// DDL fields, in report order. Every statement gets ddl_op ("none" for a
// statement that is not a DDL statement the schema catalog reads); the
// others are set for the statements that are.
const (
	fDDLOp      = "ddl_op"
	fDDLTable   = "ddl_table"
	fDDLNew     = "ddl_new"
	fDDLFlags   = "ddl_flags"
	fDDLCols    = "ddl_cols"
	fDDLAttrs   = "ddl_colattrs"
	fDDLTypes   = "ddl_types"
	fDDLCons    = "ddl_cons"
	fDDLActions = "ddl_actions"
	fDDLIndex   = "ddl_index"
	fDDLWhere   = "ddl_index_where"
	fDDLIndexes = "ddl_indexes"
	fDDLLike    = "ddl_like"
	// fDDLPartial is whether the scanner marked the DDL partial; the real
	// parsers accepted the statement, so it must not be.
	fDDLPartial = "ddl_partial"
)

var ddlFields = []string{fDDLOp, fDDLTable, fDDLNew, fDDLFlags, fDDLCols, fDDLAttrs, fDDLTypes,
	fDDLCons, fDDLActions, fDDLIndex, fDDLWhere, fDDLIndexes, fDDLLike, fDDLPartial}

// ddlSum is a DDL summary in the terms all three sides can derive: the
// scanner from sqltext.DDL, the oracles from their parse trees.
type ddlSum struct {
	op          string // sqltext.DDLOp's String, "none" when not read
	tables      []string
	newNames    []string
	flags       []string // ine, ie, temp
	cols        []colSum
	cons        []string // rendered by renderCons
	actions     []string
	index       string // rendered by renderIndex
	where       []string
	indexes     []string
	like        string
	likeIndexes bool
	asSelect    bool
	partial     bool
}

type colSum struct {
	name, typ string
	attrs     []string // nn, pk, uq, def, ident, gen, check, ref=t, collate=c
}

// render writes the summary's fields into s.
func (d ddlSum) render(s summary) {
	s[fDDLOp] = d.op
	if d.op == "none" {
		return
	}
	s[fDDLTable] = strings.Join(d.tables, ",")
	s[fDDLNew] = strings.Join(d.newNames, ",")
	flags := slices.Clone(d.flags)
	slices.Sort(flags)
	s[fDDLFlags] = strings.Join(flags, ",")
	var names, attrs, types []string
	for _, c := range d.cols {
		names = append(names, c.name)
		a := slices.Clone(c.attrs)
		slices.Sort(a)
		attrs = append(attrs, c.name+"{"+strings.Join(slices.Compact(a), ",")+"}")
		types = append(types, c.name+":"+c.typ)
	}
	s[fDDLCols] = strings.Join(names, ",")
	s[fDDLAttrs] = strings.Join(attrs, " ")
	s[fDDLTypes] = strings.Join(types, " ")
	s[fDDLCons] = strings.Join(d.cons, "; ")
	// "other" actions (OWNER TO, ENGINE=, partitioning ...) change nothing
	// the catalog keeps, and the parsers count them differently (TiDB
	// makes two of "COMMENT 'x' PARTITION BY ..."): they are left out.
	var actions []string
	for _, a := range d.actions {
		if a != "other" {
			actions = append(actions, a)
		}
	}
	s[fDDLActions] = strings.Join(actions, "; ")
	s[fDDLIndex] = d.index
	s[fDDLWhere] = strings.Join(d.where, "; ")
	s[fDDLIndexes] = strings.Join(d.indexes, ",")
	like := d.like
	if d.likeIndexes {
		like += " likeidx"
	}
	if d.asSelect {
		like += " asselect"
	}
	s[fDDLLike] = like
	s[fDDLPartial] = strconv.FormatBool(d.partial)
}

// elem renders a key or index element: the column, or "(expr)".
func elem(name string, expr bool, d dialect) string {
	if expr {
		return "(expr)"
	}
	return colName(name, d)
}

func renderCons(kind, name string, cols []string, nnd bool, ref string, refCols []string, usingIndex string, where []string) string {
	s := kind
	if name != "" {
		s += ":" + name
	}
	if kind != "check" {
		s += "(" + strings.Join(cols, ",") + ")"
	}
	if nnd {
		s += " nnd"
	}
	if ref != "" {
		s += "->" + ref + "(" + strings.Join(refCols, ",") + ")"
	}
	if usingIndex != "" {
		s += " using-index=" + usingIndex
	}
	if len(where) > 0 {
		s += " where[" + strings.Join(where, "; ") + "]"
	}
	return s
}

func renderIndex(name string, unique bool, method string, cols, include []string, nnd bool) string {
	s := name
	if s == "" {
		s = "_"
	}
	if unique {
		s += " unique"
	}
	if method != "" {
		s += " using=" + method
	}
	s += " (" + strings.Join(cols, ",") + ")"
	if len(include) > 0 {
		s += " include(" + strings.Join(include, ",") + ")"
	}
	if nnd {
		s += " nnd"
	}
	return s
}

func renderAttrs(a []string) string {
	a = slices.Clone(a)
	slices.Sort(a)
	a = slices.Compact(a)
	if len(a) == 0 {
		return ""
	}
	return "{" + strings.Join(a, ",") + "}"
}

// scannerDDL derives the DDL summary of the scanner's result.
func scannerDDL(st *sqltext.Stmt, d dialect) ddlSum {
	x := st.DDL
	if x == nil {
		return ddlSum{op: "none"}
	}
	out := ddlSum{op: x.Op.String()}
	tref := func(t sqltext.TableRef) string { return tableName(t.Schema, t.Name, d) }
	switch x.Op {
	case sqltext.DDLDropTable:
		for _, t := range x.Tables {
			out.tables = append(out.tables, tref(t))
		}
	case sqltext.DDLRenameTable:
		for _, r := range x.Renames {
			out.tables = append(out.tables, tref(r.From))
			out.newNames = append(out.newNames, tref(r.To))
		}
	case sqltext.DDLRenameIndex:
		out.newNames = []string{colName(x.NewName.Name, d)}
	default:
		if x.Table != (sqltext.TableRef{}) {
			out.tables = []string{tref(x.Table)}
		}
		if x.NewName != (sqltext.TableRef{}) {
			out.newNames = []string{tref(x.NewName)}
		}
	}
	if x.IfNotExists {
		out.flags = append(out.flags, "ine")
	}
	if x.IfExists {
		out.flags = append(out.flags, "ie")
	}
	if x.Temporary {
		out.flags = append(out.flags, "temp")
	}
	for _, c := range x.Columns {
		out.cols = append(out.cols, colSum{name: colName(c.Name, d), typ: scannerType(c.Type, d), attrs: scannerAttrs(c, d)})
	}
	for _, c := range x.Constraints {
		out.cons = append(out.cons, scannerCons(c, d))
	}
	for _, a := range x.Actions {
		out.actions = append(out.actions, scannerAction(a, d))
	}
	if ix := x.Index; ix != nil {
		var cols []string
		for i, c := range ix.Columns {
			cols = append(cols, elem(c, i < len(ix.Exprs) && ix.Exprs[i], d))
		}
		method := ix.Method
		if method == "" && d == postgres {
			method = "btree" // pg_query fills in the default
		}
		out.index = renderIndex(colName(ix.Name, d), ix.Unique, method, cols, names(ix.Include, d), ix.NullsNotDistinct)
		for _, c := range ix.Where {
			out.where = append(out.where, cond(c.Column, c.Op, d))
		}
	}
	for _, i := range x.Indexes {
		out.indexes = append(out.indexes, colName(i, d))
	}
	if x.Like != (sqltext.TableRef{}) {
		out.like = tref(x.Like)
	}
	out.likeIndexes, out.asSelect = x.LikeIndexes, x.AsSelect
	out.partial = st.Partial
	return out
}

func names(ns []string, d dialect) []string {
	var out []string
	for _, n := range ns {
		out = append(out, colName(n, d))
	}
	return out
}

// named renders a column constraint with its name, for PostgreSQL: MySQL
// names no column constraint but CHECK.
func named(attr, name string, d dialect) string {
	if name == "" || d == mysql {
		return attr
	}
	return attr + "=" + name
}

func scannerAttrs(c sqltext.ColumnDef, d dialect) []string {
	var a []string
	if c.NotNull {
		a = append(a, "nn")
	}
	if c.PrimaryKey {
		a = append(a, named("pk", c.PrimaryKeyName, d))
	}
	if c.Unique {
		a = append(a, named("uq", c.UniqueName, d))
	}
	if c.Default != "" {
		a = append(a, "def")
	}
	if c.Identity {
		a = append(a, "ident")
	}
	if c.Generated != "" {
		a = append(a, "gen")
	}
	if c.Check != "" {
		a = append(a, "check")
	}
	if c.References != (sqltext.TableRef{}) {
		a = append(a, "ref="+tableName(c.References.Schema, c.References.Name, d))
	}
	if c.Collate != "" {
		a = append(a, "collate="+strings.ToLower(c.Collate))
	}
	return a
}

var constraintKinds = map[sqltext.ConstraintKind]string{
	sqltext.ConstraintPrimaryKey: "primary key", sqltext.ConstraintUnique: "unique",
	sqltext.ConstraintForeignKey: "foreign key", sqltext.ConstraintCheck: "check",
	sqltext.ConstraintExclude: "exclude", sqltext.ConstraintIndex: "index",
}

func scannerCons(c sqltext.Constraint, d dialect) string {
	var cols, where []string
	for i, k := range c.Columns {
		cols = append(cols, elem(k, i < len(c.Exprs) && c.Exprs[i], d))
	}
	for _, w := range c.Where {
		where = append(where, cond(w.Column, w.Op, d))
	}
	ref := ""
	if c.References != (sqltext.TableRef{}) {
		ref = tableName(c.References.Schema, c.References.Name, d)
	}
	return renderCons(constraintKinds[c.Kind], colName(c.Name, d), cols, c.NullsNotDistinct, ref,
		names(c.RefColumns, d), colName(c.UsingIndex, d), where)
}

func scannerAction(a sqltext.AlterAction, d dialect) string {
	s := ""
	switch a.Kind {
	case sqltext.AlterAddColumn:
		s = "add column " + colName(a.Column.Name, d) + renderAttrs(scannerAttrs(a.Column, d))
	case sqltext.AlterDropColumn:
		s = "drop column " + colName(a.Name, d)
	case sqltext.AlterRenameColumn:
		s = "rename column " + colName(a.Name, d) + "->" + colName(a.NewName, d)
	case sqltext.AlterAddConstraint:
		s = "add constraint " + scannerCons(a.Constraint, d)
	case sqltext.AlterDropConstraint:
		s = "drop constraint " + colName(a.Name, d)
	case sqltext.AlterAlterColumn:
		var what []string
		switch {
		case a.Redefine:
			what = []string{"redefine"}
		default:
			if a.Column.NotNull {
				what = append(what, "nn")
			}
			if a.DropNotNull {
				what = append(what, "drop-nn")
			}
			if a.Column.Default != "" {
				what = append(what, "def")
			}
			if a.DropDefault {
				what = append(what, "drop-def")
			}
			if a.Column.Type != "" {
				what = append(what, "type")
			}
			if a.Column.Identity {
				what = append(what, "ident")
			}
		}
		s = "alter column " + colName(a.Column.Name, d) + renderAttrs(what)
	case sqltext.AlterRenameConstraint:
		s = "rename constraint " + colName(a.Name, d) + "->" + colName(a.NewName, d)
	case sqltext.AlterRenameTable:
		s = "rename table ->" + colName(a.NewName, d)
	default:
		return "other"
	}
	if a.IfExists {
		s += " ie"
	}
	if a.IfNotExists {
		s += " ine"
	}
	return s
}

var (
	typeParens = regexp.MustCompile(`\([^()]*\)`)
	typeArray  = regexp.MustCompile(`(\s*\[[^\]]*\]|\s+array(\s*\[[^\]]*\])?)$`)
	bothNames  = regexp.MustCompile("constraint [^ ]+ unique (key|index) [^ (]+ ?\\(")
	floatPrec  = regexp.MustCompile(`^float\s*\(\s*(\d+)\s*\)`)
)

// pgTypeAliases maps PostgreSQL's type spellings to the names its parser
// gives them.
var pgTypeAliases = map[string]string{
	"int": "int4", "integer": "int4", "smallint": "int2", "bigint": "int8", "real": "float4",
	"double precision": "float8", "float": "float8", "boolean": "bool", "decimal": "numeric",
	"dec": "numeric", "character varying": "varchar", "char varying": "varchar",
	"national character varying": "varchar", "national char varying": "varchar", "nchar varying": "varchar",
	"character": "bpchar", "char": "bpchar", "nchar": "bpchar", "national character": "bpchar",
	"national char": "bpchar", "timestamp without time zone": "timestamp",
	"timestamp with time zone": "timestamptz", "time without time zone": "time",
	"time with time zone": "timetz", "bit varying": "varbit",
}

// myTypeAliases maps MySQL's type spellings to TiDB's type names.
var myTypeAliases = map[string]string{
	"integer": "int", "int4": "int", "int3": "mediumint", "middleint": "mediumint", "int1": "tinyint",
	"bool": "tinyint", "boolean": "tinyint", "int2": "smallint", "int8": "bigint", "serial": "bigint",
	"dec": "decimal", "numeric": "decimal", "fixed": "decimal", "float4": "float", "real": "double",
	"double precision": "double", "float8": "double", "character": "char", "nchar": "char",
	"national char": "char", "national character": "char", "character varying": "varchar",
	"char varying": "varchar", "nvarchar": "varchar", "national varchar": "varchar",
	"varcharacter": "varchar", "national character varying": "varchar", "national char varying": "varchar",
	"nchar varchar": "varchar", "nchar varcharacter": "varchar", "national varcharacter": "varchar",
	"nchar varying": "varchar", "long": "mediumtext", "long varchar": "mediumtext",
	"long varcharacter": "mediumtext", "long char varying": "mediumtext",
	"long character varying": "mediumtext", "long varbinary": "mediumblob", "sql_tsi_year": "year",
	"point": "geometry", "linestring": "geometry", "polygon": "geometry", "multipoint": "geometry",
	"multilinestring": "geometry", "multipolygon": "geometry", "geometrycollection": "geometry",
}

// myBinary maps a character type to its name under the binary charset.
var myBinary = map[string]string{"text": "blob", "tinytext": "tinyblob", "mediumtext": "mediumblob",
	"longtext": "longblob", "char": "binary", "varchar": "varbinary"}

var myNumeric = map[string]bool{"tinyint": true, "smallint": true, "mediumint": true, "int": true,
	"bigint": true, "decimal": true, "float": true, "double": true}

// scannerType canonicalizes ColumnDef.Type as the dialect's parser names
// the type.
func scannerType(t string, d dialect) string {
	t = strings.TrimSpace(t)
	if t == "" {
		return ""
	}
	if d == postgres {
		dims := 0
		for {
			m := typeArray.FindStringIndex(t)
			if m == nil {
				break
			}
			dims++
			t = strings.TrimSpace(t[:m[0]])
		}
		if strings.HasPrefix(t, `"`) || strings.Contains(t, `."`) {
			return strings.ReplaceAll(strings.TrimPrefix(t, "pg_catalog."), `"`, "") + strings.Repeat("[]", dims)
		}
		if p, ok := floatPrecision(t); ok {
			if p <= 24 {
				return "float4" + strings.Repeat("[]", dims)
			}
			return "float8" + strings.Repeat("[]", dims)
		}
		t = strings.Join(strings.Fields(typeParens.ReplaceAllString(t, " ")), " ")
		t = strings.TrimPrefix(t, "pg_catalog.")
		if strings.HasPrefix(t, "interval") {
			t = "interval"
		}
		if a, ok := pgTypeAliases[t]; ok {
			t = a
		}
		return t + strings.Repeat("[]", dims)
	}
	return myScannerType(t)
}

// myScannerType canonicalizes a MySQL column type as TiDB names it.
func myScannerType(t string) string {
	lt := strings.ToLower(t)
	unsigned, binary := false, false
	var words []string
	for i, w := range strings.Fields(typeParens.ReplaceAllString(lt, " ")) {
		if i > 0 {
			switch w {
			case "unsigned", "zerofill":
				unsigned = true
				continue
			case "byte":
				binary = true // TEXT BYTE: the binary charset
				continue
			case "signed", "binary", "ascii", "unicode":
				continue // VARCHAR(10) BINARY is a binary collation, not the binary charset
			}
		}
		words = append(words, w)
	}
	base := strings.Join(words, " ")
	if p, ok := floatPrecision(lt); ok && p > 24 {
		base = "double"
	}
	if a, ok := myTypeAliases[base]; ok {
		base = a
	}
	if b, ok := myBinary[base]; ok && binary {
		base = b
	}
	if len(words) > 0 && words[0] == "serial" {
		unsigned = true
	}
	if unsigned && myNumeric[base] {
		base += " unsigned"
	}
	return base
}

// floatPrecision reads the precision of float(p).
func floatPrecision(t string) (int, bool) {
	m := floatPrec.FindStringSubmatch(t)
	if m == nil {
		return 0, false
	}
	p, err := strconv.Atoi(m[1])
	return p, err == nil
}

// ddlExclusions adds the DDL fields of a statement that the scanner cannot
// know as the real parser does, with the reason.
func ddlExclusions(ex map[string]string, st *sqltext.Stmt, words []string, d dialect) {
	all := func(why string, fields ...string) {
		if len(fields) == 0 {
			fields = ddlFields
		}
		for _, f := range fields {
			ex[f] = why
		}
	}
	text := strings.Join(words, " ")
	if d != mysql {
		return
	}
	switch {
	case len(words) > 2 && words[0] == "create" && (words[1] == "vector" || words[1] == "columnar"),
		strings.Contains(text, "vector index") || strings.Contains(text, "columnar index"),
		strings.Contains(text, " vector<"):
		all("TiDB's VECTOR and COLUMNAR indexes and types")
	case strings.Contains(text, "masking policy"):
		all("TiDB's masking policies", fDDLActions)
	}
	if bothNames.MatchString(text) {
		all("TiDB names CONSTRAINT c UNIQUE KEY k (...) after c; MySQL, and the scanner, after k", fDDLCons, fDDLActions)
	}
	if x := st.DDL; x != nil {
		for _, c := range x.Columns {
			if f := strings.Fields(c.Type); len(f) > 0 && f[0] == "serial" {
				all("MySQL's SERIAL type implies NOT NULL AUTO_INCREMENT UNIQUE; the scanner reports the type, as for PostgreSQL's serial, which implies no UNIQUE", fDDLAttrs)
			}
		}
		if x.Like != (sqltext.TableRef{}) && !x.LikeIndexes && !x.AsSelect {
			all("MySQL's CREATE TABLE t (LIKE u) copies u's indexes, PostgreSQL's only with INCLUDING INDEXES; the scanner reads it as PostgreSQL does", fDDLLike)
		}
	}
}

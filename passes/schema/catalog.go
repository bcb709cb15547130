package schema

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/idemvet/idemvet/internal/lazyregexp"
	"github.com/idemvet/idemvet/passes/sqltext"
)

// Catalog is what the database guarantees: tables, their columns, primary
// keys, unique constraints and unique indexes (partial ones with their
// predicate), and version columns. The zero value is an empty catalog.
type Catalog struct {
	tables map[string]*Table
	// Files lists the files the catalog was read from, in order.
	Files []string
	// Warnings lists the problems met while reading them.
	Warnings []Warning
	// lazy, when set, loads the catalog on first use: most packages never
	// ask (go vet runs a process per package, and discovery reads the
	// module's files).
	lazy *lazy
	// root is the module root discovered files must lie in.
	root string
	// source names the schema source a part of a discovered catalog was
	// read from (merge).
	source string
	// named holds, by table, the constraint names the schema ever gave
	// one of its constraints (lower case), dropped or not.
	named map[string]map[string]bool
}

// noteName records a constraint name given on table.
func (c *Catalog) noteName(table, name string) {
	if name == "" {
		return
	}
	k := key(table)
	if c.named == nil {
		c.named = map[string]map[string]bool{}
	}
	if c.named[k] == nil {
		c.named[k] = map[string]bool{}
	}
	c.named[k][strings.ToLower(name)] = true
}

// OnceNamed reports whether the schema gave a constraint of the table
// this name at some point, though the table read at the end has no such
// constraint: a migration dropped and re-added it in a way the reader did
// not follow, or another dialect's definition of the table (dendrite
// keeps PostgreSQL and SQLite tables of the same names in one module)
// replaced it. The name is no typo, and a claim that the database
// rejects it would rest on the reader's order of files.
func (c *Catalog) OnceNamed(table, name string) bool {
	c = c.get()
	return c != nil && c.named[key(table)][strings.ToLower(name)]
}

type lazy struct {
	once sync.Once
	load func() *Catalog
	cat  *Catalog
}

// get returns the loaded catalog.
func (c *Catalog) get() *Catalog {
	if c == nil || c.lazy == nil {
		return c
	}
	c.lazy.once.Do(func() { c.lazy.cat = c.lazy.load() })
	return c.lazy.cat
}

// Table is one table of the catalog.
type Table struct {
	Name       string
	Columns    []Column
	PrimaryKey []string
	// PrimaryKeyName is the primary key's constraint name: the one given
	// by CONSTRAINT name PRIMARY KEY, else PostgreSQL's default,
	// <table>_pkey.
	PrimaryKeyName string
	Uniques        []Unique
	// Exclusions names the table's exclusion constraints (PostgreSQL
	// EXCLUDE USING ...), which ON CONFLICT ON CONSTRAINT may name.
	Exclusions []string
	// Version is the table's optimistic-locking column, "" when none.
	Version string
	// References lists the tables the table's foreign keys reference.
	References []string
	// FromModel reports a table known only from ORM model tags
	// (AddModelUnique): its columns and keys are not all known.
	FromModel bool
	// Partial reports a CREATE TABLE read only in part (text the scanner
	// could not follow to its end): its columns and keys may be missing.
	Partial bool
	// Source names the schema source the definition comes from when
	// several discovered sources define the table ("migrations/",
	// "sqlc.yaml schema db/schema.sql", "Go code"), and Also the others,
	// whose definitions were less complete; both empty otherwise.
	Source string
	Also   []string
}

// Column is a column of a table.
type Column struct {
	Name    string
	Type    string
	NotNull bool
	// Default is the DEFAULT expression's text, "" when none.
	Default string
	// Generator says how the database fills the column when an INSERT
	// does not: "serial" (serial types, DEFAULT nextval(...)),
	// "identity" (GENERATED ... AS IDENTITY, MySQL's AUTO_INCREMENT,
	// SQLite's AUTOINCREMENT), "uuid" (DEFAULT
	// gen_random_uuid(), uuid_generate_v4(), MySQL's (UUID()) ...); ""
	// otherwise. SQLite's INTEGER PRIMARY KEY is told by
	// Table.GeneratedKey.
	Generator string
}

// Unique is a UNIQUE constraint, a unique index, or the primary key.
type Unique struct {
	Name string
	// Index reports a unique index (CREATE UNIQUE INDEX) rather than a
	// constraint: ON CONFLICT ON CONSTRAINT cannot name it.
	Index   bool
	Columns []string
	// Expr reports an index on an expression (lower(email)): it backs a
	// key only when the key is compared through the same expression.
	Expr bool
	// Keys, for an index on expressions, lists the columns its elements
	// are computed from (lower(username), encode(sha256(url::bytea),
	// 'hex')): index expressions are immutable, so two rows equal in them
	// are equal in the index and the index keeps them unique too (see
	// KeyColumns); nil when an element can map distinct rows to NULL
	// (NULLIF, CASE) or references no column. Folded lists those compared
	// through a case-folding (lower(username)): a duplicate differing only
	// in case is rejected as well.
	Keys, Folded []string
	// Where is the predicate of a partial index ("one active ride per
	// driver"): the constraint holds only for rows matching it.
	Where     []sqltext.Cond
	WhereText string
	// At is where it was declared, "file:line".
	At string
}

// Warning is a problem with a schema file; the file is used as far as it
// could be read.
type Warning struct {
	File    string
	Line    int
	Message string
}

func (w Warning) String() string { return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Message) }

// Table returns the table named name (case-insensitive, schema-qualified
// names match their bare name), or nil.
func (c *Catalog) Table(name string) *Table {
	c = c.get()
	if c == nil || c.tables == nil {
		return nil
	}
	return c.tables[key(name)]
}

// Tables returns the tables in name order.
func (c *Catalog) Tables() []*Table {
	c = c.get()
	if c == nil {
		return nil
	}
	var out []*Table
	for _, t := range c.tables {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Empty reports whether the catalog knows no table.
func (c *Catalog) Empty() bool {
	c = c.get()
	return c == nil || len(c.tables) == 0
}

func key(name string) string {
	name = strings.ToLower(name)
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// Column returns the named column, case-insensitively.
func (t *Table) Column(name string) (Column, bool) {
	for _, c := range t.Columns {
		if strings.EqualFold(c.Name, name) {
			return c, true
		}
	}
	return Column{}, false
}

// Covering returns a unique constraint guaranteeing at most one row for the
// key columns cols: its columns are all among cols. A partial index counts
// only when holds reports that its predicate is satisfied (pass nil to
// accept none). An index on expressions counts by the columns they are
// computed from: see Unique.KeyColumns.
func (t *Table) Covering(cols []string, holds func(where []sqltext.Cond) bool) (Unique, bool) {
	if t == nil {
		return Unique{}, false
	}
	in := map[string]bool{}
	for _, c := range cols {
		in[strings.ToLower(c)] = true
	}
	var best Unique
	found := false
	for _, u := range t.allUniques() {
		ucols, ok := u.KeyColumns()
		if !ok {
			continue
		}
		for _, c := range ucols {
			if !in[strings.ToLower(c)] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if len(u.Where) > 0 || u.WhereText != "" {
			if holds == nil || !holds(u.Where) {
				continue
			}
		}
		if bcols, _ := best.KeyColumns(); !found || len(ucols) > len(bcols) {
			best, found = u, true
		}
	}
	return best, found
}

// KeyColumns returns the columns whose values u keeps unique: its
// columns, or for an index on expressions the columns they are computed
// from (a UNIQUE on lower(username) rejects a second row of the same
// username); ok is false when there are none.
func (u Unique) KeyColumns() (cols []string, ok bool) {
	if !u.Expr {
		return u.Columns, len(u.Columns) > 0
	}
	return u.Keys, len(u.Keys) > 0
}

// nullable matches the expressions that can map distinct non-null values
// to NULL, which a unique index does not compare.
var nullable = lazyregexp.New(`(?i)\b(nullif|case)\b`)

// exprKeys sets u.Keys and u.Folded from the elements of an index or
// constraint on expressions (exprs marks them).
func (u *Unique) exprKeys(cols []string, exprs []bool) {
	var keys, folded []string
	add := func(c string) {
		for _, k := range keys {
			if k == c {
				return
			}
		}
		keys = append(keys, c)
	}
	for i, c := range cols {
		if i >= len(exprs) || !exprs[i] {
			add(strings.ToLower(c))
			continue
		}
		e := sqltext.ParseExpr(c).Expr
		if nullable.MatchString(c) {
			return
		}
		if e.Fold != "" && e.Column != "" {
			folded = append(folded, e.Column)
		}
		for _, r := range e.Refs {
			add(strings.ToLower(r))
		}
	}
	u.Keys, u.Folded = keys, folded
}

// allUniques returns the unique constraints including the primary key.
func (t *Table) allUniques() []Unique {
	out := append([]Unique(nil), t.Uniques...)
	if len(t.PrimaryKey) > 0 {
		name := t.PrimaryKeyName
		if name == "" {
			name = t.Name + "_pkey"
		}
		out = append(out, Unique{Name: name, Columns: t.PrimaryKey})
	}
	return out
}

// Identifies reports whether col is a column of the table's primary key
// or of one of its unique keys: a version column in a key names which row
// (a backup's version in UNIQUE (user_id, version), an event's sequence
// number) and counts no changes of it.
func (t *Table) Identifies(col string) bool {
	if t == nil {
		return false
	}
	for _, u := range t.allUniques() {
		if len(u.Where) == 0 && !u.Expr && slices.ContainsFunc(u.Columns, func(c string) bool { return strings.EqualFold(c, col) }) {
			return true
		}
	}
	return false
}

// Keys returns the table's unique constraints and unique indexes, the
// primary key last.
func (t *Table) Keys() []Unique {
	if t == nil {
		return nil
	}
	return t.allUniques()
}

// Constraint returns the unique or primary key constraint named name (as
// ON CONFLICT ON CONSTRAINT names it; without regard to case), and
// whether there is one. A unique index is not a constraint. exclusion
// reports that name is one of the table's exclusion constraints instead.
func (t *Table) Constraint(name string) (u Unique, exclusion, ok bool) {
	if t == nil {
		return Unique{}, false, false
	}
	for _, u := range t.allUniques() {
		if strings.EqualFold(u.Name, name) && !u.Index {
			return u, false, true
		}
	}
	for _, x := range t.Exclusions {
		if strings.EqualFold(x, name) {
			return Unique{}, true, true
		}
	}
	return Unique{}, false, false
}

// Arbiter returns the unique constraint or index that PostgreSQL (and
// SQLite) infer as the arbiter of ON CONFLICT (target) [WHERE where]: one
// whose key columns are exactly the target's, in any order; a partial one
// only when implied(its predicate) reports that the target's WHERE
// implies it. sure is false when the answer is not certain: the target
// holds an expression, or a partial index on the same columns has a
// predicate that implied cannot decide (it returns ok false then).
func (t *Table) Arbiter(target []string, implied func(pred []sqltext.Cond, text string) (yes, sure bool)) (u Unique, found, sure bool) {
	if t == nil || len(target) == 0 {
		return Unique{}, false, false
	}
	want := map[string]bool{}
	for _, c := range target {
		if strings.ContainsAny(c, "() ") {
			return Unique{}, false, false // an expression element: not compared here
		}
		want[strings.ToLower(c)] = true
	}
	sure = !t.Partial // a key may be in the part not read
	for _, u := range t.allUniques() {
		if u.Expr || len(u.Columns) != len(want) {
			continue
		}
		same := true
		for _, c := range u.Columns {
			if !want[strings.ToLower(c)] {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		if len(u.Where) == 0 && u.WhereText == "" {
			return u, true, true
		}
		yes, certain := implied(u.Where, u.WhereText)
		if yes {
			return u, true, true
		}
		if !certain {
			sure = false
		}
	}
	return Unique{}, false, sure
}

// GeneratedKey returns how the database generates col when an INSERT
// does not supply it (Column.Generator, or "rowid" for SQLite's INTEGER
// PRIMARY KEY: a single-column primary key of type INTEGER), or "".
func (t *Table) GeneratedKey(col string) string {
	c, ok := t.Column(col)
	if !ok {
		return ""
	}
	if c.Generator != "" {
		return c.Generator
	}
	if len(t.PrimaryKey) == 1 && strings.EqualFold(t.PrimaryKey[0], col) && strings.EqualFold(c.Type, "integer") {
		return "rowid"
	}
	return ""
}

// uuidDefault matches the DEFAULT expressions that generate a key: the
// UUID and ULID functions of PostgreSQL (pgcrypto, uuid-ossp, 18's
// uuidv4/uuidv7, pgx_ulid) and MySQL ((UUID()), (UUID_TO_BIN(UUID()))).
var uuidDefault = lazyregexp.New(`^\(*(public\.)?(gen_random_uuid|uuid_generate_v[0-9a-z]*|uuid|uuid_to_bin|uuidv4|uuidv7|gen_ulid|generate_ulid)\(`)

// generator classifies a column definition's value generator (see
// Column.Generator).
func generator(typ, def string, identity bool) string {
	switch strings.ToLower(typ) {
	case "serial", "bigserial", "smallserial", "serial4", "serial8", "serial2":
		return "serial"
	}
	if identity {
		return "identity"
	}
	d := strings.ToLower(strings.Join(strings.Fields(def), ""))
	switch {
	case strings.HasPrefix(strings.TrimLeft(d, "("), "nextval("):
		return "serial"
	case uuidDefault.MatchString(d):
		return "uuid"
	}
	return ""
}

// String renders the table for tests and the dump: "users(id pk; unique
// email; unique (driver_id) where status = 'active'; version)".
func (t *Table) String() string {
	var parts []string
	if len(t.PrimaryKey) > 0 {
		parts = append(parts, "pk "+strings.Join(t.PrimaryKey, ","))
	}
	for _, u := range t.Uniques {
		s := "unique " + strings.Join(u.Columns, ",")
		if u.Expr {
			s = "unique expr " + strings.Join(u.Columns, ",")
			if len(u.Keys) > 0 {
				s += " (keys " + strings.Join(u.Keys, ",") + ")"
			}
		}
		if u.WhereText != "" {
			s += " where " + u.WhereText
		}
		parts = append(parts, s)
	}
	if t.Version != "" {
		parts = append(parts, "version "+t.Version)
	}
	if len(t.Also) > 0 {
		parts = append(parts, fmt.Sprintf("from %s, also defined less completely in %s", t.Source, strings.Join(t.Also, ", ")))
	}
	return t.Name + "(" + strings.Join(parts, "; ") + ")"
}

// merge adds the tables of parts, the catalogs of separate schema sources
// in order of precedence (sqlc's schema, the conventional folders, Go
// code). A table several sources define keeps the most complete
// definition (the most columns, then the most keys; the first source on a
// tie), and records the others: a sqlc schema listing a table's columns
// and an old migration set creating it, or SQLite and PostgreSQL
// migrations of the same tables.
func (c *Catalog) merge(parts []*Catalog) {
	for _, p := range parts {
		c.Files = append(c.Files, p.Files...)
		c.Warnings = append(c.Warnings, p.Warnings...)
		for k, names := range p.named {
			for name := range names {
				c.noteName(k, name)
			}
		}
		for k, t := range p.tables {
			if c.tables == nil {
				c.tables = map[string]*Table{}
			}
			old := c.tables[k]
			if old == nil {
				t.Source = p.source
				c.tables[k] = t
				continue
			}
			if completeness(t) > completeness(old) {
				t.Source, t.Also = p.source, append(append(old.Also, old.Source), t.Also...)
				old.Also = nil
				c.tables[k] = t
				continue
			}
			old.Also = append(old.Also, p.source)
		}
	}
	for _, t := range c.tables {
		if len(t.Also) == 0 {
			t.Source = ""
		}
	}
}

// completeness orders definitions of one table: more columns, then more
// keys.
func completeness(t *Table) int {
	n := len(t.Columns) * 100
	n += len(t.Uniques)
	if len(t.PrimaryKey) > 0 {
		n++
	}
	return n
}

// versionColumns are the names of optimistic-locking columns.
var versionColumns = map[string]bool{"version": true, "lock_version": true, "revision": true, "row_version": true}

// Apply applies one statement to the catalog: CREATE/ALTER/DROP TABLE,
// CREATE/DROP INDEX, RENAME. Other statements are ignored. at is the
// statement's "file:line" for the catalog's records.
func (c *Catalog) Apply(st *sqltext.Stmt, at string) {
	if st == nil || st.DDL == nil {
		return
	}
	if c.tables == nil {
		c.tables = map[string]*Table{}
	}
	d := st.DDL
	switch d.Op {
	case sqltext.DDLCreateTable:
		k := key(d.Table.Name)
		if k == "" {
			return
		}
		if _, exists := c.tables[k]; exists && d.IfNotExists || d.Temporary {
			// A temporary table lives for its session: a migration's
			// scratch table is none the application queries.
			return
		}
		t := &Table{Name: d.Table.Name, Partial: st.Partial}
		if d.Like.Name != "" {
			if src := c.tables[key(d.Like.Name)]; src != nil {
				t.Columns = append(t.Columns, src.Columns...)
			}
		}
		for _, col := range d.Columns {
			t.addColumn(col, at)
		}
		for _, con := range d.Constraints {
			t.addConstraint(con, at)
			c.noteName(d.Table.Name, con.Name)
		}
		c.tables[k] = t
	case sqltext.DDLAlterTable:
		t := c.tables[key(d.Table.Name)]
		if t == nil {
			return
		}
		for _, a := range d.Actions {
			if a.Kind == sqltext.AlterRenameTable {
				c.renameTable(t.Name, a.NewName)
				continue
			}
			t.alter(a, at)
			switch a.Kind {
			case sqltext.AlterAddConstraint:
				c.noteName(t.Name, a.Constraint.Name)
			case sqltext.AlterRenameConstraint:
				c.noteName(t.Name, a.NewName)
			}
		}
	case sqltext.DDLRenameTable:
		renames := d.Renames
		if len(renames) == 0 {
			renames = []sqltext.TableRename{{From: d.Table, To: d.NewName}}
		}
		for _, r := range renames {
			c.renameTable(r.From.Name, r.To.Name)
		}
	case sqltext.DDLRenameIndex:
		if len(d.Indexes) > 0 && d.NewName.Name != "" {
			for _, t := range c.tables {
				t.renameUnique(d.Indexes[0], d.NewName.Name)
			}
		}
	case sqltext.DDLDropTable:
		tables := d.Tables
		if len(tables) == 0 {
			tables = []sqltext.TableRef{d.Table}
		}
		for _, tr := range tables {
			delete(c.tables, key(tr.Name))
		}
	case sqltext.DDLCreateIndex:
		if d.Index == nil || !d.Index.Unique {
			return
		}
		t := c.tables[key(d.Table.Name)]
		if t == nil {
			return
		}
		u := Unique{Name: d.Index.Name, Index: true, Columns: lower(d.Index.Columns), Where: d.Index.Where, WhereText: d.Index.WhereText, At: at}
		for _, e := range d.Index.Exprs {
			if e {
				u.Expr = true
			}
		}
		if u.Expr {
			u.exprKeys(d.Index.Columns, d.Index.Exprs)
		}
		t.dropUnique(u.Name)
		t.Uniques = append(t.Uniques, u)
	case sqltext.DDLDropIndex:
		for _, name := range d.Indexes {
			for _, t := range c.tables {
				if d.Table.Name != "" && key(d.Table.Name) != key(t.Name) {
					continue
				}
				t.dropUnique(name)
			}
		}
	}
}

func lower(cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = strings.ToLower(c)
	}
	return out
}

func (t *Table) addColumn(col sqltext.ColumnDef, at string) {
	name := strings.ToLower(col.Name)
	for _, c := range t.Columns {
		if c.Name == name {
			return
		}
	}
	t.Columns = append(t.Columns, Column{Name: name, Type: col.Type, NotNull: col.NotNull,
		Default: col.Default, Generator: generator(col.Type, col.Default, col.Identity)})
	if col.PrimaryKey {
		t.PrimaryKey = []string{name}
		t.PrimaryKeyName = col.PrimaryKeyName
	}
	if col.Unique {
		uname := col.UniqueName
		if uname == "" {
			uname = t.Name + "_" + name + "_key"
		}
		t.Uniques = append(t.Uniques, Unique{Name: uname, Columns: []string{name}, At: at})
	}
	if col.References.Name != "" {
		t.addReference(col.References.Name)
	}
	if versionColumns[name] && t.Version == "" && isIntegerType(col.Type) {
		t.Version = name
	}
}

func isIntegerType(typ string) bool {
	typ = strings.ToLower(typ)
	for _, s := range []string{"int", "serial", "numeric", "bigint", "smallint", "integer"} {
		if strings.Contains(typ, s) {
			return true
		}
	}
	return typ == ""
}

func (t *Table) addConstraint(con sqltext.Constraint, at string) {
	cols := lower(con.Columns)
	switch con.Kind {
	case sqltext.ConstraintForeignKey:
		if con.References.Name != "" {
			t.addReference(con.References.Name)
		}
	case sqltext.ConstraintExclude:
		if con.Name != "" {
			t.Exclusions = append(t.Exclusions, con.Name)
		}
	case sqltext.ConstraintPrimaryKey:
		t.PrimaryKey = cols
		t.PrimaryKeyName = con.Name
	case sqltext.ConstraintUnique:
		name := con.Name
		if name == "" {
			name = t.Name + "_" + strings.Join(cols, "_") + "_key"
		}
		t.dropUnique(name)
		u := Unique{Name: name, Columns: cols, Where: con.Where, WhereText: con.WhereText, At: at}
		for _, e := range con.Exprs {
			u.Expr = u.Expr || e
		}
		if u.Expr {
			u.exprKeys(con.Columns, con.Exprs)
		}
		t.Uniques = append(t.Uniques, u)
	}
}

func (t *Table) alter(a sqltext.AlterAction, at string) {
	switch a.Kind {
	case sqltext.AlterAddColumn:
		t.addColumn(a.Column, at)
	case sqltext.AlterDropColumn:
		name := strings.ToLower(a.Name)
		var cols []Column
		for _, c := range t.Columns {
			if c.Name != name {
				cols = append(cols, c)
			}
		}
		t.Columns = cols
		var uniques []Unique
		for _, u := range t.Uniques {
			if !contains(u.Columns, name) {
				uniques = append(uniques, u)
			}
		}
		t.Uniques = uniques
		if contains(t.PrimaryKey, name) {
			t.PrimaryKey = nil
		}
		if t.Version == name {
			t.Version = ""
		}
	case sqltext.AlterRenameColumn:
		old, neu := strings.ToLower(a.Name), strings.ToLower(a.NewName)
		for i := range t.Columns {
			if t.Columns[i].Name == old {
				t.Columns[i].Name = neu
			}
		}
		for i := range t.Uniques {
			rename(t.Uniques[i].Columns, old, neu)
		}
		rename(t.PrimaryKey, old, neu)
		if t.Version == old {
			t.Version = neu
		}
		if t.Version == "" && versionColumns[neu] {
			if c, ok := t.Column(neu); ok && isIntegerType(c.Type) {
				t.Version = neu
			}
		}
	case sqltext.AlterAlterColumn:
		t.alterColumn(a)
	case sqltext.AlterAddConstraint:
		con := a.Constraint
		if con.UsingIndex != "" && con.Unique() {
			// ADD CONSTRAINT c UNIQUE USING INDEX i: the index becomes
			// the constraint, under the constraint's name.
			for i := range t.Uniques {
				if strings.EqualFold(t.Uniques[i].Name, con.UsingIndex) {
					t.Uniques[i].Index = false
				}
			}
			t.renameUnique(con.UsingIndex, con.Name)
			return
		}
		t.addConstraint(con, at)
	case sqltext.AlterRenameConstraint:
		t.renameUnique(a.Name, a.NewName)
	case sqltext.AlterDropConstraint:
		if strings.EqualFold(a.Name, "PRIMARY") {
			t.PrimaryKey = nil
			return
		}
		if strings.EqualFold(a.Name, t.Name+"_pkey") {
			t.PrimaryKey = nil
		}
		t.dropUnique(a.Name)
	}
}

// alterColumn applies ALTER [COLUMN] c SET/DROP DEFAULT, SET/DROP NOT
// NULL, TYPE, ADD GENERATED ... AS IDENTITY, and MySQL's MODIFY/CHANGE.
func (t *Table) alterColumn(a sqltext.AlterAction) {
	name := strings.ToLower(a.Name)
	if name == "" {
		name = strings.ToLower(a.Column.Name)
	}
	for i := range t.Columns {
		c := &t.Columns[i]
		if c.Name != name {
			continue
		}
		if a.Redefine {
			nc := a.Column
			*c = Column{Name: strings.ToLower(nc.Name), Type: nc.Type, NotNull: nc.NotNull, Default: nc.Default,
				Generator: generator(nc.Type, nc.Default, nc.Identity)}
			if c.Name == "" {
				c.Name = name
			}
			return
		}
		if a.Column.Type != "" {
			c.Type = a.Column.Type
		}
		if a.Column.NotNull {
			c.NotNull = true
		}
		if a.DropNotNull {
			c.NotNull = false
		}
		if a.Column.Default != "" {
			c.Default = a.Column.Default
		}
		if a.DropDefault {
			c.Default = ""
		}
		if g := generator(c.Type, c.Default, a.Column.Identity || c.Generator == "identity"); g != "" || a.DropDefault {
			c.Generator = g
		}
		return
	}
}

func (t *Table) addReference(table string) {
	k := key(table)
	if !contains(t.References, k) {
		t.References = append(t.References, k)
	}
}

// ReferencedBy returns the tables with a foreign key to table, in name
// order.
func (c *Catalog) ReferencedBy(table string) []string {
	var out []string
	k := key(table)
	for _, t := range c.Tables() {
		if contains(t.References, k) {
			out = append(out, t.Name)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func rename(list []string, old, neu string) {
	for i := range list {
		if list[i] == old {
			list[i] = neu
		}
	}
}

// renameTable renames a table of the catalog.
func (c *Catalog) renameTable(from, to string) {
	k := key(from)
	if t := c.tables[k]; t != nil && to != "" {
		delete(c.tables, k)
		t.Name = to
		c.tables[key(to)] = t
	}
}

// renameUnique renames a unique constraint or index.
func (t *Table) renameUnique(from, to string) {
	for i := range t.Uniques {
		if strings.EqualFold(t.Uniques[i].Name, from) {
			t.Uniques[i].Name = to
		}
	}
}

func (t *Table) dropUnique(name string) {
	if name == "" {
		return
	}
	var out []Unique
	for _, u := range t.Uniques {
		if !strings.EqualFold(u.Name, name) {
			out = append(out, u)
		}
	}
	t.Uniques = out
}

// AddModelUnique records a uniqueness declared by an ORM model (gorm
// `uniqueIndex` tags) for a table the schema files may not describe.
func (c *Catalog) AddModelUnique(table string, cols []string, at string) {
	if c.tables == nil {
		c.tables = map[string]*Table{}
	}
	t := c.tables[key(table)]
	if t == nil {
		t = &Table{Name: table, FromModel: true}
		c.tables[key(table)] = t
	}
	t.Uniques = append(t.Uniques, Unique{Name: table + "_" + strings.Join(cols, "_") + "_model", Columns: lower(cols), At: at})
}

// Implies reports whether the conjuncts where imply the predicate pred (a
// partial index's), as far as a syntactic comparison can tell: yes when
// each conjunct of pred is one of where's (same column, operator and
// value, without regard to case and spacing). sure reports that the
// answer is certain: it is when yes, when where is empty, and when pred
// constrains a column that where does not mention at all (PostgreSQL
// proves implication from the conjuncts on the same columns).
func Implies(where, pred []sqltext.Cond) (yes, sure bool) {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	mentioned := map[string]bool{}
	opaque := false
	for _, w := range where {
		if w.Column == "" {
			opaque = true
		}
		mentioned[strings.ToLower(w.Column)] = true
	}
	yes = true
	foreign := false
	for _, p := range pred {
		found := false
		for _, w := range where {
			if p.Column != "" && strings.EqualFold(p.Column, w.Column) && p.Op == w.Op && norm(p.Value.Text) == norm(w.Value.Text) {
				found = true
				break
			}
		}
		if !found {
			yes = false
			if p.Column != "" && !mentioned[strings.ToLower(p.Column)] {
				foreign = true
			}
		}
	}
	switch {
	case yes:
		return true, true
	case len(where) == 0 || foreign && !opaque:
		return false, true
	}
	return false, false
}

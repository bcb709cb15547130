package schema

import (
	"fmt"
	"sort"
	"strings"
	"sync"

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
	Uniques    []Unique
	// Version is the table's optimistic-locking column, "" when none.
	Version string
}

// Column is a column of a table.
type Column struct {
	Name    string
	Type    string
	NotNull bool
}

// Unique is a UNIQUE constraint, a unique index, or the primary key.
type Unique struct {
	Name    string
	Columns []string
	// Expr reports an index on an expression (lower(email)): it backs a
	// key only when the key is compared through the same expression.
	Expr bool
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
// accept none). Expression indexes never count.
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
		if u.Expr || len(u.Columns) == 0 {
			continue
		}
		ok := true
		for _, c := range u.Columns {
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
		if !found || len(u.Columns) > len(best.Columns) {
			best, found = u, true
		}
	}
	return best, found
}

// allUniques returns the unique constraints including the primary key.
func (t *Table) allUniques() []Unique {
	out := append([]Unique(nil), t.Uniques...)
	if len(t.PrimaryKey) > 0 {
		out = append(out, Unique{Name: t.Name + "_pkey", Columns: t.PrimaryKey})
	}
	return out
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
		}
		if u.WhereText != "" {
			s += " where " + u.WhereText
		}
		parts = append(parts, s)
	}
	if t.Version != "" {
		parts = append(parts, "version "+t.Version)
	}
	return t.Name + "(" + strings.Join(parts, "; ") + ")"
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
		if _, exists := c.tables[k]; exists && d.IfNotExists {
			return
		}
		t := &Table{Name: d.Table.Name}
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
		u := Unique{Name: d.Index.Name, Columns: lower(d.Index.Columns), Where: d.Index.Where, WhereText: d.Index.WhereText, At: at}
		for _, e := range d.Index.Exprs {
			if e {
				u.Expr = true
			}
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
	t.Columns = append(t.Columns, Column{Name: name, Type: col.Type, NotNull: col.NotNull})
	if col.PrimaryKey {
		t.PrimaryKey = []string{name}
	}
	if col.Unique {
		t.Uniques = append(t.Uniques, Unique{Name: t.Name + "_" + name + "_key", Columns: []string{name}, At: at})
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
	case sqltext.ConstraintPrimaryKey:
		t.PrimaryKey = cols
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
	case sqltext.AlterAddConstraint:
		con := a.Constraint
		if con.UsingIndex != "" && con.Unique() {
			// ADD CONSTRAINT c UNIQUE USING INDEX i: the index becomes
			// the constraint, under the constraint's name.
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
		t = &Table{Name: table}
		c.tables[key(table)] = t
	}
	t.Uniques = append(t.Uniques, Unique{Name: table + "_" + strings.Join(cols, "_") + "_model", Columns: lower(cols), At: at})
}

package oracle

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v6"
)

// createTableLikeIndexes is CREATE_TABLE_LIKE_INDEXES of PostgreSQL's
// TableLikeOption.
const createTableLikeIndexes = 1 << 6

func pgRel(rv *pg.RangeVar) string {
	if rv == nil {
		return ""
	}
	return tableName(rv.Schemaname, rv.Relname, postgres)
}

// pgDDL derives the DDL summary of a statement from pg_query's tree.
func pgDDL(n *pg.Node) ddlSum {
	none := ddlSum{op: "none"}
	switch x := n.Node.(type) {
	case *pg.Node_CreateStmt:
		c := x.CreateStmt
		d := ddlSum{op: "create table", tables: []string{pgRel(c.Relation)}}
		if c.IfNotExists {
			d.flags = append(d.flags, "ine")
		}
		if c.Relation.Relpersistence == "t" {
			d.flags = append(d.flags, "temp")
		}
		if c.Partbound != nil && len(c.InhRelations) > 0 {
			d.like = pgRel(c.InhRelations[0].GetRangeVar())
			d.likeIndexes = true
		}
		for _, e := range c.TableElts {
			switch {
			case e.GetColumnDef() != nil:
				d.cols = append(d.cols, pgColumnDef(e.GetColumnDef()))
			case e.GetConstraint() != nil:
				d.cons = append(d.cons, pgCons(e.GetConstraint()))
			case e.GetTableLikeClause() != nil:
				l := e.GetTableLikeClause()
				d.like = pgRel(l.Relation)
				d.likeIndexes = l.Options&createTableLikeIndexes != 0
			}
		}
		return d
	case *pg.Node_CreateTableAsStmt:
		c := x.CreateTableAsStmt
		if c.Objtype != pg.ObjectType_OBJECT_TABLE || c.IsSelectInto {
			return none
		}
		d := ddlSum{op: "create table", tables: []string{pgRel(c.Into.Rel)}, asSelect: true}
		if c.IfNotExists {
			d.flags = append(d.flags, "ine")
		}
		if c.Into.Rel.Relpersistence == "t" {
			d.flags = append(d.flags, "temp")
		}
		for _, n := range c.Into.ColNames {
			d.cols = append(d.cols, colSum{name: n.GetString_().Sval})
		}
		if sel := c.Query.GetSelectStmt(); sel != nil && sel.WithClause == nil {
			if schema, name, ok := pgFirstTable(pgFirstSelect(sel).FromClause); ok {
				d.like = tableName(schema, name, postgres)
			}
		}
		return d
	case *pg.Node_AlterTableStmt:
		a := x.AlterTableStmt
		if a.Objtype != pg.ObjectType_OBJECT_TABLE {
			return none
		}
		d := ddlSum{op: "alter table", tables: []string{pgRel(a.Relation)}}
		if a.MissingOk {
			d.flags = append(d.flags, "ie")
		}
		for _, c := range a.Cmds {
			d.actions = append(d.actions, pgAction(c.GetAlterTableCmd()))
		}
		return d
	case *pg.Node_AlterObjectSchemaStmt:
		a := x.AlterObjectSchemaStmt
		if a.ObjectType != pg.ObjectType_OBJECT_TABLE {
			return none
		}
		d := ddlSum{op: "alter table", tables: []string{pgRel(a.Relation)}, actions: []string{"other"}}
		if a.MissingOk {
			d.flags = append(d.flags, "ie")
		}
		return d
	case *pg.Node_RenameStmt:
		r := x.RenameStmt
		d := ddlSum{tables: []string{pgRel(r.Relation)}}
		if r.MissingOk {
			d.flags = append(d.flags, "ie")
		}
		switch {
		case r.RenameType == pg.ObjectType_OBJECT_TABLE:
			d.op = "rename table"
			d.newNames = []string{tableName("", r.Newname, postgres)}
		case r.RenameType == pg.ObjectType_OBJECT_COLUMN && r.RelationType == pg.ObjectType_OBJECT_TABLE:
			d.op = "alter table"
			d.actions = []string{"rename column " + r.Subname + "->" + r.Newname}
		case r.RenameType == pg.ObjectType_OBJECT_TABCONSTRAINT:
			d.op = "alter table"
			d.actions = []string{"rename constraint " + r.Subname + "->" + r.Newname}
		case r.RenameType == pg.ObjectType_OBJECT_INDEX:
			d.op = "rename index"
			d.tables = nil
			d.indexes = []string{r.Relation.Relname}
			d.newNames = []string{r.Newname}
		default:
			return none
		}
		return d
	case *pg.Node_IndexStmt:
		ix := x.IndexStmt
		d := ddlSum{op: "create index", tables: []string{pgRel(ix.Relation)}}
		if ix.IfNotExists {
			d.flags = append(d.flags, "ine")
		}
		var cols, include []string
		for _, e := range ix.IndexParams {
			cols = append(cols, pgIndexElem(e.GetIndexElem()))
		}
		for _, e := range ix.IndexIncludingParams {
			include = append(include, pgIndexElem(e.GetIndexElem()))
		}
		d.index = renderIndex(ix.Idxname, ix.Unique, ix.AccessMethod, cols, include, ix.NullsNotDistinct)
		d.where = pgConds(ix.WhereClause)
		return d
	case *pg.Node_DropStmt:
		s := x.DropStmt
		var d ddlSum
		switch s.RemoveType {
		case pg.ObjectType_OBJECT_TABLE:
			d.op = "drop table"
		case pg.ObjectType_OBJECT_INDEX:
			d.op = "drop index"
		default:
			return none
		}
		if s.MissingOk {
			d.flags = append(d.flags, "ie")
		}
		for _, o := range s.Objects {
			parts := strs(o.GetList().GetItems())
			if len(parts) == 0 {
				continue
			}
			if d.op == "drop index" {
				d.indexes = append(d.indexes, parts[len(parts)-1])
				continue
			}
			schema := ""
			if len(parts) >= 2 {
				schema = parts[len(parts)-2]
			}
			d.tables = append(d.tables, tableName(schema, parts[len(parts)-1], postgres))
		}
		return d
	}
	return none
}

func pgIndexElem(e *pg.IndexElem) string {
	if e == nil {
		return "(expr)"
	}
	if e.Name != "" {
		return e.Name
	}
	if f := strs(e.Expr.GetColumnRef().GetFields()); len(f) == 1 {
		return f[0] // ((a)) is the column a
	}
	return "(expr)"
}

func pgColumnDef(c *pg.ColumnDef) colSum {
	cs := colSum{name: c.Colname, typ: pgType(c.TypeName)}
	for _, n := range c.Constraints {
		k := n.GetConstraint()
		if k == nil {
			continue
		}
		switch k.Contype {
		case pg.ConstrType_CONSTR_NOTNULL:
			cs.attrs = append(cs.attrs, "nn")
		case pg.ConstrType_CONSTR_PRIMARY:
			cs.attrs = append(cs.attrs, named("pk", k.Conname, postgres))
		case pg.ConstrType_CONSTR_UNIQUE:
			cs.attrs = append(cs.attrs, named("uq", k.Conname, postgres))
		case pg.ConstrType_CONSTR_DEFAULT:
			cs.attrs = append(cs.attrs, "def")
		case pg.ConstrType_CONSTR_IDENTITY:
			cs.attrs = append(cs.attrs, "ident")
		case pg.ConstrType_CONSTR_GENERATED:
			cs.attrs = append(cs.attrs, "gen")
		case pg.ConstrType_CONSTR_CHECK:
			cs.attrs = append(cs.attrs, "check")
		case pg.ConstrType_CONSTR_FOREIGN:
			cs.attrs = append(cs.attrs, "ref="+pgRel(k.Pktable))
		}
	}
	if c.CollClause != nil {
		if n := strs(c.CollClause.Collname); len(n) > 0 {
			cs.attrs = append(cs.attrs, "collate="+strings.ToLower(n[len(n)-1]))
		}
	}
	return cs
}

// pgType renders a type name as the parser gives it, without pg_catalog.
func pgType(t *pg.TypeName) string {
	if t == nil {
		return ""
	}
	n := strs(t.Names)
	if len(n) > 1 && n[0] == "pg_catalog" {
		n = n[1:]
	}
	return strings.Join(n, ".") + strings.Repeat("[]", len(t.ArrayBounds))
}

var pgConsKinds = map[pg.ConstrType]string{
	pg.ConstrType_CONSTR_PRIMARY: "primary key", pg.ConstrType_CONSTR_UNIQUE: "unique",
	pg.ConstrType_CONSTR_FOREIGN: "foreign key", pg.ConstrType_CONSTR_CHECK: "check",
	pg.ConstrType_CONSTR_EXCLUSION: "exclude",
}

func pgCons(c *pg.Constraint) string {
	var cols []string
	switch c.Contype {
	case pg.ConstrType_CONSTR_FOREIGN:
		cols = strs(c.FkAttrs)
	case pg.ConstrType_CONSTR_EXCLUSION:
		for _, e := range c.Exclusions {
			items := e.GetList().GetItems()
			if len(items) > 0 {
				cols = append(cols, pgIndexElem(items[0].GetIndexElem()))
			}
		}
	default:
		cols = strs(c.Keys)
	}
	return renderCons(pgConsKinds[c.Contype], c.Conname, cols, c.NullsNotDistinct, pgRel(c.Pktable), strs(c.PkAttrs),
		c.Indexname, pgConds(c.WhereClause))
}

func pgAction(c *pg.AlterTableCmd) string {
	if c == nil {
		return "other"
	}
	s := ""
	switch c.Subtype {
	case pg.AlterTableType_AT_AddColumn:
		col := pgColumnDef(c.Def.GetColumnDef())
		s = "add column " + col.name + renderAttrs(col.attrs)
		if c.MissingOk {
			s += " ine"
		}
		return s
	case pg.AlterTableType_AT_DropColumn:
		s = "drop column " + c.Name
	case pg.AlterTableType_AT_AddConstraint:
		return "add constraint " + pgCons(c.Def.GetConstraint())
	case pg.AlterTableType_AT_DropConstraint:
		s = "drop constraint " + c.Name
	case pg.AlterTableType_AT_SetNotNull:
		return "alter column " + c.Name + "{nn}"
	case pg.AlterTableType_AT_DropNotNull:
		return "alter column " + c.Name + "{drop-nn}"
	case pg.AlterTableType_AT_ColumnDefault:
		if c.Def == nil {
			return "alter column " + c.Name + "{drop-def}"
		}
		return "alter column " + c.Name + "{def}"
	case pg.AlterTableType_AT_AlterColumnType:
		return "alter column " + c.Name + "{type}"
	case pg.AlterTableType_AT_AddIdentity:
		return "alter column " + c.Name + "{ident}"
	case pg.AlterTableType_AT_SetExpression, pg.AlterTableType_AT_DropExpression,
		pg.AlterTableType_AT_SetStatistics, pg.AlterTableType_AT_SetOptions, pg.AlterTableType_AT_ResetOptions,
		pg.AlterTableType_AT_SetStorage, pg.AlterTableType_AT_SetCompression,
		pg.AlterTableType_AT_AlterColumnGenericOptions, pg.AlterTableType_AT_SetIdentity, pg.AlterTableType_AT_DropIdentity:
		return "alter column " + c.Name
	default:
		return "other"
	}
	if c.MissingOk {
		s += " ie"
	}
	return s
}

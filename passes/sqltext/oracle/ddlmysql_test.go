package oracle

import (
	"strings"

	"github.com/pingcap/tidb/pkg/parser/ast"
	tmysql "github.com/pingcap/tidb/pkg/parser/mysql"
	"github.com/pingcap/tidb/pkg/parser/types"
)

func myRel(t *ast.TableName) string {
	if t == nil {
		return ""
	}
	return tableName(t.Schema.L, t.Name.L, mysql)
}

// myDDL derives the DDL summary of a statement from TiDB's tree.
func myDDL(n ast.StmtNode) ddlSum {
	switch x := n.(type) {
	case *ast.CreateTableStmt:
		d := ddlSum{op: "create table", tables: []string{myRel(x.Table)}}
		if x.IfNotExists {
			d.flags = append(d.flags, "ine")
		}
		if x.TemporaryKeyword != ast.TemporaryNone {
			d.flags = append(d.flags, "temp")
		}
		for _, c := range x.Cols {
			d.cols = append(d.cols, myColumnDef(c))
		}
		for _, c := range x.Constraints {
			d.cons = append(d.cons, myCons(c))
		}
		if x.ReferTable != nil {
			d.like = myRel(x.ReferTable)
			d.likeIndexes = true
		}
		if x.Select != nil {
			d.asSelect = true
			if sel := myFirstSelect(x.Select); sel != nil && sel.With == nil {
				if schema, name, ok := myFirstTable(sel.From); ok {
					d.like = tableName(schema, name, mysql)
				}
			}
		}
		return d
	case *ast.AlterTableStmt:
		d := ddlSum{op: "alter table", tables: []string{myRel(x.Table)}}
		for _, sp := range x.Specs {
			if sp.Tp == ast.AlterTableRenameTable {
				d.newNames = []string{myRel(sp.NewTable)}
			}
			d.actions = append(d.actions, myActions(sp)...)
		}
		if len(x.Specs) == 1 && x.Specs[0].Tp == ast.AlterTableRenameTable {
			d.op = "rename table"
			d.actions = nil
		}
		return d
	case *ast.CreateIndexStmt:
		d := ddlSum{op: "create index", tables: []string{myRel(x.Table)}}
		if x.IfNotExists {
			d.flags = append(d.flags, "ine")
		}
		method := ""
		switch x.KeyType {
		case ast.IndexKeyTypeFulltext:
			method = "fulltext"
		case ast.IndexKeyTypeSpatial:
			method = "spatial"
		}
		if x.IndexOption != nil && x.IndexOption.Tp != ast.IndexTypeInvalid {
			method = strings.ToLower(x.IndexOption.Tp.String())
		}
		d.index = renderIndex(strings.ToLower(x.IndexName), x.KeyType == ast.IndexKeyTypeUnique, method, myKeys(x.IndexPartSpecifications), nil, false)
		if x.IndexOption != nil {
			d.where = myConds(x.IndexOption.Condition)
		}
		return d
	case *ast.DropTableStmt:
		if x.IsView {
			return ddlSum{op: "none"}
		}
		d := ddlSum{op: "drop table"}
		if x.IfExists {
			d.flags = append(d.flags, "ie")
		}
		for _, t := range x.Tables {
			d.tables = append(d.tables, myRel(t))
		}
		return d
	case *ast.DropIndexStmt:
		d := ddlSum{op: "drop index", indexes: []string{strings.ToLower(x.IndexName)}}
		if x.Table != nil {
			d.tables = []string{myRel(x.Table)}
		}
		if x.IfExists {
			d.flags = append(d.flags, "ie")
		}
		return d
	case *ast.RenameTableStmt:
		d := ddlSum{op: "rename table"}
		for _, t := range x.TableToTables {
			d.tables = append(d.tables, myRel(t.OldTable))
			d.newNames = append(d.newNames, myRel(t.NewTable))
		}
		return d
	}
	return ddlSum{op: "none"}
}

func myKeys(keys []*ast.IndexPartSpecification) []string {
	var out []string
	for _, k := range keys {
		if k.Expr != nil || k.Column == nil {
			out = append(out, "(expr)")
			continue
		}
		out = append(out, k.Column.Name.L)
	}
	return out
}

func myType(c *ast.ColumnDef) string {
	if c.Tp == nil {
		return ""
	}
	s := types.TypeToStr(c.Tp.GetType(), c.Tp.GetCharset())
	if tmysql.HasUnsignedFlag(c.Tp.GetFlag()) {
		s += " unsigned"
	}
	return s
}

func myColumnDef(c *ast.ColumnDef) colSum {
	cs := colSum{name: c.Name.Name.L, typ: myType(c)}
	for _, o := range c.Options {
		switch o.Tp {
		case ast.ColumnOptionNotNull:
			cs.attrs = append(cs.attrs, "nn")
		case ast.ColumnOptionPrimaryKey:
			cs.attrs = append(cs.attrs, "pk")
		case ast.ColumnOptionUniqKey:
			cs.attrs = append(cs.attrs, "uq")
		case ast.ColumnOptionDefaultValue:
			cs.attrs = append(cs.attrs, "def")
		case ast.ColumnOptionAutoIncrement:
			cs.attrs = append(cs.attrs, "ident")
		case ast.ColumnOptionGenerated:
			cs.attrs = append(cs.attrs, "gen")
		case ast.ColumnOptionCheck:
			cs.attrs = append(cs.attrs, "check")
		case ast.ColumnOptionReference:
			if o.Refer != nil {
				cs.attrs = append(cs.attrs, "ref="+myRel(o.Refer.Table))
			}
		case ast.ColumnOptionCollate:
			cs.attrs = append(cs.attrs, "collate="+strings.ToLower(o.StrValue))
		}
	}
	return cs
}

func myConsKind(tp ast.ConstraintType) string {
	switch tp {
	case ast.ConstraintPrimaryKey:
		return "primary key"
	case ast.ConstraintUniq, ast.ConstraintUniqKey, ast.ConstraintUniqIndex:
		return "unique"
	case ast.ConstraintForeignKey:
		return "foreign key"
	case ast.ConstraintCheck:
		return "check"
	}
	return "index"
}

func myCons(c *ast.Constraint) string {
	ref, refCols := "", []string(nil)
	if c.Refer != nil {
		ref = myRel(c.Refer.Table)
		refCols = myKeys(c.Refer.IndexPartSpecifications)
	}
	var where []string
	if c.Option != nil {
		where = myConds(c.Option.Condition)
	}
	return renderCons(myConsKind(c.Tp), strings.ToLower(c.Name), myKeys(c.Keys), false, ref, refCols, "", where)
}

func myActions(sp *ast.AlterTableSpec) []string {
	suffix := ""
	if sp.IfExists {
		suffix += " ie"
	}
	if sp.IfNotExists {
		suffix += " ine"
	}
	switch sp.Tp {
	case ast.AlterTableAddColumns:
		var out []string
		for _, c := range sp.NewColumns {
			col := myColumnDef(c)
			out = append(out, "add column "+col.name+renderAttrs(col.attrs)+suffix)
		}
		for _, c := range sp.NewConstraints {
			out = append(out, "add constraint "+myCons(c))
		}
		return out
	case ast.AlterTableAddConstraint:
		return []string{"add constraint " + myCons(sp.Constraint)}
	case ast.AlterTableDropColumn:
		return []string{"drop column " + sp.OldColumnName.Name.L + suffix}
	case ast.AlterTableDropPrimaryKey:
		return []string{"drop constraint primary"}
	case ast.AlterTableDropIndex, ast.AlterTableDropForeignKey:
		return []string{"drop constraint " + strings.ToLower(sp.Name) + suffix}
	case ast.AlterTableDropCheck:
		return []string{"drop constraint " + strings.ToLower(sp.Constraint.Name)}
	case ast.AlterTableModifyColumn:
		return []string{"alter column " + sp.NewColumns[0].Name.Name.L + "{redefine}" + suffix}
	case ast.AlterTableChangeColumn:
		old, nw := sp.OldColumnName.Name.L, sp.NewColumns[0].Name.Name.L
		if old == nw {
			return []string{"alter column " + nw + "{redefine}" + suffix}
		}
		return []string{"rename column " + old + "->" + nw + suffix}
	case ast.AlterTableRenameColumn:
		return []string{"rename column " + sp.OldColumnName.Name.L + "->" + sp.NewColumnName.Name.L}
	case ast.AlterTableRenameIndex:
		return []string{"rename constraint " + sp.FromKey.L + "->" + sp.ToKey.L}
	case ast.AlterTableRenameTable:
		return []string{"rename table ->" + sp.NewTable.Name.L}
	case ast.AlterTableAlterColumn:
		c := sp.NewColumns[0]
		for _, o := range c.Options {
			if o.Tp == ast.ColumnOptionDefaultValue || o.Tp == ast.ColumnOptionNoOption && o.Expr != nil {
				return []string{"alter column " + c.Name.Name.L + "{def}"}
			}
		}
		if len(c.Options) == 0 {
			return []string{"alter column " + c.Name.Name.L + "{drop-def}"}
		}
		return []string{"alter column " + c.Name.Name.L}
	}
	return []string{"other"}
}

package schema

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// entImport is the package ent's generated migrate/schema.go describes
// its tables with.
const entImport = `"entgo.io/ent/dialect/sql/schema"`

// entDDL renders the tables of an ent-generated migrate/schema.go as DDL
// for the catalog, so that an ent service's schema is known without SQL
// files:
//
//	UsersColumns = []*schema.Column{
//		{Name: "id", Type: field.TypeInt, Increment: true},
//		{Name: "email", Type: field.TypeString, Unique: true},
//	}
//	UsersTable = &schema.Table{
//		Name:       "users",
//		Columns:    UsersColumns,
//		PrimaryKey: []*schema.Column{UsersColumns[0]},
//		Indexes: []*schema.Index{{Name: "user_owner_name", Unique: true, Columns: []*schema.Column{UsersColumns[3], UsersColumns[1]}}},
//	}
//
// becomes CREATE TABLE users (id bigserial, email text UNIQUE, PRIMARY
// KEY (id)) and CREATE UNIQUE INDEX user_owner_name ON users (owner_id,
// email). Only literals of these shapes are read; anything else is left
// out.
func entDDL(file *ast.File) string {
	type col struct {
		name, typ      string
		unique, serial bool
	}
	columns := map[string][]col{}
	type table struct {
		name, cols string
		pk         []int
		indexes    []ast.Expr
	}
	var tables []table
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || len(vs.Names) != len(vs.Values) {
				continue
			}
			for i, v := range vs.Values {
				name := vs.Names[i].Name
				switch lit := v.(type) {
				case *ast.CompositeLit: // []*schema.Column{...}
					for _, e := range lit.Elts {
						fields := keyed(e)
						if fields == nil {
							continue
						}
						c := col{name: stringLit(fields["Name"]), typ: entType(fields["Type"])}
						c.unique = isTrue(fields["Unique"])
						c.serial = isTrue(fields["Increment"])
						if c.name == "" {
							continue
						}
						columns[name] = append(columns[name], c)
					}
				case *ast.UnaryExpr: // &schema.Table{...}
					fields := keyed(lit.X)
					if fields == nil {
						continue
					}
					t := table{name: stringLit(fields["Name"])}
					if id, ok := fields["Columns"].(*ast.Ident); ok {
						t.cols = id.Name
					}
					t.pk = columnRefs(fields["PrimaryKey"], t.cols)
					if idx, ok := fields["Indexes"].(*ast.CompositeLit); ok {
						t.indexes = idx.Elts
					}
					if t.name != "" && t.cols != "" {
						tables = append(tables, t)
					}
				}
			}
		}
	}
	var b strings.Builder
	for _, t := range tables {
		cols := columns[t.cols]
		if len(cols) == 0 {
			continue
		}
		var defs []string
		for _, c := range cols {
			d := quoteIdent(c.name) + " " + c.typ
			if c.serial {
				d = quoteIdent(c.name) + " bigserial"
			}
			if c.unique {
				d += " UNIQUE"
			}
			defs = append(defs, d)
		}
		if names := pick(cols, t.pk, func(c col) string { return c.name }); len(names) > 0 {
			defs = append(defs, "PRIMARY KEY ("+strings.Join(quoteAll(names), ", ")+")")
		}
		fmt.Fprintf(&b, "CREATE TABLE %s (%s);\n", quoteIdent(t.name), strings.Join(defs, ", "))
		for _, e := range t.indexes {
			fields := keyed(e)
			if fields == nil || !isTrue(fields["Unique"]) {
				continue
			}
			names := pick(cols, columnRefs(fields["Columns"], t.cols), func(c col) string { return c.name })
			iname := stringLit(fields["Name"])
			if len(names) == 0 || iname == "" {
				continue
			}
			fmt.Fprintf(&b, "CREATE UNIQUE INDEX %s ON %s (%s);\n", quoteIdent(iname), quoteIdent(t.name), strings.Join(quoteAll(names), ", "))
		}
	}
	return b.String()
}

// keyed returns the fields of a keyed composite literal (&T{...} or
// T{...}), or nil.
func keyed(e ast.Expr) map[string]ast.Expr {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	out := map[string]ast.Expr{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok {
			out[k.Name] = kv.Value
		}
	}
	return out
}

// columnRefs returns the indexes of []*schema.Column{XColumns[0], ...}
// into the columns variable cols.
func columnRefs(e ast.Expr, cols string) []int {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []int
	for _, el := range lit.Elts {
		ix, ok := el.(*ast.IndexExpr)
		if !ok {
			return nil
		}
		if id, ok := ix.X.(*ast.Ident); !ok || id.Name != cols {
			return nil // a column of another table: not read
		}
		n, ok := ix.Index.(*ast.BasicLit)
		if !ok || n.Kind != token.INT {
			return nil
		}
		i, err := strconv.Atoi(n.Value)
		if err != nil {
			return nil
		}
		out = append(out, i)
	}
	return out
}

func pick[T any](list []T, idx []int, f func(T) string) []string {
	var out []string
	for _, i := range idx {
		if i < 0 || i >= len(list) {
			return nil
		}
		out = append(out, f(list[i]))
	}
	return out
}

func stringLit(e ast.Expr) string {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		if s, err := strconv.Unquote(lit.Value); err == nil {
			return s
		}
	}
	return ""
}

func isTrue(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "true"
}

// entType maps ent's field.TypeX to a SQL type of the same family.
func entType(e ast.Expr) string {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return "text"
	}
	switch sel.Sel.Name {
	case "TypeInt", "TypeInt8", "TypeInt16", "TypeInt32", "TypeInt64", "TypeUint", "TypeUint8", "TypeUint16", "TypeUint32", "TypeUint64":
		return "bigint"
	case "TypeFloat32", "TypeFloat64":
		return "double precision"
	case "TypeBool":
		return "boolean"
	case "TypeTime":
		return "timestamp"
	case "TypeUUID":
		return "uuid"
	case "TypeBytes":
		return "bytea"
	case "TypeJSON":
		return "jsonb"
	}
	return "text"
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quoteIdent(n)
	}
	return out
}

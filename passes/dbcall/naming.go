package dbcall

import (
	"go/constant"
	"go/types"
	"reflect"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/apis"
)

// snakeCase converts a Go identifier to gorm's column naming: "UserID" →
// "user_id", "HTTPStatus" → "http_status", "ViewCount" → "view_count".
func snakeCase(s string) string {
	var b strings.Builder
	runes := []rune(s)
	for i, r := range runes {
		if unicode.IsUpper(r) {
			if i > 0 {
				prev := runes[i-1]
				nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1])
				if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
					b.WriteByte('_')
				}
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

var irregularPlurals = map[string]string{
	"person": "people", "man": "men", "woman": "women", "child": "children",
	"mouse": "mice", "goose": "geese", "foot": "feet", "tooth": "teeth",
	"ox": "oxen", "datum": "data", "criterion": "criteria", "analysis": "analyses",
	"status": "statuses", "quiz": "quizzes", "index": "indices", "matrix": "matrices",
	"vertex": "vertices", "information": "information", "equipment": "equipment",
	"news": "news", "series": "series", "species": "species", "money": "money",
}

// plural pluralizes the last word of a snake_case name the way gorm's
// default naming strategy (jinzhu/inflection) does for common English words.
func plural(s string) string {
	i := strings.LastIndexByte(s, '_')
	head, word := s[:i+1], s[i+1:]
	if p, ok := irregularPlurals[word]; ok {
		return head + p
	}
	switch {
	case word == "":
		return s
	case strings.HasSuffix(word, "ata"):
		// A Latin plural already (data, metadata): gorm's inflection
		// keeps words ending in -ta, pop's flect those ending in -ata
		// (UserMetadata is the table user_metadata).
		return s
	case strings.HasSuffix(word, "ss"), strings.HasSuffix(word, "sh"), strings.HasSuffix(word, "ch"),
		strings.HasSuffix(word, "x"), strings.HasSuffix(word, "z"):
		return head + word + "es"
	case strings.HasSuffix(word, "s"):
		return s
	case strings.HasSuffix(word, "y") && len(word) > 1 && !strings.ContainsRune("aeiou", rune(word[len(word)-2])):
		return head + word[:len(word)-1] + "ies"
	case strings.HasSuffix(word, "fe"):
		return head + word[:len(word)-2] + "ves"
	case strings.HasSuffix(word, "lf"), strings.HasSuffix(word, "af"):
		return head + word[:len(word)-1] + "ves"
	}
	return head + word + "s"
}

// gormField is a column of a gorm model.
type gormField struct {
	column  string
	path    []string
	primary bool
	version bool // a Version/LockVersion field or optimisticlock.Version
	deleted bool // xorm's deleted: the soft-delete time
	unique  bool // unique or uniqueIndex tag
	index   string
	typ     types.Type
	// auto reports a column the ORM or the database writes itself (xorm's
	// created, updated and deleted times) or reads only: never in an
	// update's SET from the model.
	auto bool
	// stamped reports xorm's updated time, which an update may name in
	// Cols to set it alone (touching a parent row).
	stamped bool
}

// maxStructFields bounds the fields a walk over a struct and its embedded
// structs visits.
const maxStructFields = 4096

// gormFields lists the columns of a gorm model struct: the column tag, else
// the snake_case field name; embedded structs (gorm.Model) and
// embedded:"true" fields flattened; "-" and relations skipped.
func gormFields(st *types.Struct) []gormField {
	var out []gormField
	var walk func(st *types.Struct, prefix []string, depth int)
	visits := 0 // fields seen, against maxStructFields: embedding can fan out at every level
	walk = func(st *types.Struct, prefix []string, depth int) {
		if depth > 4 {
			return
		}
		for i := 0; i < st.NumFields(); i++ {
			if visits++; visits > maxStructFields {
				return
			}
			f := st.Field(i)
			tag := parseGormTag(reflect.StructTag(st.Tag(i)).Get("gorm"))
			if _, skip := tag["-"]; skip || !f.Exported() && !f.Anonymous() {
				continue
			}
			path := append(append([]string(nil), prefix...), f.Name())
			_, embedded := tag["embedded"]
			if f.Anonymous() || embedded {
				if inner, ok := structOf(f.Type()); ok && !isScannerType(f.Type()) {
					walk(inner, path, depth+1)
					continue
				}
			}
			if isRelation(f.Type()) {
				continue
			}
			col := tag["column"]
			if col == "" {
				col = snakeCase(f.Name())
			}
			_, pk := tag["primarykey"]
			_, uniq := tag["unique"]
			_, uidx := tag["uniqueindex"]
			if idx, ok := tag["index"]; ok && strings.Contains(strings.ToLower(idx), "unique") {
				uidx = true
				tag["uniqueindex"] = strings.SplitN(idx, ",", 2)[0]
			}
			tn := typeName(f.Type())
			version := f.Name() == "Version" || f.Name() == "LockVersion" || strings.HasSuffix(tn, "optimisticlock.Version")
			out = append(out, gormField{
				column:  col,
				path:    path,
				primary: pk || (col == "id" || f.Name() == "ID") && !hasPrimaryTag(st),
				version: version,
				unique:  uniq || uidx,
				index:   tag["uniqueindex"],
				typ:     f.Type(),
			})
		}
	}
	walk(st, nil, 0)
	return out
}

func hasPrimaryTag(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if _, ok := parseGormTag(reflect.StructTag(st.Tag(i)).Get("gorm"))["primarykey"]; ok {
			return true
		}
	}
	return false
}

// isRelation reports fields gorm treats as associations: structs of other
// models, pointers to them, slices of them (not time.Time or scanners).
func isRelation(t types.Type) bool {
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
		if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return false
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return false
	}
	return !isScannerType(t) && !strings.HasSuffix(typeName(t), "gorm.DeletedAt") && !strings.Contains(typeName(t), "optimisticlock") && !strings.Contains(typeName(t), "datatypes.")
}

// parseGormTag splits `gorm:"column:x;uniqueIndex:idx;primaryKey"` into
// lower-cased keys with their values.
func parseGormTag(tag string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(tag, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, ":")
		// gorm v1 spells the keys with underscores (primary_key,
		// unique_index); v2 without.
		out[strings.ReplaceAll(strings.ToLower(strings.TrimSpace(k)), "_", "")] = strings.TrimSpace(v)
	}
	return out
}

// modelType returns the named struct type of a gorm model argument (&u,
// &[]User{}, User{}), or nil.
func modelType(t types.Type) *types.Named {
	for i := 0; i < 4; i++ {
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Slice:
			t = u.Elem()
			continue
		case *types.Array:
			t = u.Elem()
			continue
		}
		break
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if _, ok := n.Underlying().(*types.Struct); ok {
			return n
		}
	}
	return nil
}

// gormNaming is how a package configures gorm's table names: singular
// (schema.NamingStrategy{SingularTable: true}, gorm v1's
// db.SingularTable(true)) and with a prefix (TablePrefix: "app_").
type gormNaming struct {
	singular bool
	prefix   string
}

// gormTable is gorm's table for a model type name under the package's
// naming strategy: "Star" is "stars", or "star" with SingularTable.
//
//	db, err := gorm.Open(dialector, &gorm.Config{
//		NamingStrategy: schema.NamingStrategy{SingularTable: true},
//	})
//
// Only a strategy set in the package itself is seen (gogs configures its
// connection beside its models); a model of another package is named
// there.
func (b *builder) gormTable(name string) string {
	if b.naming == nil {
		b.naming = b.findNaming()
	}
	t := snakeCase(name)
	if !b.naming.singular {
		t = plural(t)
	}
	return b.naming.prefix + t
}

// findNaming looks for the constants the package gives gorm's naming
// strategy: stores into the fields of a schema.NamingStrategy value, and
// v1's SingularTable call.
func (b *builder) findNaming() *gormNaming {
	n := &gormNaming{}
	if b.ssaPkg == nil {
		return n
	}
	var fns []*ssa.Function
	prog := b.ssaPkg.Prog
	for _, m := range b.ssaPkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			fns = append(fns, m)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if f := prog.MethodValue(ms.At(i)); f != nil && f.Pkg == b.ssaPkg && f.Synthetic == "" {
						fns = append(fns, f)
					}
				}
			}
		}
	}
	for len(fns) > 0 {
		fn := fns[len(fns)-1]
		fns = append(fns[:len(fns)-1], fn.AnonFuncs...)
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok || typeName(fa.X.Type()) != "*"+apis.GormNamingStrategy {
						continue
					}
					c, ok := x.Val.(*ssa.Const)
					if !ok || c.Value == nil {
						continue
					}
					switch fieldName(fa.X.Type(), fa.Field) {
					case "SingularTable":
						n.singular = n.singular || c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
					case "TablePrefix":
						if c.Value.Kind() == constant.String {
							n.prefix = constant.StringVal(c.Value)
						}
					}
				case *ssa.Call:
					if callee := x.Call.StaticCallee(); callee != nil && callee.String() == apis.GormV1SingularTable {
						if args := x.Call.Args; len(args) == 2 {
							if c, ok := args[1].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) {
								n.singular = true
							}
						}
					}
				}
			}
		}
	}
	return n
}

// Package schema is a stand-in for gorm.io/gorm/schema: the naming
// strategy a gorm.Config carries.
package schema

// Namer names tables and columns.
type Namer interface {
	TableName(table string) string
}

// Replacer replaces strings in names.
type Replacer interface {
	Replace(name string) string
}

// NamingStrategy is gorm's default Namer.
type NamingStrategy struct {
	TablePrefix         string
	SingularTable       bool
	NameReplacer        Replacer
	NoLowerCase         bool
	IdentifierMaxLength int
}

// TableName converts a struct name to a table name.
func (ns NamingStrategy) TableName(str string) string { return str }

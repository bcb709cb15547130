// Package sql is a stand-in for entgo.io/ent/dialect/sql: the selector
// predicates are built on, lock and conflict options.
package sql

type Selector struct{}

type LockOptions struct{}

type LockOption func(*LockOptions)

func WithLockAction(action string) LockOption { return func(*LockOptions) {} }

type conflict struct{}

type ConflictOption func(*conflict)

func ConflictColumns(columns ...string) ConflictOption { return func(*conflict) {} }
func DoNothing() ConflictOption                        { return func(*conflict) {} }
func ResolveWithIgnore() ConflictOption                { return func(*conflict) {} }
func ResolveWithNewValues() ConflictOption             { return func(*conflict) {} }

func FieldEQ(name string, v any) func(*Selector) { return func(*Selector) {} }

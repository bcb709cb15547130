// Package core is a stand-in for github.com/xorm-io/core v0.7.4, the fork
// of xorm.io/core that casdoor's xorm fork is built on: the composite
// primary key ID takes.
package core

// PK is a primary key's values, in the order of the key's columns.
type PK []interface{}

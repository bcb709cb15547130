// Package schema names the tables and columns as goqu identifiers, once,
// for the repositories of other packages.
package schema

import "github.com/doug-martin/goqu/v9"

const (
	BansTableName      = "ip_bans"
	BansTableIPColName = "ip"
)

var (
	BansTable      = goqu.T(BansTableName)
	BansTableIPCol = BansTable.Col(BansTableIPColName)
	BansUntilCol   = BansTable.Col("until")
)

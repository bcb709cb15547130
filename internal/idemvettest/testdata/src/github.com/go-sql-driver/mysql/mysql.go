// Package mysql is a stand-in for github.com/go-sql-driver/mysql.
package mysql

type MySQLError struct {
	Number   uint16
	SQLState [5]byte
	Message  string
}

func (me *MySQLError) Error() string { return me.Message }

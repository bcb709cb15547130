// Package oracle holds the differential tests of passes/sqltext: it runs the
// real parsers, pg_query for PostgreSQL and TiDB's for MySQL, over a corpus of
// statements and holds the scanner's summaries to summaries derived from
// their parse trees.
//
// It is a separate module, test-only, and the only user of cgo (pg_query), so
// the idemvet module depends on neither parser. Run it with run.sh.
package oracle

// Package oracle holds the differential tests of passes/sqltext: it runs the
// real parsers, pg_query for PostgreSQL and TiDB's for MySQL, over a corpus of
// statements and holds the scanner's summaries to summaries derived from
// their parse trees: the DML fields (kind, table, SET, WHERE, locking,
// conflict handling ...) and the DDL summaries the schema catalog reads
// (CREATE/ALTER/DROP TABLE, CREATE/DROP INDEX, renames: columns with their
// types and attributes, constraints, actions, index elements and partial
// index predicates).
//
// It is a separate module, test-only, and the only user of cgo (pg_query), so
// the idemvet module depends on neither parser. Run it with run.sh.
package oracle

// Package sqltext summarizes SQL text for idemvet's model.
//
// It is a plain library, not an analyzer. Parse turns a statement into a
// small, dialect-neutral Stmt: its kind, target table, SET assignments
// classified as application value, atomic, or constant, top-level WHERE
// conjuncts, row-locking clause, duplicate-key behavior, RETURNING, advisory
// locks, isolation level, and the placeholders ($n, ?, :name, @name) mapped to
// argument positions or names.
//
// Upserts are summarized in full: the conflict target (columns, index
// expressions or a constraint name) and its WHERE, the action (DO NOTHING,
// DO UPDATE, ON DUPLICATE KEY UPDATE, INSERT IGNORE, REPLACE and INSERT OR
// REPLACE, which are INSERTs whose conflict action replaces the row), each
// DO UPDATE assignment classified by where its value comes from
// (UpsertClass: the proposed row's EXCLUDED.c, VALUES(c) or new.c; the
// existing value combined with it; a constant; a placeholder; other), and
// what the INSERT gives each column (Stmt.Inserted: a value of the first
// row, DEFAULT, or the column's default when it is not listed). ParseCondition and ParseExpr read the ORM
// fragments that gorm and similar libraries take ("email = ? AND deleted_at IS
// NULL", "stock - ?").
//
// For the schema catalog, Stmt.DDL summarizes CREATE/ALTER/DROP TABLE,
// CREATE/DROP INDEX and table renames: columns with their types and
// attributes, primary keys, unique constraints and indexes (with the
// conjuncts of a partial index's predicate), foreign keys, and the actions
// of ALTER TABLE. ParseAll splits whole schema files and migrations: it
// keeps function, procedure and trigger bodies whole ($$ quotes, BEGIN ...
// END), follows MySQL's DELIMITER lines, and skips psql meta-commands and
// the data of COPY ... FROM stdin.
//
// The scanner is pure Go, tolerant of PostgreSQL, MySQL and SQLite syntax,
// aware of quotes, backticks, dollar quotes and comments, and of partial text:
// a Hole marks a part of the text that is not known statically, and what the
// known parts allow is still summarized. It never panics and never returns an
// error: text it cannot follow yields KindUnknown or a Partial summary.
// Results are cached by text, so each distinct string is scanned once per
// process.
//
// The summaries are held to those derived from the parse trees of pg_query
// and of TiDB's MySQL parser by the differential tests of the separate
// module in the oracle directory, which run.sh there runs.
package sqltext

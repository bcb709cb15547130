// Package lostupdate defines an Analyzer that reports read-modify-write of
// database values computed in the application.
//
// # Analyzer lostupdate
//
// lostupdate: report values read, changed in Go and written back
//
// A value is read from the database, changed in Go, and written back. Two
// concurrent requests both read 100 and both write 101: one increment is
// lost. The same shape loses money (balance - amount), stock (stock - qty),
// seats, scores, and anything appended to a JSON array read from the row.
//
// Wrong:
//
//	var views int
//	db.QueryRowContext(ctx, "SELECT view_count FROM posts WHERE id = $1", id).Scan(&views)
//	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id) // lost update on posts.view_count
//
// Right: let the database compute the new value, or lock the row first:
//
//	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + 1 WHERE id = $1", id)
//	db.Model(&p).Update("views", gorm.Expr("views + ?", 1))
//	tx.QueryRowContext(ctx, "SELECT balance FROM accounts WHERE id = $1 FOR UPDATE", id).Scan(&bal)
//
// A value taken from other rows and stored on a row the read neither
// selected by its key nor returned (the group's highest asset number,
// plus one, stored on a new item named by its id) loses no update: two
// requests read the same highest number and store the same next one, so
// the message says the value is duplicated ("duplicate items.asset_id")
// and suggests a UNIQUE constraint with a retry, or a sequence.
//
// The analyzer follows the value from the read (Scan destinations, sqlx
// and gorm structs, sqlc rows, rows returned by repository functions in
// other packages) through arithmetic, append, helper calls and field
// increments to the write (UPDATE ... SET c = $n, gorm Update, Updates,
// Save, xorm's Update of a bean or its Cols, pop's Update, UpdateColumns
// and Save of a model it found, goqu's Set of a goqu.Record or of the
// struct it scanned, sqlc update methods,
// repository functions). A JSON column decoded
// (json.Unmarshal, a json.Decoder, a column type whose Scan decodes it)
// into a map or struct, changed, and re-encoded (json.Marshal, an Encoder
// into a buffer) is a value recomputed from the column; so is a map or
// slice read with the row and assigned an element (attrs[k] = v) before
// the write. The value is followed through maps too: a document put into
// a map by key and looked up again (held[id] = coins; coins, ok :=
// held[c.Player]), an encoding kept in a map and ranged over, a field of a
// scanned sql.NullString. A batch read of many rows (WHERE id = ANY($1))
// is the row written when the write's key is one of the keys collected
// into the array (ids = append(ids, c.Player), then WHERE id = $1 with
// c.Player). A model written whole or by column (bun
// Model(&p).Column("metadata"), gorm Save) whose map field is made only
// when the row had none (if p.Metadata == nil { p.Metadata = ... }) still
// writes back the map read on the other path. The fix there is to change
// the document in the database (settings || $1::jsonb, jsonb_set) or to
// read the row FOR UPDATE. A row handed by address to a function value the
// function was given, between the read and the write (the modify callback
// of an UpdateTask(ctx, id, modify func(*Task) error) that its callers
// pass func(t *Task) error { t.State = x; return nil }), counts as changed
// by it: the message says the value "is handed to modify, which may change
// it". It
// reports at the write,
// or the call that leads to it, in the function where read and write meet.
//
// It stays silent when the read is SELECT ... FOR UPDATE (or gorm
// clause.Locking) in the same transaction as the write; when the update is
// a compare-and-set on the old value or a version column (noversion checks
// those); when both run in one SERIALIZABLE or REPEATABLE READ transaction;
// when the value written does not derive from the value read (a timestamp,
// user input, a constant) or is written back unchanged; and when the write
// targets another row or table, such as the row the function inserted
// before it (a refund row built in Go, inserted, then saved again with the
// processor's answer computed from the payment read). A sync.Mutex held
// from before the read until the write (or both in a singleflight callback,
// or in a callback of a serializing executor's one worker goroutine)
// serializes the writers of one process and silences it too: idemvet takes
// it as the statement that the service runs as a single instance, which
// several instances would contradict.
//
// Writes of the value read plus or minus a constant get a suggested fix
// (applied by idemvet -fix, go vet -fix and go fix -fixtool) when the
// rewrite is local: gorm's Update("col", x.Col + n) becomes
// Update("col", gorm.Expr("col + ?", n)), and raw SQL
//
//	db.ExecContext(ctx, "UPDATE posts SET view_count = $1 WHERE id = $2", views+1, id)
//
// becomes
//
//	db.ExecContext(ctx, "UPDATE posts SET view_count = view_count + $1 WHERE id = $2", 1, id)
//
// when the SQL is a string literal in the call itself (not a constant that
// other statements may share), the placeholder is positional ($n or ?) and
// bound once, and the argument is written in the call as the value read
// plus or minus a constant. Other shapes get the message only.
//
// # Through a repository whose implementation is out of view
//
// A service that declares its repository interface, implemented by a
// storage package that imports the service (and wired in main), never
// sees the implementation under go vet or golangci-lint, which analyze one
// package at a time (a standalone run analyzes the service again with the
// implementation's facts, and uses them). There the read and the write are inferred from
// the method names, as checkfindinsert infers lookups: GetProjectByID(ctx,
// id) returning *Project reads the projects row into the fields of the
// Project returned; UpdateProject(ctx, p) writes p's fields (those set,
// for a fresh literal) keyed by p.ID; UpdateProjectStarsByID(ctx, id,
// stars) writes projects.stars. A value read that way and written back
// recomputed (a counter plus one, a JSON document merged in Go) is
// reported, and the message says which accesses were inferred:
//
//	p, _ := s.repo.GetProjectByID(ctx, id)
//	json.Unmarshal([]byte(p.Labels), &labels)
//	labels[key] = value
//	p.Labels = marshal(labels)
//	s.repo.UpdateProject(ctx, p)            // reported
//
// The fix belongs in the implementation: one method that reads with FOR
// UPDATE and writes in one transaction, or one atomic statement. A field
// set from the request (p.Name = req.Name) is no recomputed value and
// stays silent; noversion leaves inferred updates alone, for their WHERE
// and what they do with 0 rows are the implementation's.
//
// # Code that runs once
//
// The race needs two executions of the code at once. The analyzer asks
// passes/entry whether the function with the write can run concurrently
// with itself, and stays silent when the answer is no: it is reached only
// from main or init of its package, or from the action of a one-shot
// command (cobra Run/RunE, urfave/cli Action, kingpin Action), and from no request handler
// (net/http, chi, gorilla/mux, gin, echo, fiber), gRPC method, message
// consumer, job handler, schedule or goroutine. A seed command under cmd/
// or a tool that does its work and exits is silent; a function reached
// both from main and from a handler is reported. With no evidence either
// way (an exported repository method whose callers are in other packages,
// out of view) it is reported.
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore lostupdate only the owner's single session edits this row
package lostupdate

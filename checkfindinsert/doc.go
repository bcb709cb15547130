// Package checkfindinsert defines an Analyzer that reports check-then-insert
// races: a read that decides whether an insert of the same key runs.
//
// # Analyzer checkfindinsert
//
// checkfindinsert: report inserts decided by a lookup of the same key
//
// Two concurrent requests can both run the lookup, both see "no row", and
// both insert: duplicate users, seats booked twice, a coupon redeemed twice,
// a webhook processed twice. An application-level check is never a
// guarantee; only the database can serialize concurrent inserts.
//
// Wrong:
//
//	_, err := q.GetUserByEmail(ctx, email)
//	if err == nil {
//		return ErrEmailTaken
//	}
//	if !errors.Is(err, pgx.ErrNoRows) {
//		return err
//	}
//	_, err = q.CreateUser(ctx, db.CreateUserParams{Email: email}) // check-then-insert on users(email)
//
// Right: let a UNIQUE constraint decide and handle its violation, or make
// the insert itself conditional:
//
//	_, err := q.CreateUser(ctx, db.CreateUserParams{Email: email})
//	var pgErr *pgconn.PgError
//	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
//		return ErrEmailTaken
//	}
//
//	INSERT INTO users (email) VALUES ($1) ON CONFLICT (email) DO NOTHING
//
// The analyzer follows the lookup and the insert through repository
// methods, sqlc-generated queries, gorm chains, interfaces and transaction
// callbacks, in any package. It reports at the insert, or at the call that
// leads to it, in the function where the lookup's outcome decides it; the
// lookup is related information. A lookup made before a transaction
// callback decides what the callback inserts, whether the branch is taken
// outside (the callback is made only when nothing was found) or inside it
// on a captured value (isCreate := u == nil, then if !isCreate in the
// callback); a lookup of the same key repeated in the callback is the one
// judged.
//
// A lookup with FOR UPDATE (or FOR SHARE) does not make the race safe: it
// locks the rows it finds, and here it finds none, so two requests both
// lock nothing and both insert. The message says so.
//
// It stays silent when the insert is made safe: ON CONFLICT, INSERT IGNORE,
// ON DUPLICATE KEY UPDATE or INSERT OR IGNORE; its error tested for a unique
// violation (errors.As into *pgconn.PgError, *pq.Error, *mysql.MySQLError or
// a sqlite error, errors.Is with (or == to) gorm.ErrDuplicatedKey, the
// sentinel go-mysql/errors maps the driver's error to (ok, myerr :=
// my.Error(err); errors.Is(myerr, my.ErrDupeKey)), or a helper that does
// so; errors.Is with a driver error pointer nothing filled, never true, is
// no test); both in one SERIALIZABLE transaction; an advisory lock or a row lock
// on another (parent) row taken earlier in the same transaction; a
// sync.Mutex held over both (locked before the lookup, here or around the
// transaction callback, and not unlocked before the insert); both in a
// callback of a singleflight.Group (Do, DoChan), which runs one call per
// key at a time; both in a callback handed to a serializing executor (a
// writer that queues its callbacks on a channel to one worker goroutine,
// as services on SQLite do, reached directly or through an interface
// after a type assertion selects it; a pool of workers is still
// reported); or both after a call that claims the key in-process (a
// function that, under a sync.Mutex, records the key in a map of work in
// progress, and makes a second request for the key wait for the first,
// sync.Cond.Wait or a channel receive; or returns a bool that is true only
// for the request that recorded it, and the caller goes on only when it is
// true), given the very value the lookup and the insert use; or both on the
// held side of a distributed lock taken before the lookup (go-redis SET NX
// with its flag tested, redsync, redislock, or the application's own
// function that returns an error unless it took one), which, like an
// advisory lock, serializes every instance whatever its key. The claim must
// come before the lookup on every path; a map that records the key without
// making the second request wait or telling it, a claim whose answer the
// caller ignores, a claim of another key, a distributed lock whose outcome
// is not tested, and a lock released before the insert are still reported
// (an explicit release of a distributed lock before the insert is not
// seen).
//
// It stays silent, too, when a row of another table is inserted before the
// lookup under a unique key (the schema's, or the model's) made of the
// values the lookup's key has, and the function goes no further when that
// insert fails: a tenant created with the id the request gives, then the
// tenant's certificate if it has none. One request per key gets past that
// insert; a second waits for the first to commit and fails on the
// violation. An insert whose failure is only logged, or keyed by another
// value (a fresh id), lets every request through and is no such claim.
//
// A UNIQUE constraint and a retry settle the race together when both the
// lookup and the insert run in the operation of a retry library that tries
// again on any error (restate.Run, RunVoid and RunAsync of the Restate SDK,
// cenkalti/backoff's Retry, retry-go's Do) and the insert's error reaches
// the retry: the losing request's insert is refused, and its next attempt
// runs the lookup again and finds the winner's row.
//
//	restate.Run(ctx, func(rc restate.RunContext) (string, error) {
//		id, err := q.FindRouteByHost(rc, host)
//		if errors.Is(err, sql.ErrNoRows) {
//			return newID, q.InsertRoute(rc, newID, host) // retried: the next attempt finds the row
//		}
//		return id, err
//	})
//
// A retry that tries again only on some errors (go-retry's RetryableError,
// retry-go's RetryIf, an application's helper that retries deadlocks), an
// error made terminal (restate.TerminalError, backoff.Permanent), an
// insert whose error is logged and dropped, a transaction begun before the
// retry (the violation aborts it, and the next attempt looks in it again),
// and a key no constraint backs are still reported.
//
// In-process serialization protects one process only. idemvet takes it as
// the author's statement that the service runs as a single instance: a
// media store writing thumbnails to its local disk (dendrite's media API,
// whose in-progress map makes each thumbnail be generated once), a wallet
// hub. Two instances of such a service would race again; a service that
// runs several needs the database (a UNIQUE constraint, ON CONFLICT) or
// O_EXCL instead. It also
// stays silent when the lookup and the insert use different keys, different
// tables, or when the insert runs whether or not a row was found.
//
// A key minted in this run is no race: when a key column of the insert is
// bound to a value every origin of which is minted here (uuid.New,
// uuid.NewString, ksuid, xid, a random number; a constructor whose mint
// fact says it sets the field so; or a struct field the value is loaded
// from whose last store before the insert, on every path, sets such a
// value; or a parameter of an unexported function the package only calls
// directly, every call passing such a value), no other request holds the
// key, so none can look it up or insert it in between. So is a key the
// database generated for a row of another table this function inserted
// before the insert (INSERT INTO feeds ... RETURNING id scanned into
// feed.ID, then the new feed's entries stored under entry.FeedID =
// feed.ID): it comes back to this run alone.
//
//	s.ID = uuid.NewString()
//	err := db.QueryRowContext(ctx, "SELECT id FROM sessions WHERE id = $1", s.ID).Scan(&found)
//	if errors.Is(err, sql.ErrNoRows) {
//		db.ExecContext(ctx, "INSERT INTO sessions (id, data) VALUES ($1, $2)", s.ID, data) // silent
//	}
//
// A key minted on one path only (a new session's id, the cookie's
// otherwise), minted then overwritten from the request, read from the
// clock (time.Now), or a parameter that one caller fills from the request
// (or of an exported function, whose callers are not all seen) is still
// reported.
//
// The key is the lookup's equality columns. A column the insert does not
// name counts when the schema gives it a DEFAULT equal to the constant the
// lookup asked for: "WHERE user_id = $1 AND state = 'open'" decides an
// INSERT of user_id alone into a table whose state defaults to 'open'.
// A lookup joining tables looks each of them up by the columns its WHERE
// qualifies with that table's name or alias: "FROM files f JOIN
// invoice_pdfs p ON ... WHERE p.invoice_id = $1 AND p.locale = $2" decides
// an insert into invoice_pdfs of (invoice_id, locale). The other tables'
// conditions narrow the key like a column the insert does not name.
//
// A count compared with a limit is a capacity check, and the same race
// without any key a unique constraint could protect: concurrent requests
// all count below the limit and all insert.
//
//	n, _ := repo.CountMembers(ctx, team)   // SELECT COUNT(*) FROM members WHERE team_id = $1
//	if n >= plan.MaxMembers {
//		return ErrTeamFull
//	}
//	repo.AddMember(ctx, team, user)        // count-then-insert on members(team_id)
//
// Counts are COUNT(*) scanned into a variable, gorm Count, the length of
// the rows of pgx.CollectRows, sqlx Select or gorm Find, and counts that
// repositories return; the insert adds a row the count counts (its
// equality columns, with the same values). The fix is a lock on the parent
// row (SELECT ... FROM teams WHERE id = $1 FOR UPDATE) before counting, a
// SERIALIZABLE transaction, an advisory lock, or the database enforcing the
// limit (a trigger or a constraint on a counter column); each keeps it
// silent. A comparison with zero or one is a presence test, reported as a
// check-then-insert above.
//
// A total compared with an amount is the same race on a balance: the
// balance is a SUM over the rows (incoming less outgoing), a payment is a
// new row, and concurrent payments all read the balance before any of them
// inserts, all pass the check and together overdraw it (category
// "overdraw").
//
//	balance := isolatedBalance(tx, app)   // SUM(amount) ... WHERE app_id = $1 AND type = 'in', less ... type = 'out'
//	if amount > balance {
//		return ErrInsufficient
//	}
//	tx.Create(&Transaction{AppID: app, Type: "out", Amount: amount}) // overdraw on transactions(app_id, type)
//
// Totals are SUM aggregates (COALESCE(SUM(...), 0) too) in SQL or a gorm
// Select, values computed from them (a helper's received - spent), and
// the error of a validation helper that checks one; the insert adds a row
// the total sums (its equality columns, with the same values). The fixes
// are a capacity check's: a lock on the parent row (the wallet, the app)
// before summing, SERIALIZABLE, an advisory lock, a process mutex in a
// single-instance service, or the database enforcing the balance.
//
// The lookup may be made in Go: the rows of a set read into a map keyed
// by a column, then the items missing from the map inserted (a set
// difference), at once or collected into another map first.
//
//	old, _ := s.links(tx, post)          // SELECT id, url FROM links WHERE post_id = $1
//	byURL := map[string]*Link{}
//	for _, l := range old {
//		byURL[l.URL] = l
//	}
//	for _, l := range links {
//		if _, ok := byURL[l.URL]; !ok {
//			s.addLink(tx, l)             // check-then-insert on links(post_id, url)
//		}
//	}
//
// The key is the read's columns and the map's; the items inserted to
// complete the set carry its own columns (post_id) in fields of their
// own, so those are taken to agree. A unique index on the key with
// ON CONFLICT DO NOTHING keeps it silent, as does a map of values not read
// from the database (a Go-side dedupe of the request's own items).
//
// A count kept above a floor is the same race the other way round: a
// count of the rows matching a predicate decides a DELETE, or an UPDATE
// that sets a counted column, taking a row out of the set ("cannot delete
// the last admin"). Two requests removing the last two admins both count
// two, both pass, and none is left.
//
//	admins, _ := repo.CountUsers(&User{Admin: true}) // SELECT COUNT(*) FROM users WHERE admin = true
//	if user.Admin && admins == 1 {
//		return ErrLastAdmin
//	}
//	repo.DeleteUser(user.ID)                        // count-then-delete on users(admin)
//
// The fix is to lock the rows counted (SELECT id FROM users WHERE admin
// FOR UPDATE) in the write's transaction before counting, a SERIALIZABLE
// transaction, or the count in the write's own WHERE (DELETE ... WHERE id
// = $1 AND (SELECT COUNT(*) FROM users WHERE admin) > 1) with the rows
// affected checked; each keeps it silent, as do an UPDATE writing the
// counted column back as read or setting it to the value counted, a
// DELETE of rows the count does not count, and a loop over the rows read.
//
// An UPDATE whose affected-row count decides an insert of the same key is
// the same race the other way round (update-then-insert): when the row does
// not exist yet, concurrent requests all update nothing, since an UPDATE
// locks no absent row, and all insert.
//
//	n, _ := repo.BumpDaily(ctx, user, day) // UPDATE daily_usage SET calls = calls + 1 WHERE user_id = $1 AND day = $2
//	if n == 0 {
//		repo.StartDaily(ctx, user, day)    // update-then-insert on daily_usage(user_id, day)
//	}
//
// The fix is one INSERT ... ON CONFLICT (user_id, day) DO UPDATE, or the
// unique violation handled by updating again; both stay silent. A
// violation tested only to return an error (ErrAlreadyPlaced) or nil is no
// fix here: the loser's write is lost, so it is still reported, saying so.
// Updating again means another access of the table after the insert, on
// the violation's branch or around a loop back to the first UPDATE.
//
// A set of rows replaced in two statements, a DELETE of a parent's rows
// and an INSERT of the set computed anew, is the same race once more
// (category "replaceset"): under READ COMMITTED a second replace's DELETE
// waits for the first's and then deletes only the rows its snapshot saw,
// so the rows the first inserts survive it. Both sets are kept, or the
// second INSERT fails on a unique key.
//
//	tx.ExecContext(ctx, `DELETE FROM card_positions WHERE board_id = $1`, board)
//	for i, c := range cards {
//		tx.ExecContext(ctx, `INSERT INTO card_positions (card_id, board_id, position) VALUES ($1, $2, $3)`, c.ID, board, pos(i))
//	}                                  // replace of the card_positions rows of one board_id
//
// Lock the parent row first (SELECT id FROM boards WHERE id = $1 FOR
// UPDATE), or insert with ON CONFLICT. It stays silent when an earlier
// statement of the transaction (of the function, or of every caller
// handing it the transaction) writes or locks a row of another table (the
// parent's own UPDATE, a new parent's INSERT), in a SERIALIZABLE
// transaction, under an advisory lock or a process mutex, and on a DELETE
// by a key of the table or by two values (one row deleted and inserted
// again), on a prune (WHERE ... AND added_at < $2), and on an INSERT of
// another parent's rows. MySQL's InnoDB locks the gap the DELETE scanned,
// so there a second replace waits and then deletes the first's rows: the
// race is PostgreSQL's (and other READ COMMITTED databases').
//
// gorm's FirstOrCreate is the same race inside the library (a SELECT, then
// an INSERT when nothing was found) and is reported at its call unless the
// duplicate is handled (gorm.ErrDuplicatedKey). A get-or-create that, when
// its insert fails, looks the row up again by the same key
// (if err := db.FirstOrCreate(d, *d).Error; err != nil { return
// db.First(d, *d).Error }) handles the duplicate: the losing request reads
// the winner's row. A look-up that a test which is never true (errors.Is
// of the error and a nil *mysql.MySQLError) returns before, on every
// path, handles nothing. The lookup may be a struct the caller filled in
// (FirstOrCreate(d, *d) in a method of d): its fields are the key, as the
// insert's are.
//
// The lookup and the insert may be in other packages than the code that
// decides: a lookup helper taking its where fragment and arguments
// (findUser(tx, "phone = ? and aud = ?", phone, aud) doing
// Where(query, args...).First(u), with pop or gorm) looks up the columns
// its callers name, and a method inserting its receiver
// (func (u *User) Insert() { ...; DB.Create(u) }) inserts the fields its
// caller filled in (user := User{GitHubId: id}; if
// IsGitHubIdTaken(user.GitHubId) { ... }; user.Insert()).
//
// The same shape on the filesystem (os.Stat then os.Create of the same
// path) is reported too; the fix is os.OpenFile with O_CREATE|O_EXCL.
//
// # Code that runs once
//
// The race needs two executions of the code at once. The analyzer asks
// passes/entry whether the function with the insert can run concurrently
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
// A file races only with code of the same program, so when a file is
// created after a check in a library function that only the package's
// exported API reaches, the finding is left to the callers in other
// packages: start-up code writing a default configuration or a
// certificate, called from main, stays silent; a handler calling the same
// function is reported at its call ("check-then-insert on file(path) in
// config.EnsureCert: ..."), unless it holds a sync.Mutex over the call.
// Called from no package in view, it is not reported.
//
// Through a repository interface whose implementation is out of view, the
// accesses are inferred from the method names (GetUserByEmail, CreateUser)
// and reported only when the values line up; such a guess never yields
// "nounique": when the schema shows no constraint on the guessed key, the
// guess may have missed the key it does constrain, and the analyzer stays
// silent.
//
// A gorm FirstOrCreate whose error nothing reads, followed by a Save of
// the same model, is silent: the request losing the insert race goes on
// to Save, which writes the row by its primary key, so the row ends up
// the same created or found (FirstOrCreate(&option, Option{Key: key});
// option.Value = v; Save(&option)). Dropping the error and using what
// FirstOrCreate should have filled in (the ID of a tag to link) is
// reported.
//
// A lookup comparing a column up to case (WHERE lower(title) = lower($2))
// looks that column up. A unique index on expressions backs the columns
// they are computed from (lower(username), a hash of url): equal rows
// have equal index values. A case-insensitive lookup backed by a
// case-sensitive constraint is "unhandled", and the message says that a
// duplicate differing only in case still gets in, unless every writer
// stores the value folded (an address lowered before every insert: the
// constraint then compares folded values too, which the model does not
// follow across the application's validation helpers).
//
// Categories: "unhandled" when a UNIQUE constraint (of the schema or the
// model's tags) backs the key (the duplicate is rejected, but the losing
// request gets an unhandled error), "nounique" when the schema defines the
// table with none on the key (duplicates are certain), "unknownschema"
// when no schema source defines the table (which of the two is not
// known), "capacity" for a count compared with a limit, "overdraw" for a
// total compared with an amount, "floor" for a count kept above a floor by
// a delete or update, "replaceset" for a set deleted and inserted anew.
// Turn the guesses off with -checkfindinsert.unknownschema=false.
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore checkfindinsert the import job runs single-threaded
package checkfindinsert

// Package lockacrosscall defines an Analyzer that reports network calls
// made while a transaction holds row locks.
//
// # Analyzer lockacrosscall
//
// lockacrosscall: report network calls made while rows are locked
//
// SELECT ... FOR UPDATE, then an HTTP call to a payment provider, then
// COMMIT: the row lock is now hostage to the provider's latency and
// outages. Every other writer of the row queues behind it, connection
// pools drain, and the request that finally fails leaves a charge with no
// committed record, or the reverse. Rows the transaction has written
// (UPDATE, DELETE, an upsert) are locked the same way until it ends. A
// plain INSERT of a new row is not: no other transaction can see the row
// before commit, so nobody waits for it, and the only insert it blocks is
// a concurrent one of the same unique key. Such an insert counts as a
// lock only when it sets a unique key other than the primary key (the new
// row's id, from the table's default or serial or minted for the row)
// that the schema or the model declares: an email, a tenant's lookup key,
// which a repeated request inserts again. Upserts (ON CONFLICT DO UPDATE,
// DO NOTHING), updates, deletes, locking reads and advisory locks are
// locks whatever they write.
//
// Wrong:
//
//	tx, _ := db.BeginTx(ctx, nil)
//	tx.QueryRowContext(ctx, `SELECT user_id FROM accounts WHERE id = $1 FOR UPDATE`, id).Scan(&userID)
//	payments.Charge(ctx, req) // HTTP call (payments.Client.Charge → (*net/http.Client).Do) while the transaction holds the row lock taken at wallet.go:52 (SELECT ... FOR UPDATE); ...
//	tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
//	tx.Commit()
//
// Right: talk to the network before the transaction or after it commits,
// with an idempotency key so a retry after a crash is safe; or record the
// intent in an outbox row inside the transaction and let a relay send it
// after commit:
//
//	tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
//	tx.ExecContext(ctx, `INSERT INTO outbox (topic, payload) VALUES ('charge.requested', $1)`, payload)
//	tx.Commit()
//
// Transactions are those of passes/txscope: Begin…Commit/Rollback on one
// transaction value (database/sql, pgx, sqlx, gorm Begin), callbacks (gorm
// Transaction, pgx.BeginFunc, an application's own withTx helper in any
// package, or behind an interface whose method is named like one:
// WithinTransaction(ctx, func(ctx context.Context) error)), transactions
// carried in the context (ctx = context.WithValue(ctx, txKey{}, tx), with
// repositories in other packages picking it up through an accessor such
// as txFrom(ctx) or a db.Conn(ctx) that falls back to the pool), and
// functions given a transaction by their caller. Locks are
// locking reads (FOR UPDATE, FOR NO KEY UPDATE, FOR SHARE, FOR KEY SHARE,
// LOCK IN SHARE MODE, gorm clause.Locking), writes, and advisory locks, in
// the transaction's own code or in the repository methods it calls.
// Network calls are those of passes/netcall: net/http, go-retryablehttp,
// resty, gRPC (ClientConn.Invoke and NewStream, generated stubs through
// their interfaces), Connect RPC (connectrpc.com/connect clients and the
// protoc-gen-connect-go client interfaces), net.Dial*, mail (net/smtp,
// gomail and ory/mail, wneessen/go-mail, jordan-wright/email), Kafka
// (segmentio/kafka-go) and NATS, and the operations of service SDKs
// (aws-sdk-go v1 and v2 service clients and S3 managers,
// cloud.google.com/go/storage, minio-go, stripe-go, twilio-go,
// sendgrid-go, mailgun-go, resend-go), directly or through functions in
// any package.
//
// It reports at the outermost call in the transaction's own code that may
// reach the network, on a path from a lock to the call that does not end
// the transaction, with the lock and the witness chain.
//
// It stays silent on calls before the first lock or after Commit or
// Rollback; locks taken on a context that carries no transaction (they end
// with their statement); SDK methods that stay local (S3 presigning,
// storage handles, parameter setters); calls in goroutines (the transaction does not wait for them)
// and deferred calls (their order against the end is not modeled);
// queries on the transaction itself and outbox inserts; transactions that
// neither lock nor write (unless -lockacrosscall.anytx is set); and
// time.Sleep or channel waits while locked, which it does not report.
// A call through an interface counts when every implementation in the
// interface's package, the calling package and its direct imports reaches
// the network, stand-ins set aside: fakes in _test.go files, types named
// as fakes, mocks or no-ops (Discard, NoopMailer), and methods whose body
// only returns. A generated gRPC client counts, and so does an object
// store with an S3 implementation and a no-op one; a key manager or an
// event publisher with a local implementation doing real work (a file, a
// cache) does not, since which one runs is configuration. Calls of func
// values it cannot see are not followed.
//
// Categories: "locked" (a row lock is held), "opentx" (with -anytx, a
// transaction without locks).
//
// Flags:
//
//	-lockacrosscall.anytx=false
//	    also report network calls inside transactions that hold no row
//	    locks: the transaction, its snapshot and its connection stay open
//	    for the call's duration. Added in v0.1.
//
// # Code that runs once
//
// Unlike the race checkers, lockacrosscall reports code that runs only
// once (main, init, a one-shot command; see passes/entry): the rows it
// locks are the rows the serving instances wait for, so an admin command
// that holds them across a network call stalls the service all the same.
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore lockacrosscall the sidecar is local and answers in microseconds
package lockacrosscall

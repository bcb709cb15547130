// Package redelivery defines an Analyzer that reports webhook, message and
// job handlers whose effects repeat when the same event is delivered again.
//
// # Analyzer redelivery
//
// redelivery: report effects repeated when an event is redelivered
//
// Webhook providers, brokers and job queues deliver at least once: a
// provider retries until it gets a 2xx (and sometimes after), a broker
// redelivers a message that was not acknowledged before a crash or a
// timeout, a queue retries a job that failed or whose worker died. A
// handler whose effect is not idempotent repeats it: a subscription
// granted twice, a wallet credited twice, an email sent twice. Note that
// SET balance = balance + $1, the fix for a lost update, is exactly what
// counts twice here.
//
// Wrong:
//
//	event, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), secret)
//	...
//	db.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, amount, user)
//	// stripe webhook handler repeats this relative update of wallets.balance when the
//	// event is delivered again; claim event.ID first ...
//
// Right: claim the event's identity first, and stop when the claim finds
// it taken, in the same transaction as the effect:
//
//	res, err := tx.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, event.ID)
//	if n, _ := res.RowsAffected(); n == 0 {
//		return nil // already processed
//	}
//	tx.ExecContext(ctx, `UPDATE wallets SET balance = balance + $1 WHERE user_id = $2`, amount, user)
//
// An INSERT into a unique column with the violation handled is a claim
// too, and so are a state UPDATE whose rows affected are examined
// (UPDATE orders SET status = 'paid' WHERE id = $1 AND status = 'pending')
// and a go-redis SetNX of the key kept until it expires.
//
// A claim counts only when a redelivery of the same event finds it:
//
//   - its key is the same on every delivery: the delivery's id (stripe
//     Event.ID, the X-GitHub-Delivery or svix-id header, go-github's
//     DeliveryID, a message id, a Kafka offset, a JetStream stream
//     sequence, a job id) or a value of the event's payload (the invoice
//     id: redeliveries and other events about the same invoice find it),
//     not a value minted on each run (uuid.New, time.Now, gen_random_uuid())
//     and not a constant (that is a mutex, not a record of the event);
//   - it records the key for good: a lock (pg_try_advisory_lock,
//     redislock, redsync, a lease on a job name) is released when the
//     handler is done, and a later redelivery takes it again;
//   - it commits with the effect: the effect runs in the claim's
//     transaction, or after the claim has committed (a claim on the pool,
//     or an effect after tx.Commit: the effect may then be lost, never
//     repeated). A write on the pool, or a POST, made inside the claim's
//     transaction before it commits is repeated when the commit fails.
//
// The message names the claim that does not hold ("the claim at
// hook.go:40 keys on a value minted on each delivery").
//
// An INSERT that writes every column of a key of its table (the schema's
// primary key or a unique constraint) from values the same on each
// delivery is no effect: a redelivery violates the key. A key that a
// constructor mints is not such a value, in whatever package the
// constructor is (dbcall's facts tell which result fields a function sets
// from uuid.New, xid, ulid or a helper returning one):
//
//	c.Store.InsertOrder(ctx, domain.NewOrder(m.Customer, m.Total))       // reported: NewOrder sets ID: uuid.NewString()
//	c.Store.InsertOrder(ctx, domain.OrderFor(d.MessageId, m.Customer, m.Total)) // silent: keyed by the message
//
// Deliveries (passes/entry, from the tables in passes/apis): HTTP handlers
// that verify or parse a provider's event (stripe-go webhook.ConstructEvent
// and its variants; go-github ValidatePayload and ParseWebHook; svix
// Webhook.Verify); message handlers (a function taking a nats.go or
// JetStream message, a sarama claim, an amqp091-go delivery, a Pub/Sub
// message, a watermill message (unless the package's imports reach
// watermill's in-process gochannel and no durable watermill transport:
// a gochannel message is lost with the process, never redelivered after
// a commit), or one that reads from a kafka-go
// Reader, a franz-go client (PollFetches, PollRecords), a
// confluent-kafka-go consumer (ReadMessage, Poll), a Pulsar consumer
// (Receive), an NSQ handler (HandleMessage(*nsq.Message)), an SQS queue or a
// JetStream pull consumer: Fetch, Next, Messages().Next); job handlers
// (river Work, asynq handlers, a function taking a gocraft/work job, a
// task registered with machinery's RegisterTask); Temporal
// activities, which Temporal retries until they succeed (a function,
// method value or struct pointer given to RegisterActivity, or stored in
// a definition's field that a library registers: Definition{Func:
// a.StorePayments}), keyed by activity.GetInfo(ctx)'s workflow and
// activity id (its Attempt differs on every retry). Effects (passes/dbcall,
// passes/netcall): an INSERT without a conflict clause or a handled unique
// violation, an UPDATE relative to the stored value (c = c + $1,
// gorm.Expr, Redis INCR), an upsert whose DO UPDATE is relative (DO
// UPDATE SET amount = t.amount + EXCLUDED.amount), a POST or PATCH
// without a stable Idempotency-Key, an email, a published message, a
// gRPC call that neither reads nor moves a resource to a state (Pause,
// Delete, Cancel ...); in the handler, its closures, or any
// function it calls in any package (through summaries).
//
// A send that is the handler's last act (a POST, an email, a publish with
// no effect after it, and not in a loop) is the delivery the handler
// makes: a redelivery repeats it only when it failed or its outcome was
// lost, the at-least-once contract its receiver deduplicates on, and a
// claim before it would drop the delivery when the send fails. It is
// reported when an effect follows it (a failure there sends again), when
// a claim before it commits after it, and when its operation takes an
// idempotency key (a Stripe charge: pass one derived from the event id).
//
// It stays silent on handlers whose effects are all idempotent (absolute
// UPDATE, DELETE, upserts, INSERT ... ON CONFLICT DO NOTHING), on effects
// after a claim that holds (above), on effects in a call that claims
// first itself, on writes made only for the rows an INSERT ... ON
// CONFLICT DO NOTHING RETURNING inserted (a batch's amounts applied from
// the adjustments it stored, not from its input), and on POSTs with a
// stable Idempotency-Key. It reports at the call in the handler that performs or
// leads to the effect; where the delivery is received is related
// information.
//
// Categories: "webhook", "message", "job".
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore redelivery the provider sends each event once per endpoint and we ack after commit
package redelivery

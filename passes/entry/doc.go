// Package entry defines an Analyzer that tells, for each function of a
// package, whether it may run concurrently with itself, with the evidence.
//
// The hazards idemvet reports (check-then-insert, lost update, an update
// without its version check) need two executions of the same code at once.
// Evidence that a function runs concurrently with itself:
//
//   - it is a request handler: a net/http handler (whatever router registers
//     it: chi, gorilla/mux, the standard ServeMux), or a function taking a
//     gin, echo or fiber context;
//   - it is a gRPC service method (a method of a type embedding a generated
//     Unimplemented...Server);
//   - it consumes messages or runs jobs: a function taking a NATS, JetStream,
//     RabbitMQ, Pub/Sub or watermill message, a sarama claim, an asynq task
//     or a river job, or one that reads from a Kafka reader, an SQS queue or
//     a JetStream pull consumer;
//   - it is registered with a worker that runs it at least once per task
//     (Temporal's RegisterActivity: a function, a method value, or a
//     pointer to a struct whose exported methods it all registers), or
//     stored in a struct field whose values a function of the field's
//     package registers (a registryFact: Definition{Func: a.StorePayments}
//     ranged over by a library's New), in whatever package;
//   - it is started as a goroutine (go, errgroup.Group.Go), scheduled
//     (robfig/cron, gocron) or subscribed (nats Subscribe), directly or
//     through a wrapper of the package (schedule(c, spec, cmd) calling
//     c.AddFunc(spec, cmd)) or of another (a fact), or through a registry
//     (Register(kind, fn) keeping fn in a field of a struct type of the
//     package or in a package-level map, whose values another function
//     schedules, itself or wrapped by an adapter: c.AddFunc(spec,
//     wrap(r.kind, r.fn)) with wrap returning a closure that calls it);
//     a loop receiving from a ticker's channel (apis.Tickers) is a
//     schedule too, each call of its body a job (Schedule.Polls), and so
//     is a polling loop, pausing on every turn (apis.Sleepers) and left
//     only when told to stop or when it fails, its whole turn one job
//     (Schedule.Body);
//   - or it is called, in the package, from a function that is any of these.
//
// Evidence that it does not: it is reached only from main or init of its
// package, from the action of a one-shot command (a cobra Run/RunE, a
// urfave/cli or kingpin Action), or from a Test, Benchmark or Fuzz function of a
// _test.go file that does not call t.Parallel (its subtests run one at a
// time; a parallel test is evidence of concurrency, and so is a go
// statement of a test in a loop, while one outside a loop starts the code
// under test once beside the test), and from no function of the first
// kind.
//
// A function reached only through exported functions named as start-up
// steps (Init..., Initialize..., Migrate..., Bootstrap..., Seed...: a
// store's InitializeDBClient, whose callers are out of view) runs once
// too: it is called before anything serves. So is a function reached only
// through an exported function that opens a database connection or pool
// (apis.DBOpeners, or a function that calls one: an opensFact), such as a
// mint's LoadMint(config) opening its store and saving the seed it
// generated on the first run: a service opens its database once, while it
// starts. (A handler opening a database per request would be missed.) A
// function that syncs its tables' schema (apis.SchemaSyncs: xorm's Sync,
// gorm's AutoMigrate) counts the same way, itself only: a version table
// created on first use and seeded with its first row is start-up or
// upgrade code, while the callers of a helper that syncs on the way (a
// policy adapter built per request) inherit nothing from it.
//
// Everything else is unknown: an exported function of a library package
// (its callers are in other packages, out of view), a function whose
// address escapes where the analysis cannot follow it. Checkers treat
// unknown like concurrent: a repository package whose callers are out of
// view is reported. Verdict.API lists the exported functions through which
// out-of-view callers reach a function, so a checker can leave a local
// hazard (a file created after a check) to the callers, where the verdict
// is known.
//
// The knowledge of libraries (handler parameter types, spawners, command
// fields, consume calls) is data in passes/apis (entry.go). Functions that
// run a func parameter concurrently (a package's own go-wrapper) carry a
// fact, so callers in other packages see it.
//
// It reports no diagnostics. Checkers use its Result:
//
//	v := res.Concurrent(fn)   // Yes, No or Unknown, with v.Reason
//	if v.Answer == entry.No { return } // runs once: no race with itself
package entry

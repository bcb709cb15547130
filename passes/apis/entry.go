package apis

// EntryKind is what delivers calls to a function: the evidence that it runs
// concurrently with itself, or that it does not.
type EntryKind uint8

const (
	EntryNone      EntryKind = iota
	EntryHTTP                // an HTTP request handler (net/http, chi, gorilla/mux, gin, echo, fiber)
	EntryGRPC                // a gRPC service method
	EntryMessage             // a message consumer (NATS, Kafka, RabbitMQ, SQS, Pub/Sub)
	EntryJob                 // a job handler (river, asynq)
	EntrySchedule            // a scheduled function (robfig/cron, gocron)
	EntryGoroutine           // a function run in a goroutine (go, errgroup)
	EntryCommand             // a one-shot command's action (cobra, urfave/cli): not concurrent
)

var entryKindNames = [...]string{"", "HTTP handler", "gRPC method", "message consumer", "job handler", "scheduled job", "goroutine", "command"}

func (k EntryKind) String() string {
	if int(k) < len(entryKindNames) {
		return entryKindNames[k]
	}
	return "?"
}

// Concurrent reports whether functions delivered by this kind run
// concurrently with themselves.
func (k EntryKind) Concurrent() bool { return k != EntryNone && k != EntryCommand }

// EntryParam describes a parameter type that marks a function as run by a
// library for each request, message or job: only the library constructs
// values of it and hands them to handlers. Lib names the library for
// messages ("gin").
type EntryParam struct {
	Kind EntryKind
	Lib  string
}

// EntryParams maps named types, as "import/path.Name" without pointer or
// type arguments, to the entry they mark: a function with a parameter of
// that type (or a pointer to it) is a handler. net/http's handlers are
// matched by their whole signature instead (HTTPHandlerParams), since
// helpers of every kind take an *http.Request.
var EntryParams = map[string]EntryParam{
	"github.com/gin-gonic/gin.Context":                           {EntryHTTP, "gin"},
	"github.com/labstack/echo/v4.Context":                        {EntryHTTP, "echo"},
	"github.com/labstack/echo/v5.Context":                        {EntryHTTP, "echo"},
	"github.com/gofiber/fiber/v2.Ctx":                            {EntryHTTP, "fiber"},
	"github.com/gofiber/fiber/v3.Ctx":                            {EntryHTTP, "fiber"},
	"github.com/nats-io/nats.go.Msg":                             {EntryMessage, "nats"},
	"github.com/nats-io/nats.go/jetstream.Msg":                   {EntryMessage, "jetstream"},
	"github.com/IBM/sarama.ConsumerGroupClaim":                   {EntryMessage, "sarama"},
	"github.com/Shopify/sarama.ConsumerGroupClaim":               {EntryMessage, "sarama"},
	"github.com/rabbitmq/amqp091-go.Delivery":                    {EntryMessage, "amqp"},
	"github.com/streadway/amqp.Delivery":                         {EntryMessage, "amqp"},
	"cloud.google.com/go/pubsub.Message":                         {EntryMessage, "pubsub"},
	"cloud.google.com/go/pubsub/v2.Message":                      {EntryMessage, "pubsub"},
	"cloud.google.com/go/internal/pubsub.Message":                {EntryMessage, "pubsub"}, // pubsub.Message is an alias of it
	"github.com/hibiken/asynq.Task":                              {EntryJob, "asynq"},
	"github.com/riverqueue/river.Job":                            {EntryJob, "river"},
	"github.com/aws/aws-lambda-go/events.SQSEvent":               {EntryMessage, "lambda"},
	"github.com/aws/aws-lambda-go/events.SQSMessage":             {EntryMessage, "lambda"},
	"github.com/aws/aws-lambda-go/events.APIGatewayProxyRequest": {EntryHTTP, "lambda"},
	// watermill's handlers (message.HandlerFunc, NoPublishHandlerFunc),
	// whatever router or cqrs processor runs them
	"github.com/ThreeDotsLabs/watermill/message.Message": {EntryMessage, "watermill"},
	"github.com/gocraft/work.Job":                        {EntryJob, "gocraft/work"},
	"github.com/nsqio/go-nsq.Message":                    {EntryMessage, "nsq"},
}

// HTTPHandlerParams are the leading parameter types of a net/http handler
// (http.HandlerFunc, and httprouter's Handle with its Params after them).
var HTTPHandlerParams = []string{"net/http.ResponseWriter", "*net/http.Request"}

// Tickers are the channels that deliver a value at a fixed period: a loop
// receiving from one runs its body on a schedule, in every instance of the
// program, as a cron job does. Keys are "import/path.Type.Field" for a
// channel field of a ticker and a function's full name for a function
// returning the channel; values name the scheduler for messages.
//
//	ticker := time.NewTicker(time.Minute)
//	for { select { case <-ticker.C: s.sweep(ctx) } }   // "time.Ticker.C"
//	for range time.Tick(time.Hour) { s.bill(ctx) }     // "time.Tick"
//
// A timer received from in a loop fires again only when the loop resets
// it: it paces the loop as a ticker does.
//
//	t := time.NewTimer(0)
//	for { select { case <-t.C: s.sweep(ctx); t.Reset(time.Minute) } } // "time.Timer.C"
var Tickers = map[string]string{
	"time.Ticker.C": "ticker",
	"time.Tick":     "ticker",
	"time.Timer.C":  "timer",
}

// TickerMakers are the functions whose use in a package may start a
// ticker loop or a polling loop (the fast path of passes/entry: a package
// using none of them has no ticker schedule).
var TickerMakers = map[string]bool{
	"time.NewTicker": true,
	"time.NewTimer":  true,
	"time.Tick":      true,
	"time.Sleep":     true,
	"time.After":     true,
}

// Sleepers are the calls that pause a loop between its turns: a loop that
// sleeps on every turn and leaves only when told to stop or when it fails
// is a polling loop, run in every instance of the program as a cron job
// is. Sleep pauses; After returns the channel a receive waits on.
//
//	for {
//		if err := c.dispatchQueue(ctx); err != nil { return err }
//		time.Sleep(wait)                                       // "time.Sleep"
//	}
//	for { s.sweep(ctx); select { case <-ctx.Done(): return; case <-time.After(d): } }
var Sleepers = map[string]bool{
	"time.Sleep": true,
	"time.After": true,
}

// Spawner describes a call that runs its function argument Arg in a new
// goroutine (or on a schedule), for each call or each tick.
type Spawner struct {
	Kind EntryKind
	Arg  int
	Lib  string
}

// Spawners maps functions and methods by full name to the argument they
// run concurrently.
var Spawners = map[string]Spawner{
	"(*golang.org/x/sync/errgroup.Group).Go":              {EntryGoroutine, 0, "errgroup"},
	"(*golang.org/x/sync/errgroup.Group).TryGo":           {EntryGoroutine, 0, "errgroup"},
	"(*sync.WaitGroup).Go":                                {EntryGoroutine, 0, "sync"},
	"(*github.com/sourcegraph/conc.WaitGroup).Go":         {EntryGoroutine, 0, "conc"},
	"(*github.com/sourcegraph/conc/pool.Pool).Go":         {EntryGoroutine, 0, "conc"},
	"(*github.com/robfig/cron/v3.Cron).AddFunc":           {EntrySchedule, 1, "cron"},
	"(*github.com/robfig/cron/v3.Cron).Schedule":          {EntrySchedule, 1, "cron"},
	"(*github.com/robfig/cron/v3.Cron).AddJob":            {EntrySchedule, 1, "cron"},
	"github.com/go-co-op/gocron/v2.NewTask":               {EntrySchedule, 0, "gocron"},
	"(*github.com/go-co-op/gocron.Scheduler).Do":          {EntrySchedule, 0, "gocron"}, // v1: s.Every(1).Day().Do(fn, args...)
	"(*github.com/nats-io/nats.go.Conn).Subscribe":        {EntryMessage, 1, "nats"},
	"(*github.com/nats-io/nats.go.Conn).QueueSubscribe":   {EntryMessage, 2, "nats"},
	"(*cloud.google.com/go/pubsub.Subscription).Receive":  {EntryMessage, 1, "pubsub"},
	"(*cloud.google.com/go/pubsub/v2.Subscriber).Receive": {EntryMessage, 1, "pubsub"},
}

// CommandFields are the struct fields, as "import/path.Type.Field", whose
// functions a command-line framework calls once per invocation of the
// command: a function stored there runs once, not concurrently with itself.
var CommandFields = map[string]string{
	"github.com/spf13/cobra.Command.Run":               "cobra",
	"github.com/spf13/cobra.Command.RunE":              "cobra",
	"github.com/spf13/cobra.Command.PreRun":            "cobra",
	"github.com/spf13/cobra.Command.PreRunE":           "cobra",
	"github.com/spf13/cobra.Command.PersistentPreRun":  "cobra",
	"github.com/spf13/cobra.Command.PersistentPreRunE": "cobra",
	"github.com/spf13/cobra.Command.PostRun":           "cobra",
	"github.com/spf13/cobra.Command.PostRunE":          "cobra",
	"github.com/urfave/cli/v2.Command.Action":          "urfave/cli",
	"github.com/urfave/cli/v2.App.Action":              "urfave/cli",
	"github.com/urfave/cli/v3.Command.Action":          "urfave/cli",
}

// CommandActions are the calls that give a command-line framework the
// function it calls once per invocation of the command, by full name:
// the argument holding it and the framework's name. kingpin's
// app.Command("server", "...").Action(c.run) runs c.run when the command
// line names the command.
var CommandActions = map[string]struct {
	Lib string
	Arg int
}{}

func init() {
	for _, pkg := range []string{"gopkg.in/alecthomas/kingpin.v2", "github.com/alecthomas/kingpin/v2"} {
		for _, recv := range []string{"CmdClause", "Application"} {
			for _, m := range []string{"Action", "PreAction"} {
				CommandActions["(*"+pkg+"."+recv+")."+m] = struct {
					Lib string
					Arg int
				}{"kingpin", 0}
			}
		}
	}
}

// CommandRegistrars are the calls that register a command value whose
// method (the value) the framework calls once per invocation of the
// command, by full name: google/subcommands' Register(cmd, group) runs
// cmd.Execute when the command line names it.
var CommandRegistrars = map[string]struct{ Lib, Method string }{
	"github.com/google/subcommands.Register":              {"subcommands", "Execute"},
	"(*github.com/google/subcommands.Commander).Register": {"subcommands", "Execute"},
}

// ConsumeCalls are calls that receive one message each from a broker: a
// function calling them in a loop is a consumer.
var ConsumeCalls = map[string]EntryParam{
	"(*github.com/segmentio/kafka-go.Reader).ReadMessage":               {EntryMessage, "kafka-go"},
	"(*github.com/segmentio/kafka-go.Reader).FetchMessage":              {EntryMessage, "kafka-go"},
	"(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).ReceiveMessage": {EntryMessage, "sqs"},
	"(*github.com/rabbitmq/amqp091-go.Channel).Consume":                 {EntryMessage, "amqp"},
	"(*github.com/rabbitmq/amqp091-go.Channel).ConsumeWithContext":      {EntryMessage, "amqp"},
	"(*github.com/streadway/amqp.Channel).Consume":                      {EntryMessage, "amqp"},
	// JetStream pull consumers: a batch fetched, or the next message of
	// the consumer or of its message iterator.
	"(github.com/nats-io/nats.go/jetstream.Consumer).Fetch":       {EntryMessage, "jetstream"},
	"(github.com/nats-io/nats.go/jetstream.Consumer).FetchBytes":  {EntryMessage, "jetstream"},
	"(github.com/nats-io/nats.go/jetstream.Consumer).FetchNoWait": {EntryMessage, "jetstream"},
	"(github.com/nats-io/nats.go/jetstream.Consumer).Next":        {EntryMessage, "jetstream"},
	"(github.com/nats-io/nats.go/jetstream.MessagesContext).Next": {EntryMessage, "jetstream"},
	"(*github.com/nats-io/nats.go.Subscription).Fetch":            {EntryMessage, "jetstream"}, // the legacy JetStream pull subscription
	// franz-go's polls, and confluent-kafka-go's (librdkafka's) reads
	"(*github.com/twmb/franz-go/pkg/kgo.Client).PollFetches":                      {EntryMessage, "franz-go"},
	"(*github.com/twmb/franz-go/pkg/kgo.Client).PollRecords":                      {EntryMessage, "franz-go"},
	"(*github.com/confluentinc/confluent-kafka-go/v2/kafka.Consumer).ReadMessage": {EntryMessage, "confluent-kafka-go"},
	"(*github.com/confluentinc/confluent-kafka-go/v2/kafka.Consumer).Poll":        {EntryMessage, "confluent-kafka-go"},
	"(*github.com/confluentinc/confluent-kafka-go/kafka.Consumer).ReadMessage":    {EntryMessage, "confluent-kafka-go"},
	"(*github.com/confluentinc/confluent-kafka-go/kafka.Consumer).Poll":           {EntryMessage, "confluent-kafka-go"},
	"(github.com/apache/pulsar-client-go/pulsar.Consumer).Receive":                {EntryMessage, "pulsar"},
}

// Registrar describes a call that registers its argument Arg with a
// worker that runs it at least once per task: a function, a method value,
// or a pointer to a struct, whose exported methods are then all
// registered (Temporal's RegisterActivity).
type Registrar struct {
	Kind EntryKind
	Arg  int
	Lib  string
}

// Registrars maps the registration calls by full name. Temporal retries
// an activity by default, until it succeeds or its retry policy gives up:
// an activity that committed and then timed out runs again.
var Registrars = map[string]Registrar{
	"(go.temporal.io/sdk/worker.ActivityRegistry).RegisterActivity":            {EntryJob, 0, "temporal"},
	"(go.temporal.io/sdk/worker.ActivityRegistry).RegisterActivityWithOptions": {EntryJob, 0, "temporal"},
	// machinery retries a task its RetryCount times, and redelivers one
	// whose worker died before the broker's ack
	"(*github.com/RichardKnop/machinery/v2.Server).RegisterTask": {EntryJob, 1, "machinery"},
	"(*github.com/RichardKnop/machinery/v1.Server).RegisterTask": {EntryJob, 1, "machinery"},
}

// DBOpeners are the functions that open a database connection or pool, by
// full name. A service opens its database once, while it starts: a
// function that calls one (entry's opensFact) is start-up code, and what
// it does with the handle runs once per process.
var DBOpeners = map[string]bool{
	"database/sql.Open":                                   true,
	"database/sql.OpenDB":                                 true,
	"github.com/jmoiron/sqlx.Open":                        true,
	"github.com/jmoiron/sqlx.Connect":                     true,
	"github.com/jmoiron/sqlx.ConnectContext":              true,
	"github.com/jmoiron/sqlx.MustOpen":                    true,
	"github.com/jmoiron/sqlx.MustConnect":                 true,
	"gorm.io/gorm.Open":                                   true,
	"github.com/jinzhu/gorm.Open":                         true,
	"github.com/jackc/pgx/v5.Connect":                     true,
	"github.com/jackc/pgx/v5.ConnectConfig":               true,
	"github.com/jackc/pgx/v5/pgxpool.New":                 true,
	"github.com/jackc/pgx/v5/pgxpool.NewWithConfig":       true,
	"github.com/jackc/pgx/v4.Connect":                     true,
	"github.com/jackc/pgx/v4/pgxpool.Connect":             true,
	"github.com/jackc/pgx/v4/pgxpool.ConnectConfig":       true,
	"xorm.io/xorm.NewEngine":                              true,
	"github.com/xorm-io/xorm.NewEngine":                   true,
	"entgo.io/ent/dialect/sql.Open":                       true,
	"github.com/gobuffalo/pop/v6.Connect":                 true,
	"github.com/gobuffalo/pop/v6.NewConnection":           true,
	"github.com/ory/pop/v6.NewConnection":                 true,
	"github.com/uptrace/bun/driver/pgdriver.NewConnector": true,
}

// SchemaSyncs are the functions that create or alter a program's tables
// from its models, by full name (xorm's Sync, gorm's AutoMigrate). A
// service syncs its schema while it starts or when an upgrade command
// runs: a function that calls one is start-up code, as an opener of
// DBOpeners is (entry's opensFact).
var SchemaSyncs = map[string]bool{
	"(*xorm.io/xorm.Engine).Sync":              true,
	"(*xorm.io/xorm.Engine).Sync2":             true,
	"(*github.com/xorm-io/xorm.Engine).Sync":   true,
	"(*github.com/xorm-io/xorm.Engine).Sync2":  true,
	"(*gorm.io/gorm.DB).AutoMigrate":           true,
	"(gorm.io/gorm.Migrator).AutoMigrate":      true,
	"(*github.com/jinzhu/gorm.DB).AutoMigrate": true,
}

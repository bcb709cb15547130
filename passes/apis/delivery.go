package apis

import (
	"fmt"
	"strings"
	"sync"
)

// DeliveryKind is how a delivery reaches a handler at least once.
type DeliveryKind uint8

const (
	DeliveryNone    DeliveryKind = iota
	DeliveryWebhook              // a provider's webhook, retried until it gets a 2xx
	DeliveryMessage              // a broker's message, redelivered until acknowledged
	DeliveryJob                  // a queue's job, retried when it fails or its worker dies
)

var deliveryKindNames = [...]string{"", "webhook", "message", "job"}

func (k DeliveryKind) String() string {
	if int(k) < len(deliveryKindNames) {
		return deliveryKindNames[k]
	}
	return "?"
}

// Webhook describes a call that verifies or parses a provider's webhook
// event: a handler calling it receives the provider's deliveries. ID says
// what identifies the event, for messages.
type Webhook struct {
	Lib string
	ID  string
}

// WebhookCalls maps the verify and parse functions of webhook libraries by
// full name.
var WebhookCalls = map[string]Webhook{
	"(*github.com/svix/svix-webhooks/go.Webhook).Verify":                  {"svix", "the svix-id header"},
	"(*github.com/svix/svix-webhooks/go.Webhook).VerifyIgnoringTimestamp": {"svix", "the svix-id header"},
}

// The verify functions keep their names across the majors of stripe-go
// and go-github; each major is its own import path.
func init() {
	stripe := func(path string) {
		for _, f := range []string{"ConstructEvent", "ConstructEventWithOptions", "ConstructEventIgnoringTolerance", "ConstructEventWithTolerance"} {
			WebhookCalls[path+"/webhook."+f] = Webhook{"stripe", "event.ID"}
		}
	}
	stripe("github.com/stripe/stripe-go")
	for v := 70; v <= 90; v++ {
		stripe(fmt.Sprintf("github.com/stripe/stripe-go/v%d", v))
	}
	for v := 17; v <= 80; v++ {
		for _, f := range []string{"ValidatePayload", "ParseWebHook", "ValidatePayloadFromBody"} {
			WebhookCalls[fmt.Sprintf("github.com/google/go-github/v%d/github.%s", v, f)] = Webhook{"github", "the X-GitHub-Delivery header"}
		}
	}
}

// DeliveryIDs names what identifies the deliveries of each library whose
// handlers are recognized by a parameter (EntryParams) or a consume call.
var DeliveryIDs = map[string]string{
	"nats":               "the Nats-Msg-Id header",
	"jetstream":          "the Nats-Msg-Id header or the stream sequence",
	"sarama":             "the message's topic, partition and offset",
	"kafka-go":           "the message's topic, partition and offset",
	"amqp":               "the delivery's MessageId",
	"pubsub":             "the message ID",
	"sqs":                "the message's MessageId",
	"lambda":             "the message's MessageId",
	"asynq":              "the task ID",
	"river":              "job.ID",
	"watermill":          "the message's UUID",
	"franz-go":           "the record's topic, partition and offset",
	"gocraft/work":       "job.ID",
	"nsq":                "the message's ID",
	"pulsar":             "the message's ID (msg.ID())",
	"machinery":          "the task's signature UUID (tasks.SignatureFromContext)",
	"confluent-kafka-go": "the message's topic, partition and offset",
	"temporal":           "the activity's workflow and activity id (activity.GetInfo(ctx))",
}

// InMemoryBackend describes a library's in-process transport, which
// loses its messages with the process instead of redelivering them: its
// handlers run again only when they fail (a retry middleware), not after
// a crash that follows their commit. Durable is the path prefix of the
// library's durable transports.
type InMemoryBackend struct {
	Path    string
	Durable string
}

// InMemoryBackends maps libraries (Lib) to their in-process transport: a
// package whose imports, transitively, reach it and no durable transport
// receives no redeliveries of the library's messages (vikunja's events
// run on watermill's gochannel).
var InMemoryBackends = map[string]InMemoryBackend{
	"watermill": {Path: "github.com/ThreeDotsLabs/watermill/pubsub/gochannel", Durable: "github.com/ThreeDotsLabs/watermill-"},
}

// DeliveryNouns name what a library delivers, for messages, where "job"
// or "message" would not say it.
var DeliveryNouns = map[string]string{
	"temporal": "activity",
}

// DistLock describes a distributed lock call: the lock is held only when
// its error (Err, a result index) is nil, or its bool result (OK) is true.
type DistLock struct {
	Lib string
	Err int
	OK  int
}

// DistLocks maps the acquire calls of distributed locks by full name
// (go-redis's commands are methods of its unexported cmdable, promoted to
// Client). A
// tested acquisition is a claim: the code after it runs in one instance.
var DistLocks = map[string]DistLock{
	"(github.com/redis/go-redis/v9.cmdable).SetNX":   {"go-redis SetNX", -1, -1},
	"(github.com/redis/go-redis/v9.cmdable).SetArgs": {"go-redis SET NX", -1, -1},
	// SetNX called through go-redis's interfaces (UniversalClient,
	// Cmdable embed StringCmdable).
	"(github.com/redis/go-redis/v9.StringCmdable).SetNX":    {"go-redis SetNX", -1, -1},
	"(*github.com/bsm/redislock.Client).Obtain":             {"redislock", 1, -1},
	"github.com/bsm/redislock.Obtain":                       {"redislock", 1, -1},
	"(*github.com/go-redsync/redsync/v4.Mutex).Lock":        {"redsync", 0, -1},
	"(*github.com/go-redsync/redsync/v4.Mutex).LockContext": {"redsync", 0, -1},
	"(*github.com/go-redsync/redsync/v4.Mutex).TryLock":     {"redsync", 0, -1},
}

// DedupLocks are the distributed locks that keep their key until it
// expires, whatever the holder does (a SET NX with a time to live), with
// the index of the key argument: one taken on a delivery's id turns the
// redelivery away. The others are mutexes, released when the holder is
// done, so a later redelivery takes them again.
var DedupLocks = map[string]int{
	"(github.com/redis/go-redis/v9.cmdable).SetNX":   1,
	"(github.com/redis/go-redis/v9.cmdable).SetArgs": 1,
}

// ScheduleGuards are the options that make a scheduler run each job in
// one instance only (gocron's distributed elector and locker).
var ScheduleGuards = map[string]string{
	"github.com/go-co-op/gocron/v2.WithDistributedElector":   "gocron distributed elector",
	"github.com/go-co-op/gocron/v2.WithDistributedLocker":    "gocron distributed locker",
	"github.com/go-co-op/gocron/v2.WithDistributedJobLocker": "gocron distributed job locker",
	// v1 configures the scheduler with methods.
	"(*github.com/go-co-op/gocron.Scheduler).WithDistributedElector": "gocron distributed elector",
	"(*github.com/go-co-op/gocron.Scheduler).WithDistributedLocker":  "gocron distributed locker",
}

// pkgOfName returns the import path of a full name as types.Func.FullName
// spells it: "(*path.Type).Method", "path.Func", "path.Type".
func pkgOfName(name string) string {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "("), "*")
	if i := strings.Index(name, ")"); i >= 0 {
		name = name[:i]
	}
	// The name after the path has no dot, the path's last element may
	// (github.com/nats-io/nats.go): the path ends at the last dot.
	if i := strings.LastIndex(name, "."); i > strings.LastIndex(name, "/") {
		return name[:i]
	}
	return name
}

// DeliveryImport reports whether path is a package whose import lets a
// package receive deliveries (webhook verification, message and job
// handler types, consume calls).
func DeliveryImport(path string) bool {
	deliveryOnce.Do(func() {
		deliveryPkgs = map[string]bool{}
		for k, p := range EntryParams {
			if p.Kind == EntryMessage || p.Kind == EntryJob {
				deliveryPkgs[pkgOfName(k)] = true
			}
		}
		for k := range WebhookCalls {
			deliveryPkgs[pkgOfName(k)] = true
		}
		for k := range ConsumeCalls {
			deliveryPkgs[pkgOfName(k)] = true
		}
		for k := range Registrars {
			deliveryPkgs[pkgOfName(k)] = true
		}
		schedulePkgs = map[string]bool{}
		for k, s := range Spawners {
			if s.Kind == EntrySchedule {
				schedulePkgs[pkgOfName(k)] = true
			}
		}
	})
	return deliveryPkgs[path]
}

// ScheduleImport reports whether path is a scheduler's package.
func ScheduleImport(path string) bool {
	DeliveryImport("")
	return schedulePkgs[path]
}

var (
	deliveryOnce               sync.Once
	deliveryPkgs, schedulePkgs map[string]bool
)

// DeliveryIDFields are the struct fields, as "import/path.Type.Field",
// that carry the identity of a delivery: the same on every delivery of one
// event, different for two events (stripe.Event.ID, amqp
// Delivery.MessageId, river's JobRow.ID).
var DeliveryIDFields = map[string]bool{
	"github.com/rabbitmq/amqp091-go.Delivery.MessageId":                         true,
	"github.com/streadway/amqp.Delivery.MessageId":                              true,
	"cloud.google.com/go/pubsub.Message.ID":                                     true,
	"cloud.google.com/go/pubsub/v2.Message.ID":                                  true,
	"cloud.google.com/go/internal/pubsub.Message.ID":                            true,
	"github.com/aws/aws-sdk-go-v2/service/sqs/types.Message.MessageId":          true,
	"github.com/aws/aws-lambda-go/events.SQSMessage.MessageId":                  true,
	"github.com/riverqueue/river/rivertype.JobRow.ID":                           true,
	"github.com/IBM/sarama.ConsumerMessage.Offset":                              true,
	"github.com/Shopify/sarama.ConsumerMessage.Offset":                          true,
	"github.com/segmentio/kafka-go.Message.Offset":                              true,
	"github.com/nats-io/nats.go.SequencePair.Stream":                            true,
	"github.com/nats-io/nats.go/jetstream.SequencePair.Stream":                  true,
	"github.com/ThreeDotsLabs/watermill/message.Message.UUID":                   true,
	"github.com/twmb/franz-go/pkg/kgo.Record.Offset":                            true,
	"github.com/gocraft/work.Job.ID":                                            true,
	"github.com/nsqio/go-nsq.Message.ID":                                        true,
	"github.com/RichardKnop/machinery/v2/tasks.Signature.UUID":                  true,
	"github.com/RichardKnop/machinery/v1/tasks.Signature.UUID":                  true,
	"github.com/confluentinc/confluent-kafka-go/v2/kafka.TopicPartition.Offset": true,
	"github.com/confluentinc/confluent-kafka-go/kafka.TopicPartition.Offset":    true,
	// activity.Info is an alias of the internal ActivityInfo: the
	// activity's id and its workflow's, the same on every attempt
	"go.temporal.io/sdk/internal.ActivityInfo.ActivityID": true,
	"go.temporal.io/sdk/internal.WorkflowExecution.ID":    true,
}

// AttemptFields are the struct fields, as "import/path.Type.Field", that
// differ on each attempt of one delivery: a claim keyed by them is never
// found taken by a retry.
var AttemptFields = map[string]bool{
	"go.temporal.io/sdk/internal.ActivityInfo.Attempt":     true,
	"go.temporal.io/sdk/internal.ActivityInfo.StartedTime": true,
	"go.temporal.io/sdk/internal.ActivityInfo.TaskToken":   true,
}

// DeliveryIDCalls are functions returning the identity of the delivery
// being handled (asynq's task id, go-github's X-GitHub-Delivery reader).
var DeliveryIDCalls = map[string]bool{
	"github.com/hibiken/asynq.GetTaskID":                     true,
	"(*github.com/hibiken/asynq.ResultWriter).TaskID":        true,
	"(github.com/apache/pulsar-client-go/pulsar.Message).ID": true,
}

// DeliveryIDHeaders are the headers, in lower case, that carry the id of a
// webhook or message delivery, read with a Get method of a header type
// (DeliveryHeaderGetters).
var DeliveryIDHeaders = map[string]bool{
	"x-github-delivery":    true,
	"svix-id":              true,
	"webhook-id":           true, // Standard Webhooks, which svix implements
	"nats-msg-id":          true,
	"x-gitlab-event-uuid":  true,
	"x-shopify-webhook-id": true,
}

// DeliveryHeaderGetters are the methods reading a header by name.
var DeliveryHeaderGetters = map[string]bool{
	"(net/http.Header).Get":                   true,
	"(github.com/nats-io/nats.go.Header).Get": true,
}

func init() {
	for v := 70; v <= 90; v++ {
		DeliveryIDFields[fmt.Sprintf("github.com/stripe/stripe-go/v%d.Event.ID", v)] = true
	}
	DeliveryIDFields["github.com/stripe/stripe-go.Event.ID"] = true
	for v := 17; v <= 80; v++ {
		DeliveryIDCalls[fmt.Sprintf("github.com/google/go-github/v%d/github.DeliveryID", v)] = true
	}
}

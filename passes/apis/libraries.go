package apis

import "strings"

// describedPrefixes are the import paths (and path prefixes) of the
// libraries these tables describe: database drivers and ORMs, network
// clients and message buses, retry libraries. idemvet's passes never look
// inside them and attach no facts to them; go vet's fact-only runs of them
// can be skipped.
var describedPrefixes = []string{
	// databases
	"github.com/jackc/", "github.com/lib/pq", "github.com/go-sql-driver/", "github.com/mattn/go-sqlite3",
	"modernc.org/", "github.com/jmoiron/sqlx", "gorm.io/", "github.com/georgysavva/scany/",
	"github.com/redis/go-redis/",
	// query builders and ORMs (squirrel's own builder library, lann/builder
	// and lann/ps, with it)
	SquirrelPkg, "github.com/lann/", GormV1Pkg, "github.com/jinzhu/inflection", BunPkg, "github.com/vmihailenco/tagparser", "github.com/puzpuzpuz/xsync", EntPkg, "ariga.io/atlas",
	// xorm and its builder, caches and dialects (xorm.io/...)
	"xorm.io/",
	// pop and the gobuffalo libraries it is built on (fizz migrations,
	// flect's inflections, nulls, validate, plush templates, envy), and
	// its instrumented driver wrapper; not buffalo itself, whose mailers
	// send mail
	"github.com/gobuffalo/pop", "github.com/gobuffalo/fizz", "github.com/gobuffalo/flect", "github.com/gobuffalo/nulls",
	"github.com/gobuffalo/validate", "github.com/gobuffalo/plush", "github.com/gobuffalo/envy", "github.com/gobuffalo/helpers",
	"github.com/gobuffalo/tags", "github.com/gobuffalo/github_flavored_markdown", "github.com/luna-duclos/instrumentedsql",
	// goqu and its dialects, executor and expressions (v9 is assembled;
	// the older major versions are never analyzed either)
	"github.com/doug-martin/goqu",
	// gorp (its SQL-text methods, and the model methods of the structs a
	// package registers)
	GorpPkg,
	// zdb (its SQL-text functions) and its drivers
	ZdbPkg,
	// pocketbase/dbx (its Query of SQL text; its builders are not assembled)
	DbxPkg,
	// sqlboiler (its generated models are read by shape, sqlboiler.go),
	// its fork, and the libraries its generated code uses (null types,
	// strmangle's inflections, randomize for its generated tests)
	"github.com/volatiletech/sqlboiler", "github.com/aarondl/sqlboiler", "github.com/volatiletech/null", "github.com/aarondl/null",
	"github.com/volatiletech/strmangle", "github.com/aarondl/strmangle", "github.com/volatiletech/randomize", "github.com/aarondl/randomize",
	// named SQL files (namedsql.go): their statements are read from the
	// module's .sql files
	DotsqlPkg, DotsqlOldPkg, "github.com/knadh/goyesql", "github.com/nleof/goyesql",
	// ORMs, builders, SQL loaders and migration tools whose statements the
	// model does not assemble (yet): their own code runs SQL it builds from
	// its parameters, which read as application code would make up
	// accesses (gobuffalo/pop's packages did); never analyzed.
	"github.com/go-xorm/",
	"github.com/gocraft/dbr", "github.com/upper/db", "github.com/go-pg/pg",
	"github.com/huandu/go-sqlbuilder", "github.com/stephenafamo/bob", "github.com/go-jet/jet",
	"github.com/pressly/goose", "github.com/golang-migrate/migrate", "github.com/rubenv/sql-migrate",
	"github.com/DATA-DOG/go-sqlmock",
	// network
	"google.golang.org/grpc", "google.golang.org/protobuf", "github.com/segmentio/kafka-go",
	"github.com/nats-io/", "golang.org/x/net", "github.com/hashicorp/go-cleanhttp",
	// mail (net.go's MailSends; mailgun and resend are SDKs, sdk.go)
	GomailPkg, OryMailPkg, GoMailPkg, JWEmailPkg, mailgunPkg, resendPkg,
	// service SDKs (sdk.go) and gRPC middleware
	"github.com/aws/aws-sdk-go", "github.com/aws/aws-sdk-go-v2", "github.com/aws/smithy-go", "cloud.google.com/go/", "github.com/minio/minio-go",
	"github.com/stripe/stripe-go", "github.com/twilio/twilio-go", "github.com/sendgrid/", "github.com/grpc-ecosystem/go-grpc-middleware",
	// logging: a log call is no network call of the code that logs, even
	// when the logger's sink ships entries to a collector (found on
	// flexprice: every zap Infow inside a transaction reached a TLS dial
	// through zapcore's interfaces, 19 false lockacrosscall findings);
	// never analyzed, so a logger carries no database or network effect
	"go.uber.org/zap", "github.com/sirupsen/logrus", "github.com/rs/zerolog", "github.com/go-logr/", "k8s.io/klog",
	"github.com/hashicorp/go-hclog", "github.com/apex/log", "github.com/charmbracelet/log", "github.com/inconshreveable/log15",
	"github.com/phuslu/log", "gopkg.in/natefinch/lumberjack.v2", "github.com/natefinch/lumberjack",
	// log shippers and error reporters, which queue entries and send them
	// from their own goroutines (flexprice's logger posts every entry to
	// fluentd after zap: fluent-logger-golang, Async)
	"github.com/fluent/fluent-logger-golang", "gopkg.in/Graylog2/go-gelf", "github.com/getsentry/sentry-go",
	// retries and retrying clients
	"github.com/cenkalti/backoff", "github.com/avast/retry-go", "github.com/sethvargo/go-retry",
	"github.com/hashicorp/go-retryablehttp", "github.com/go-resty/resty",
}

// Described reports whether path is a library these tables describe.
func Described(path string) bool {
	path = Canonical(path)
	for _, p := range describedPrefixes {
		if path == p || strings.HasPrefix(path, p) && (strings.HasSuffix(p, "/") || len(path) > len(p) && (path[len(p)] == '/' || path[len(p)] == '.')) {
			return true
		}
	}
	return false
}

// stdRoots are the first path elements of the standard library's packages.
var stdRoots = map[string]bool{
	"archive": true, "bufio": true, "bytes": true, "cmp": true, "compress": true, "container": true,
	"context": true, "crypto": true, "database": true, "debug": true, "embed": true, "encoding": true,
	"errors": true, "expvar": true, "flag": true, "fmt": true, "go": true, "hash": true, "html": true,
	"image": true, "index": true, "internal": true, "io": true, "iter": true, "log": true, "maps": true,
	"math": true, "mime": true, "net": true, "os": true, "path": true, "plugin": true, "reflect": true,
	"regexp": true, "runtime": true, "slices": true, "sort": true, "strconv": true, "strings": true,
	"structs": true, "sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "vendor": true, "weak": true, "cmd": true,
}

// IsStd reports whether path is a standard library package.
func IsStd(path string) bool {
	return stdRoots[strings.SplitN(path, "/", 2)[0]]
}

// Library reports whether path is the standard library or a described
// library: code idemvet knows by these tables, never by analysis.
func Library(path string) bool { return IsStd(path) || Described(path) }

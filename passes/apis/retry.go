package apis

import "sync"

// RetryFunc describes a library function that calls an operation again
// when it fails: the argument holding the operation (counting without a
// receiver), and the library's short name for messages.
type RetryFunc struct {
	Op    int
	Label string
	// Mark, when set, is the function that marks an error retryable: the
	// library returns any other error at once (go-retry's RetryableError).
	Mark string
	// Step reports a durable-execution step (restate.Run): the engine
	// journals the operation's result and runs the operation again while
	// it fails, within the step's retry policy; a replay after it
	// succeeded returns the journaled result without running it.
	Step bool
}

const (
	backoffV4Pkg = "github.com/cenkalti/backoff/v4"
	backoffV5Pkg = "github.com/cenkalti/backoff/v5"
	retryGoPkg   = "github.com/avast/retry-go/v4"
	goRetryPkg   = "github.com/sethvargo/go-retry"
	goRetryMark  = goRetryPkg + ".RetryableError"
	// RestatePkg is the Restate Go SDK: Run journals the result of its
	// closure and runs the closure again while it fails with an error
	// that is not terminal (restate.TerminalError).
	RestatePkg = "github.com/restatedev/sdk-go"
)

// RetryFuncs maps retry library functions by full name (generic functions
// by their origin's name).
var RetryFuncs = map[string]RetryFunc{
	backoffV4Pkg + ".Retry":                       {Op: 0, Label: "backoff.Retry"},
	backoffV4Pkg + ".RetryNotify":                 {Op: 0, Label: "backoff.RetryNotify"},
	backoffV4Pkg + ".RetryWithData":               {Op: 0, Label: "backoff.RetryWithData"},
	backoffV4Pkg + ".RetryNotifyWithData":         {Op: 0, Label: "backoff.RetryNotifyWithData"},
	backoffV4Pkg + ".RetryNotifyWithTimer":        {Op: 0, Label: "backoff.RetryNotifyWithTimer"},
	backoffV4Pkg + ".RetryNotifyWithTimerAndData": {Op: 0, Label: "backoff.RetryNotifyWithTimerAndData"},
	backoffV5Pkg + ".Retry":                       {Op: 1, Label: "backoff.Retry"},
	retryGoPkg + ".Do":                            {Op: 0, Label: "retry.Do"},
	retryGoPkg + ".DoWithData":                    {Op: 0, Label: "retry.DoWithData"},
	goRetryPkg + ".Do":                            {Op: 2, Label: "retry.Do", Mark: goRetryMark},
	goRetryPkg + ".DoValue":                       {Op: 2, Label: "retry.DoValue", Mark: goRetryMark},
	goRetryPkg + ".Constant":                      {Op: 2, Label: "retry.Constant", Mark: goRetryMark},
	goRetryPkg + ".Exponential":                   {Op: 2, Label: "retry.Exponential", Mark: goRetryMark},
	goRetryPkg + ".Fibonacci":                     {Op: 2, Label: "retry.Fibonacci", Mark: goRetryMark},
	RestatePkg + ".Run":                           {Op: 1, Label: "restate.Run", Step: true},
	RestatePkg + ".RunVoid":                       {Op: 1, Label: "restate.RunVoid", Step: true},
	RestatePkg + ".RunAsync":                      {Op: 1, Label: "restate.RunAsync", Step: true},
}

// backoffOldPkgs are cenkalti/backoff's import paths before v4, whose
// Retry, RetryNotify, WithMaxRetries and BackOff read as v4's (kratos and
// hydra still use v2.2.1+incompatible): described as v4 by init.
var backoffOldPkgs = []string{"github.com/cenkalti/backoff", "github.com/cenkalti/backoff/v3"}

func init() {
	for _, old := range backoffOldPkgs {
		for _, name := range []string{".Retry", ".RetryNotify", ".RetryNotifyWithTimer"} {
			RetryFuncs[old+name] = RetryFuncs[backoffV4Pkg+name]
		}
		PermanentErrors[old+".Permanent"] = true
		NoRetryOptions[old+".WithMaxRetries"] = NoRetryOptions[backoffV4Pkg+".WithMaxRetries"]
		Waits["("+old+".BackOff).NextBackOff"] = true
		Waits["(*"+old+".ExponentialBackOff).NextBackOff"] = true
	}
}

// PermanentErrors are the functions that wrap an error so a retry
// library does not try again (backoff.Permanent, restate.TerminalError).
var PermanentErrors = map[string]bool{
	backoffV4Pkg + ".Permanent":   true,
	backoffV5Pkg + ".Permanent":   true,
	RestatePkg + ".TerminalError": true,
	retryGoPkg + ".Unrecoverable": true,
}

// RetryConditions are the options that make a retry library try again
// only on the errors a predicate accepts (retry-go's RetryIf).
var RetryConditions = map[string]bool{
	retryGoPkg + ".RetryIf": true,
}

// NoRetryOption describes a retry option that, called with the constant
// Value at argument Arg, turns the retries off (retry.Attempts(1),
// backoff.WithMaxRetries(b, 0), backoff v5's WithMaxTries(1)).
type NoRetryOption struct {
	Arg   int
	Value int64
}

// NoRetryOptions maps retry options by full name.
var NoRetryOptions = map[string]NoRetryOption{
	retryGoPkg + ".Attempts":             {0, 1},
	backoffV4Pkg + ".WithMaxRetries":     {1, 0},
	backoffV5Pkg + ".WithMaxTries":       {0, 1},
	goRetryPkg + ".WithMaxRetries":       {0, 0},
	RestatePkg + ".WithMaxRetryAttempts": {0, 1},
}

// Waits are the calls that pause a loop between attempts: evidence that
// the loop is waiting to try again.
var Waits = map[string]bool{
	"time.Sleep":    true,
	"time.After":    true,
	"time.NewTimer": true,
	"time.Tick":     true,
	"(" + backoffV4Pkg + ".BackOff).NextBackOff":             true,
	"(*" + backoffV4Pkg + ".ExponentialBackOff).NextBackOff": true,
	"(" + backoffV5Pkg + ".BackOff).NextBackOff":             true,
	"(*" + backoffV5Pkg + ".ExponentialBackOff).NextBackOff": true,
}

// Sleeps are the calls that block the goroutine for a while without doing
// anything: inside a transaction holding row locks they extend the lock.
var Sleeps = map[string]bool{
	"time.Sleep": true,
}

// RetryClient describes how a library's HTTP client retries.
type RetryClient struct {
	Lib HTTPLib
	// Default is the number of retries of a client fresh from the
	// constructor.
	Default int64
}

// RetryClientCtors maps client constructors by full name.
var RetryClientCtors = map[string]RetryClient{
	RetryableHTTPPkg + ".NewClient": {Lib: HTTPRetryable, Default: 4},
	RestyPkg + ".New":               {Lib: HTTPResty, Default: 0},
	RestyPkg + ".NewWithClient":     {Lib: HTTPResty, Default: 0},
	RestyPkg + ".NewWithLocalAddr":  {Lib: HTTPResty, Default: 0},
}

// RetryCountSetters are the methods setting a client's number of retries
// (argument 0) and returning the client.
var RetryCountSetters = map[string]bool{
	"(*" + RestyPkg + ".Client).SetRetryCount": true,
}

// RetryCountFields are the client fields holding the number of retries;
// RetryPolicyFields hold a custom retry policy (the model cannot tell
// which requests it retries).
var (
	RetryCountFields  = map[string]bool{"(" + RetryableHTTPPkg + ".Client).RetryMax": true, "(" + RestyPkg + ".Client).RetryCount": true}
	RetryPolicyFields = map[string]bool{"(" + RetryableHTTPPkg + ".Client).CheckRetry": true}
)

// ClientTypes are the retrying HTTP client types.
var ClientTypes = map[string]HTTPLib{
	"*" + RetryableHTTPPkg + ".Client": HTTPRetryable,
	"*" + RestyPkg + ".Client":         HTTPResty,
}

// StandardClients are methods returning a *net/http.Client that sends
// through the receiver's retry logic.
var StandardClients = map[string]bool{
	"(*" + RetryableHTTPPkg + ".Client).StandardClient": true,
}

// SyncRunners are library functions that call a func argument before they
// return, beyond the retry libraries and the transaction functions of
// Methods (OpTxFunc): the argument index, counting without the receiver.
var SyncRunners = map[string]int{
	"(*sync.Once).Do":                0,
	"(*gorm.io/gorm.DB).Transaction": 0,
}

// gRPC retries configured on the connection: every unary call through a
// connection dialed with a retry interceptor, or with a service config
// holding a retryPolicy, is retried by the library.
const (
	grpcMiddlewareV1Retry = "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	grpcMiddlewareV2Retry = "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	// GRPCPkg is grpc-go's import path.
	GRPCPkg = grpcPkg
)

// GRPCDials maps the functions creating a client connection to the index
// of their variadic ...DialOption argument.
var GRPCDials = map[string]int{
	grpcPkg + ".Dial":        1,
	grpcPkg + ".DialContext": 2,
	grpcPkg + ".NewClient":   1,
}

// GRPCInterceptorOptions are the dial options installing unary client
// interceptors (their arguments are the interceptors).
var GRPCInterceptorOptions = map[string]bool{
	grpcPkg + ".WithUnaryInterceptor":      true,
	grpcPkg + ".WithChainUnaryInterceptor": true,
}

// GRPCServiceConfigOptions are the dial options taking a service config
// as JSON text (argument 0): a "retryPolicy" in it retries calls
// ("maxAttempts" counts the first attempt).
var GRPCServiceConfigOptions = map[string]bool{
	grpcPkg + ".WithDefaultServiceConfig": true,
}

// GRPCRetryInterceptors are the constructors of retrying unary client
// interceptors, whose variadic options (argument 0) set the number of
// retries; without WithMax they retry nothing (go-grpc-middleware's
// default is 0) until a call asks with a WithMax call option.
var GRPCRetryInterceptors = map[string]bool{
	grpcMiddlewareV1Retry + ".UnaryClientInterceptor": true,
	grpcMiddlewareV2Retry + ".UnaryClientInterceptor": true,
}

// GRPCRetryMax are the retry interceptor options setting the number of
// retries (argument 0), as interceptor options or per-call options;
// retry.Disable() is WithMax(0).
var GRPCRetryMax = map[string]bool{
	grpcMiddlewareV1Retry + ".WithMax": true,
	grpcMiddlewareV2Retry + ".WithMax": true,
}

// GRPCRetryDisable are the per-call options turning the retries off.
var GRPCRetryDisable = map[string]bool{
	grpcMiddlewareV1Retry + ".Disable": true,
	grpcMiddlewareV2Retry + ".Disable": true,
}

// GRPCEffects are the prefixes of gRPC method names whose repeat repeats
// an effect: a new resource, message, event, run or payment. Other
// methods (reads, heartbeats, acknowledgements, absolute updates and
// deletes) are taken as idempotent: gRPC names are free-form, and
// precision comes first. A "Bulk" or "Batch" prefix is looked through.
var GRPCEffects = []string{"Create", "Push", "Send", "Publish", "Trigger", "Run", "Schedule", "Enqueue", "Add",
	"Insert", "Submit", "Place", "Post", "Emit", "Increment", "Charge", "Pay", "Transfer", "Refund", "Capture",
	"Register", "Issue", "Spawn", "Append", "Notify", "Deposit", "Withdraw", "Book", "Reserve", "Order", "Purchase"}

// GRPCKeyFields are the fields of a request message that carry an
// idempotency key by their name.
var GRPCKeyFields = []string{"IdempotencyKey", "IdempotencyToken", "RequestId", "RequestID", "ClientToken", "DedupKey", "DeduplicationId", "OperationId"}

// retryPkgs are the packages whose functions the retry tables name.
var retryPkgs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for k := range RetryFuncs {
		m[pkgOfName(k)] = true
	}
	for k := range RetryClientCtors {
		m[pkgOfName(k)] = true
	}
	for k := range GRPCDials {
		m[pkgOfName(k)] = true
	}
	for k := range GRPCRetryInterceptors {
		m[pkgOfName(k)] = true
	}
	return m
})

// RetryPackage reports whether a function of the package at path may be a
// retry function, a retrying client's constructor, a gRPC dial or a retry
// interceptor: whether RetryFuncs, RetryClientCtors, GRPCDials or
// GRPCRetryInterceptors name one of its functions.
func RetryPackage(path string) bool { return retryPkgs()[path] }

package apis

import "go/types"

// NetKind is what a network call talks to.
type NetKind uint8

const (
	NetNone    NetKind = iota
	NetHTTP            // an HTTP request (net/http, go-retryablehttp, resty)
	NetGRPC            // a gRPC call (ClientConn.Invoke, NewStream, generated stubs)
	NetSMTP            // mail through net/smtp or a mail library (MailSends)
	NetKafka           // a Kafka producer or consumer (segmentio/kafka-go)
	NetNATS            // a NATS publish or request (nats.go)
	NetDial            // a raw connection (net.Dial*, tls.Dial)
	NetConnect         // a Connect RPC (connectrpc.com/connect clients, generated or not)
)

var netKindNames = [...]string{"", "HTTP", "gRPC", "SMTP", "Kafka", "NATS", "network", "Connect RPC"}

func (k NetKind) String() string {
	if int(k) < len(netKindNames) {
		return netKindNames[k]
	}
	return "?"
}

// HTTPLib identifies the library an HTTP request is sent with; the retry
// behavior of its clients differs.
type HTTPLib uint8

const (
	HTTPNone      HTTPLib = iota
	HTTPStd               // net/http
	HTTPRetryable         // github.com/hashicorp/go-retryablehttp
	HTTPResty             // github.com/go-resty/resty/v2
	HTTPSDK               // a service SDK's client (aws-sdk-go, stripe-go, ...)
	HTTPGRPC              // a unary gRPC call (HTTP/2 POST), for its retries
)

var httpLibNames = [...]string{"", "net/http", "retryablehttp", "resty", "sdk", "gRPC"}

func (l HTTPLib) String() string {
	if int(l) < len(httpLibNames) {
		return httpLibNames[l]
	}
	return "?"
}

// NetFunc describes a library function or method that reaches the network.
// Argument indexes count the call's arguments without the receiver; -1
// means absent.
type NetFunc struct {
	Kind NetKind
	Lib  HTTPLib
	// Method is the HTTP method the function always sends ("POST" for
	// http.Post); MethodArg is the argument holding it otherwise
	// (resty's Execute(method, url)).
	Method    string
	MethodArg int
	URLArg    int
	// RequestArg is the request argument (Client.Do(req)); RequestRecv
	// reports that the receiver is the request (resty's Request.Post).
	RequestArg  int
	RequestRecv bool
	// ClientRecv reports that the receiver is the client the request is
	// sent with (its retry configuration matters).
	ClientRecv bool
	// API names a service SDK's operation ("SQS SendMessage",
	// "Stripe charge.New"); Idempotent reports an operation whose repeat
	// repeats no effect whatever its HTTP method.
	API        string
	Idempotent bool
	// KeyFields, when set, are the fields of the argument KeyArg (an
	// operation's input struct, possibly through embedded structs) that
	// carry an idempotency key.
	KeyArg    int
	KeyFields []string
}

func nf(kind NetKind) NetFunc {
	return NetFunc{Kind: kind, MethodArg: -1, URLArg: -1, RequestArg: -1}
}

func httpSend(lib HTTPLib, method string, url, req int, clientRecv bool) NetFunc {
	return NetFunc{Kind: NetHTTP, Lib: lib, Method: method, MethodArg: -1, URLArg: url, RequestArg: req, ClientRecv: clientRecv}
}

const (
	httpPkg      = "net/http"
	grpcPkg      = "google.golang.org/grpc"
	connectPkg   = "connectrpc.com/connect"
	kafkaPkg     = "github.com/segmentio/kafka-go"
	natsPkg      = "github.com/nats-io/nats.go"
	jetstreamPkg = "github.com/nats-io/nats.go/jetstream"
	// RetryableHTTPPkg is go-retryablehttp's import path.
	RetryableHTTPPkg = "github.com/hashicorp/go-retryablehttp"
	// RestyPkg is resty v2's import path.
	RestyPkg = "github.com/go-resty/resty/v2"
)

// NetFuncs maps the full name of each library function or method that
// performs network I/O to what it does.
var NetFuncs = map[string]NetFunc{
	// net/http: package functions use http.DefaultClient, which never
	// retries.
	"net/http.Get":                                   httpSend(HTTPStd, "GET", 0, -1, false),
	"net/http.Head":                                  httpSend(HTTPStd, "HEAD", 0, -1, false),
	"net/http.Post":                                  httpSend(HTTPStd, "POST", 0, -1, false),
	"net/http.PostForm":                              httpSend(HTTPStd, "POST", 0, -1, false),
	"(*net/http.Client).Do":                          httpSend(HTTPStd, "", -1, 0, true),
	"(*net/http.Client).Get":                         httpSend(HTTPStd, "GET", 0, -1, true),
	"(*net/http.Client).Head":                        httpSend(HTTPStd, "HEAD", 0, -1, true),
	"(*net/http.Client).Post":                        httpSend(HTTPStd, "POST", 0, -1, true),
	"(*net/http.Client).PostForm":                    httpSend(HTTPStd, "POST", 0, -1, true),
	"(*net/http.Transport).RoundTrip":                httpSend(HTTPStd, "", -1, 0, false),
	"(net/http.RoundTripper).RoundTrip":              httpSend(HTTPStd, "", -1, 0, false),
	"(*" + RetryableHTTPPkg + ".Client).Do":          httpSend(HTTPRetryable, "", -1, 0, true),
	"(*" + RetryableHTTPPkg + ".Client).Get":         httpSend(HTTPRetryable, "GET", 0, -1, true),
	"(*" + RetryableHTTPPkg + ".Client).Head":        httpSend(HTTPRetryable, "HEAD", 0, -1, true),
	"(*" + RetryableHTTPPkg + ".Client).Post":        httpSend(HTTPRetryable, "POST", 0, -1, true),
	"(*" + RetryableHTTPPkg + ".Client).PostForm":    httpSend(HTTPRetryable, "POST", 0, -1, true),
	"github.com/hashicorp/go-retryablehttp.Get":      httpSend(HTTPRetryable, "GET", 0, -1, false),
	"github.com/hashicorp/go-retryablehttp.Head":     httpSend(HTTPRetryable, "HEAD", 0, -1, false),
	"github.com/hashicorp/go-retryablehttp.Post":     httpSend(HTTPRetryable, "POST", 0, -1, false),
	"github.com/hashicorp/go-retryablehttp.PostForm": httpSend(HTTPRetryable, "POST", 0, -1, false),

	"(*" + grpcPkg + ".ClientConn).Invoke":            nf(NetGRPC),
	"(*" + grpcPkg + ".ClientConn).NewStream":         nf(NetGRPC),
	"(" + grpcPkg + ".ClientConnInterface).Invoke":    nf(NetGRPC),
	"(" + grpcPkg + ".ClientConnInterface).NewStream": nf(NetGRPC),
	grpcPkg + ".Invoke":                               nf(NetGRPC),
	grpcPkg + ".NewClientStream":                      nf(NetGRPC),

	// connectrpc.com/connect: a client of one procedure sends each call as
	// an HTTP request (Connect, gRPC or gRPC-Web on the wire). Generated
	// clients (protoc-gen-connect-go's fooServiceClient) call these, so
	// their interfaces reach the network through the implementation.
	"(*" + connectPkg + ".Client[Req, Res]).CallUnary":              nf(NetConnect),
	"(*" + connectPkg + ".Client[Req, Res]).CallClientStream":       nf(NetConnect),
	"(*" + connectPkg + ".Client[Req, Res]).CallClientStreamSimple": nf(NetConnect),
	"(*" + connectPkg + ".Client[Req, Res]).CallServerStream":       nf(NetConnect),
	"(*" + connectPkg + ".Client[Req, Res]).CallBidiStream":         nf(NetConnect),
	"(*" + connectPkg + ".Client[Req, Res]).CallBidiStreamSimple":   nf(NetConnect),

	"net/smtp.SendMail": nf(NetSMTP),
	"net/smtp.Dial":     nf(NetSMTP),
	// (MailSends and MailDials are added by init.)

	"net.Dial":                         nf(NetDial),
	"net.DialTimeout":                  nf(NetDial),
	"net.DialTCP":                      nf(NetDial),
	"net.DialUDP":                      nf(NetDial),
	"net.DialUnix":                     nf(NetDial),
	"net.DialIP":                       nf(NetDial),
	"(*net.Dialer).Dial":               nf(NetDial),
	"(*net.Dialer).DialContext":        nf(NetDial),
	"crypto/tls.Dial":                  nf(NetDial),
	"crypto/tls.DialWithDialer":        nf(NetDial),
	"(*crypto/tls.Dialer).Dial":        nf(NetDial),
	"(*crypto/tls.Dialer).DialContext": nf(NetDial),

	"(*" + kafkaPkg + ".Writer).WriteMessages":  nf(NetKafka),
	"(*" + kafkaPkg + ".Conn).WriteMessages":    nf(NetKafka),
	"(*" + kafkaPkg + ".Reader).ReadMessage":    nf(NetKafka),
	"(*" + kafkaPkg + ".Reader).FetchMessage":   nf(NetKafka),
	"(*" + kafkaPkg + ".Reader).CommitMessages": nf(NetKafka),

	"(*" + natsPkg + ".Conn).Publish":             nf(NetNATS),
	"(*" + natsPkg + ".Conn).PublishMsg":          nf(NetNATS),
	"(*" + natsPkg + ".Conn).PublishRequest":      nf(NetNATS),
	"(*" + natsPkg + ".Conn).Request":             nf(NetNATS),
	"(*" + natsPkg + ".Conn).RequestMsg":          nf(NetNATS),
	"(*" + natsPkg + ".Conn).RequestWithContext":  nf(NetNATS),
	"(*" + natsPkg + ".Conn).Flush":               nf(NetNATS),
	"(" + natsPkg + ".JetStream).Publish":         nf(NetNATS),
	"(" + natsPkg + ".JetStream).PublishMsg":      nf(NetNATS),
	"(" + jetstreamPkg + ".Publisher).Publish":    nf(NetNATS),
	"(" + jetstreamPkg + ".Publisher).PublishMsg": nf(NetNATS),
}

// Mail libraries: the import paths, for Described.
const (
	GomailPkg  = "gopkg.in/gomail.v2"
	OryMailPkg = "github.com/ory/mail" // ory's gomail fork (kratos' courier), v3 taking a context
	GoMailPkg  = "github.com/wneessen/go-mail"
	JWEmailPkg = "github.com/jordan-wright/email"
)

// MailSends are the mail libraries' calls that send the messages they
// are given over SMTP (or to a local sendmail): each call is an email, which a
// repeat of the call sends again. The messages themselves (gomail's
// NewMessage, SetHeader, go-mail's Msg) are local.
//
//	d := gomail.NewDialer(host, 587, user, pass)
//	d.DialAndSend(m)                      // an email
//	s, _ := d.Dial(); gomail.Send(s, m)   // Dial only connects; Send is the email
var MailSends = []string{
	"(*" + GomailPkg + ".Dialer).DialAndSend",
	GomailPkg + ".Send",
	"(" + GomailPkg + ".Sender).Send",
	"(" + GomailPkg + ".SendCloser).Send",
	"(" + GomailPkg + ".SendFunc).Send",
	"(*" + OryMailPkg + "/v3.Dialer).DialAndSend",
	OryMailPkg + "/v3.Send",
	"(" + OryMailPkg + "/v3.Sender).Send",
	"(" + OryMailPkg + "/v3.SendCloser).Send",
	"(*" + GoMailPkg + ".Client).DialAndSend",
	"(*" + GoMailPkg + ".Client).DialAndSendWithContext",
	"(*" + GoMailPkg + ".Client).Send",
	"(*" + GoMailPkg + ".Client).SendWithSMTPClient",
	"(*" + GoMailPkg + ".Msg).WriteToSendmail",
	"(*" + GoMailPkg + ".Msg).WriteToSendmailWithCommand",
	"(*" + GoMailPkg + ".Msg).WriteToSendmailWithContext",
	"(*" + JWEmailPkg + ".Email).Send",
	"(*" + JWEmailPkg + ".Email).SendWithTLS",
	"(*" + JWEmailPkg + ".Email).SendWithStartTLS",
	"(*" + JWEmailPkg + ".Pool).Send",
}

// MailDials are the mail libraries' calls that only connect to the mail
// server: network, but no email until a send.
var MailDials = []string{
	"(*" + GomailPkg + ".Dialer).Dial",
	"(*" + OryMailPkg + "/v3.Dialer).Dial",
	"(*" + GoMailPkg + ".Client).DialWithContext",
	"(*" + GoMailPkg + ".Client).DialToSMTPClientWithContext",
}

func init() {
	for _, name := range MailSends {
		NetFuncs[name] = nf(NetSMTP)
	}
	for _, name := range MailDials {
		NetFuncs[name] = nf(NetDial)
	}
	// resty v2: the request's verb methods send it; Execute takes the
	// method as an argument.
	for _, m := range []string{"Get", "Head", "Post", "Put", "Patch", "Delete", "Options"} {
		f := httpSend(HTTPResty, upper(m), 0, -1, false)
		f.RequestRecv = true
		NetFuncs["(*"+RestyPkg+".Request)."+m] = f
	}
	f := httpSend(HTTPResty, "", 1, -1, false)
	f.MethodArg = 0
	f.RequestRecv = true
	NetFuncs["(*"+RestyPkg+".Request).Execute"] = f
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// RequestCtor describes a function that builds an HTTP request: the
// arguments holding its method, URL and body (-1 when absent; 0 is the
// zero value only for constructors that take none).
type RequestCtor struct {
	Lib       HTTPLib
	MethodArg int
	URLArg    int
	BodyArg   int
}

// RequestCtors maps request constructors by full name.
var RequestCtors = map[string]RequestCtor{
	"net/http.NewRequest":                       {Lib: HTTPStd, MethodArg: 0, URLArg: 1, BodyArg: 2},
	"net/http.NewRequestWithContext":            {Lib: HTTPStd, MethodArg: 1, URLArg: 2, BodyArg: 3},
	RetryableHTTPPkg + ".NewRequest":            {Lib: HTTPRetryable, MethodArg: 0, URLArg: 1, BodyArg: 2},
	RetryableHTTPPkg + ".NewRequestWithContext": {Lib: HTTPRetryable, MethodArg: 1, URLArg: 2, BodyArg: 3},
	RetryableHTTPPkg + ".FromRequest":           {Lib: HTTPRetryable, MethodArg: -1, URLArg: -1, BodyArg: -1},
	"(*" + RestyPkg + ".Client).R":              {Lib: HTTPResty, MethodArg: -1, URLArg: -1, BodyArg: -1},
	"(*" + RestyPkg + ".Client).NewRequest":     {Lib: HTTPResty, MethodArg: -1, URLArg: -1, BodyArg: -1},
}

// BodyReaders are the functions wrapping encoded bytes (or text) as a
// request body: their first argument is the body.
var BodyReaders = map[string]bool{
	"bytes.NewReader":       true,
	"bytes.NewBuffer":       true,
	"bytes.NewBufferString": true,
	"strings.NewReader":     true,
}

// BodyEncoders are the functions encoding a value as a request body:
// their first argument is the value, their first result the bytes.
var BodyEncoders = map[string]bool{
	"encoding/json.Marshal":       true,
	"encoding/json.MarshalIndent": true,
}

// BodyKeyFields are the names (compared without case, underscores or
// hyphens, as a Go field or its json tag) of the fields of a request
// body that carry a key the server deduplicates on: the gRPC key fields,
// and an event's or message's own id, which event-ingestion APIs accept
// once ("event_id", "messageId").
var BodyKeyFields = append(append([]string(nil), GRPCKeyFields...), "EventID", "MessageID")

// RequestCopies are methods returning a request with the receiver's headers
// (or the receiver itself, for builder-style APIs other than resty's).
var RequestCopies = map[string]bool{
	"(*net/http.Request).WithContext":                 true,
	"(*net/http.Request).Clone":                       true,
	"(*" + RetryableHTTPPkg + ".Request).WithContext": true,
}

// HeaderSetter describes a function that sets a request header: the
// arguments holding its name and value, or a map of them.
type HeaderSetter struct {
	Name, Value int
	// Map is the argument holding a map[string]string of headers (resty
	// SetHeaders), or -1.
	Map int
	// Client reports a client-wide header (resty Client.SetHeader): every
	// request of the client carries it.
	Client bool
}

// HeaderSetters maps header setters by full name. The receiver is the
// header map or the request.
var HeaderSetters = map[string]HeaderSetter{
	"(net/http.Header).Set":                         {Name: 0, Value: 1, Map: -1},
	"(net/http.Header).Add":                         {Name: 0, Value: 1, Map: -1},
	"(*" + RestyPkg + ".Request).SetHeader":         {Name: 0, Value: 1, Map: -1},
	"(*" + RestyPkg + ".Request).SetHeaderVerbatim": {Name: 0, Value: 1, Map: -1},
	"(*" + RestyPkg + ".Request).SetHeaders":        {Name: -1, Value: -1, Map: 0},
	"(*" + RestyPkg + ".Client).SetHeader":          {Name: 0, Value: 1, Map: -1, Client: true},
	"(*" + RestyPkg + ".Client).SetHeaderVerbatim":  {Name: 0, Value: 1, Map: -1, Client: true},
	"(*" + RestyPkg + ".Client).SetHeaders":         {Name: -1, Value: -1, Map: 0, Client: true},
}

// RequestTypes are the request types whose headers the model follows.
var RequestTypes = map[string]HTTPLib{
	"*net/http.Request":                 HTTPStd,
	"*" + RetryableHTTPPkg + ".Request": HTTPRetryable,
	"*" + RestyPkg + ".Request":         HTTPResty,
}

// FreshValues are functions whose every call returns a new value: an
// idempotency key derived from one is different on every attempt.
var FreshValues = map[string]bool{
	"github.com/google/uuid.New":                 true,
	"github.com/google/uuid.NewString":           true,
	"github.com/google/uuid.NewRandom":           true,
	"github.com/google/uuid.NewUUID":             true,
	"github.com/google/uuid.NewV6":               true,
	"github.com/google/uuid.NewV7":               true,
	"github.com/gofrs/uuid.NewV4":                true,
	"github.com/gofrs/uuid.NewV7":                true,
	"github.com/gofrs/uuid/v5.NewV4":             true,
	"github.com/gofrs/uuid/v5.NewV7":             true,
	"github.com/satori/go.uuid.NewV4":            true,
	"github.com/segmentio/ksuid.New":             true,
	"github.com/rs/xid.New":                      true,
	"github.com/oklog/ulid/v2.Make":              true,
	"crypto/rand.Text":                           true,
	"time.Now":                                   true,
	"math/rand.Int":                              true,
	"math/rand.Int63":                            true,
	"math/rand.Uint64":                           true,
	"math/rand/v2.Int":                           true,
	"math/rand/v2.Int64":                         true,
	"math/rand/v2.Uint64":                        true,
	"(*math/rand.Rand).Int63":                    true,
	"(*math/rand.Rand).Int":                      true,
	"github.com/google/uuid.NewRandomFromReader": true,
}

// ClockValues are the FreshValues that read a clock: new on every call,
// but two requests at once can read the same one, so they mint no key
// only this request holds.
var ClockValues = map[string]bool{
	"time.Now": true,
}

// IdempotencyHeaders are the request headers that carry an idempotency
// key by default, in canonical form. Webhook-Id is the Standard Webhooks
// message id a receiver deduplicates on (svix and the signers that follow
// the specification send it).
var IdempotencyHeaders = []string{"Idempotency-Key", "X-Idempotency-Key", "Idempotency-Token", "Webhook-Id"}

// GRPCConn reports the types of a gRPC client connection.
func GRPCConn(t types.Type) bool {
	s := types.TypeString(t, nil)
	return s == "*"+grpcPkg+".ClientConn" || s == grpcPkg+".ClientConnInterface"
}

// GRPCStub reports a client interface generated by protoc-gen-go-grpc:
// a named interface whose every method takes ...grpc.CallOption last.
func GRPCStub(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	iface, ok := n.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return false
	}
	for i := 0; i < iface.NumMethods(); i++ {
		if !GRPCStubMethod(iface.Method(i)) {
			return false
		}
	}
	return true
}

// GRPCStubMethod reports a method taking ...grpc.CallOption last.
func GRPCStubMethod(m *types.Func) bool {
	sig, ok := m.Type().(*types.Signature)
	if !ok || !sig.Variadic() || sig.Params().Len() == 0 {
		return false
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type()
	sl, ok := last.(*types.Slice)
	return ok && types.TypeString(sl.Elem(), nil) == grpcPkg+".CallOption"
}

// ConnectClient reports a client interface generated by
// protoc-gen-connect-go: its package declares a constructor that takes a
// connect.HTTPClient and returns it.
//
//	func NewBillingServiceClient(httpClient connect.HTTPClient, baseURL string, opts ...connect.ClientOption) BillingServiceClient
//
// The generated handler interface has the same methods for unary
// procedures, and each package's implementations (the client, the
// handler's Unimplemented defaults) satisfy both: only the constructor
// tells them apart.
func ConnectClient(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if _, ok := n.Underlying().(*types.Interface); !ok {
		return false
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		f, ok := scope.Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		sig := f.Type().(*types.Signature)
		if sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), n) {
			continue
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if types.TypeString(sig.Params().At(i).Type(), nil) == connectPkg+".HTTPClient" {
				return true
			}
		}
	}
	return false
}

// ConnectUnary reports a unary method of a Connect client interface
// (see ConnectClient) and returns the request message type T of its
// *connect.Request[T] parameter:
//
//	Charge(context.Context, *connect.Request[v1.ChargeRequest]) (*connect.Response[v1.ChargeResponse], error)
func ConnectUnary(m *types.Func) (types.Type, bool) {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !ConnectClient(sig.Recv().Type()) || sig.Params().Len() != 2 || sig.Results().Len() != 2 {
		return nil, false
	}
	req := connectGeneric(sig.Params().At(1).Type(), "Request")
	if req == nil || connectGeneric(sig.Results().At(0).Type(), "Response") == nil {
		return nil, false
	}
	return req.TypeArgs().At(0), true
}

// connectGeneric returns t as *connect.<name>[T], or nil.
func connectGeneric(t types.Type, name string) *types.Named {
	p, ok := t.(*types.Pointer)
	if !ok {
		return nil
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != connectPkg || n.Obj().Name() != name || n.TypeArgs().Len() != 1 {
		return nil
	}
	return n
}

// GRPCInterceptor reports grpc.UnaryClientInterceptor.
func GRPCInterceptor(t types.Type) bool {
	return types.TypeString(t, nil) == grpcPkg+".UnaryClientInterceptor"
}

// GRPCOptionType reports the types a helper configuring a connection
// returns: a DialOption, a slice of them, or a unary interceptor.
func GRPCOptionType(t types.Type) bool {
	if GRPCInterceptor(t) {
		return true
	}
	if s, ok := t.(*types.Slice); ok {
		t = s.Elem()
	}
	return types.TypeString(t, nil) == grpcPkg+".DialOption"
}

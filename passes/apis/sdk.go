package apis

import (
	"go/types"
	"strings"
)

// Service SDKs: clients whose methods each send one HTTP request to a
// cloud or payment API, through layers of middleware the model never looks
// into (signing, retries, serialization). Each family is described by a
// rule over the method's package, receiver type and name, since the
// services have hundreds of operations and follow one naming scheme; the
// operations that break the scheme, and the methods that stay local
// (Options, presigning), are listed.
//
// The HTTP method is the one the operation uses on the wire (S3 is a REST
// API: PutObject is a PUT; SQS, SNS and SES are POST for every operation).
// Idempotent marks operations whose repetition repeats no effect whatever
// their method (a read, a delete, an update setting absolute values): a
// retry of those is harmless. The SDKs' own retries are not modeled as
// retrying clients: AWS and Stripe retry only failures that did not
// execute or, for Stripe, with an idempotency key the library adds.

// sdkRule describes one family of SDK operations.
type sdkRule struct {
	api string
	// match reports whether a function of the canonical package path pkg,
	// receiver type name recv ("" for a package function) and name is one
	// of the family's operations, and returns the operation's name.
	match func(pkg, recv, name string) (op string, ok bool)
	// verb returns the HTTP method of an operation and whether repeating
	// it is harmless.
	verb func(op string) (method string, idempotent bool)
	// keyFields are the fields of the operation's input that carry an
	// idempotency key (stripe's IdempotencyKey, SQS FIFO's
	// MessageDeduplicationId, AWS ClientToken).
	keyFields []string
	// service names the API for messages from the package path; api is
	// used when nil.
	service func(pkg string) string
}

const (
	awsV2Service = "github.com/aws/aws-sdk-go-v2/service/"
	awsV1Service = "github.com/aws/aws-sdk-go/service/"
	// GCSPkg is cloud.google.com/go/storage's import path.
	GCSPkg = "cloud.google.com/go/storage"
	// MinioPkg is minio-go's import path without its major version.
	MinioPkg = "github.com/minio/minio-go"
	// StripePkg is stripe-go's import path without its major version.
	StripePkg   = "github.com/stripe/stripe-go"
	twilioRest  = "github.com/twilio/twilio-go/rest/"
	sendgridPkg = "github.com/sendgrid/sendgrid-go"
	// mailgunPkg and resendPkg are the mail APIs' SDKs without their
	// major versions.
	mailgunPkg = "github.com/mailgun/mailgun-go"
	resendPkg  = "github.com/resend/resend-go"
)

// versionedRoots are module paths whose major version element (/v7,
// /v82) the rules ignore, so every version of the library matches.
var versionedRoots = []string{StripePkg, MinioPkg, mailgunPkg, resendPkg}

// CanonPath removes the major version element of a versioned SDK's import
// path: "github.com/stripe/stripe-go/v82/charge" becomes
// "github.com/stripe/stripe-go/charge".
func CanonPath(path string) string {
	for _, root := range versionedRoots {
		if !strings.HasPrefix(path, root+"/v") {
			continue
		}
		rest := path[len(root)+2:]
		i := 0
		for i < len(rest) && '0' <= rest[i] && rest[i] <= '9' {
			i++
		}
		if i > 0 && (i == len(rest) || rest[i] == '/') {
			return root + rest[i:]
		}
	}
	return path
}

var awsKeyFields = []string{"ClientToken", "ClientRequestToken", "IdempotencyToken", "MessageDeduplicationId"}

var sdkRules = []sdkRule{
	{
		// aws-sdk-go-v2: (*s3.Client).PutObject(ctx, *PutObjectInput, ...func(*Options)).
		api: "AWS",
		match: func(pkg, recv, name string) (string, bool) {
			svc, ok := strings.CutPrefix(pkg, awsV2Service)
			if !ok || strings.Contains(svc, "/") || recv != "Client" || name == "Options" {
				return "", false
			}
			return name, true
		},
		verb:      awsVerb,
		keyFields: awsKeyFields,
		service:   awsService,
	},
	{
		// aws-sdk-go v1: (*s3.S3).PutObject(input), PutObjectWithContext(ctx,
		// input, ...request.Option); PutObjectRequest only builds the request.
		api: "AWS",
		match: func(pkg, recv, name string) (string, bool) {
			svc, ok := strings.CutPrefix(pkg, awsV1Service)
			if !ok || strings.Contains(svc, "/") || !strings.EqualFold(recv, svc) || strings.HasSuffix(name, "Request") {
				return "", false
			}
			op := strings.TrimSuffix(name, "WithContext")
			op = strings.TrimSuffix(op, "Pages")
			return op, true
		},
		verb:      awsVerb,
		keyFields: awsKeyFields,
		service:   awsService,
	},
	{
		// The S3 transfer managers of both SDKs.
		api: "S3",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg != awsV1Service+"s3/s3manager" && pkg != "github.com/aws/aws-sdk-go-v2/feature/s3/manager" {
				return "", false
			}
			switch recv + "." + strings.TrimSuffix(name, "WithContext") {
			case "Uploader.Upload":
				return "PutObject", true
			case "Downloader.Download":
				return "GetObject", true
			case "BatchDelete.Delete":
				return "DeleteObjects", true
			}
			return "", false
		},
		verb: awsVerb,
	},
	{
		// cloud.google.com/go/storage: handles are local; these send.
		api: "GCS",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg != GCSPkg {
				return "", false
			}
			op := recv + "." + name
			if _, ok := gcsOps[op]; ok {
				return op, true
			}
			return "", false
		},
		verb: func(op string) (string, bool) {
			m := gcsOps[op]
			return m, m != "POST"
		},
	},
	{
		// minio-go: (*minio.Client).PutObject(ctx, bucket, name, r, size, opts).
		api: "MinIO",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg != MinioPkg || recv != "Client" {
				return "", false
			}
			if _, ok := minioOps[name]; ok {
				return name, true
			}
			return "", false
		},
		verb: func(op string) (string, bool) { return minioOps[op], true },
	},
	{
		// stripe-go: charge.New(params), (charge.Client).New, and the
		// services of stripe.Client (sc.V1Charges.Create(ctx, params)).
		api: "Stripe",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg == StripePkg {
				if strings.HasPrefix(recv, "v") && strings.HasSuffix(recv, "Service") && len(recv) > 2 && '0' <= recv[1] && recv[1] <= '9' {
					return stripeResource(recv) + "." + name, true
				}
				return "", false
			}
			res, ok := strings.CutPrefix(pkg, StripePkg+"/")
			if !ok || recv != "" && recv != "Client" || strings.HasPrefix(res, "form") || strings.HasPrefix(res, "webhook") || strings.HasPrefix(res, "client") {
				return "", false
			}
			if _, ok := stripeVerbs[name]; !ok && !strings.HasPrefix(name, "New") {
				return "", false
			}
			return res + "." + name, true
		},
		verb:      stripeVerb,
		keyFields: []string{"IdempotencyKey"},
	},
	{
		// twilio-go: client.Api.CreateMessage(params) on the ApiService of
		// each rest/<product>/<version> package.
		api: "Twilio",
		match: func(pkg, recv, name string) (string, bool) {
			if !strings.HasPrefix(pkg, twilioRest) || recv != "ApiService" {
				return "", false
			}
			op := strings.TrimSuffix(name, "WithMetadata")
			for _, p := range []string{"Create", "Fetch", "List", "Stream", "Page", "Update", "Delete"} {
				if strings.HasPrefix(op, p) {
					return op, true
				}
			}
			return "", false
		},
		verb: func(op string) (string, bool) {
			switch {
			case strings.HasPrefix(op, "Create"):
				return "POST", false
			case strings.HasPrefix(op, "Update"):
				return "POST", true
			case strings.HasPrefix(op, "Delete"):
				return "DELETE", true
			}
			return "GET", true
		},
	},
	{
		// sendgrid-go: sendgrid.NewSendClient(key).Send(email), and the
		// generic sendgrid.API(request) whose method the request holds.
		api: "SendGrid",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg != sendgridPkg {
				return "", false
			}
			switch recv + "." + name {
			case "Client.Send", "Client.SendWithContext":
				return "mail/send", true
			case ".API", ".MakeRequest", ".MakeRequestWithContext", ".MakeRequestRetry", ".MakeRequestRetryWithContext":
				return "API", true
			}
			return "", false
		},
		verb: func(op string) (string, bool) {
			if op == "mail/send" {
				return "POST", false
			}
			return "", false
		},
	},
	{
		// mailgun-go: mg.Send(ctx, m) on the Mailgun interface or
		// *MailgunImpl; the rest of its API (lists, events, domains) is not
		// described.
		api: "Mailgun",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg == mailgunPkg && (recv == "Mailgun" || recv == "MailgunImpl") && name == "Send" {
				return "messages", true
			}
			return "", false
		},
		verb: func(string) (string, bool) { return "POST", false },
	},
	{
		// resend-go: client.Emails.Send(params), SendWithContext, and
		// SendWithOptions(ctx, params, &resend.SendEmailOptions{IdempotencyKey: k}),
		// whose key makes the repeat harmless; client.Batch.Send likewise.
		api: "Resend",
		match: func(pkg, recv, name string) (string, bool) {
			if pkg != resendPkg {
				return "", false
			}
			switch recv {
			case "EmailsSvc", "EmailsSvcImpl", "BatchSvc", "BatchSvcImpl":
			default:
				return "", false
			}
			switch name {
			case "Send", "SendWithContext", "SendWithOptions":
				return strings.TrimSuffix(strings.TrimSuffix(recv, "Impl"), "Svc") + " " + name, true
			}
			return "", false
		},
		verb:      func(string) (string, bool) { return "POST", false },
		keyFields: []string{"IdempotencyKey"},
	},
}

// gcsOps are the operations of cloud.google.com/go/storage that send a
// request, by receiver type and method. An upload through a Writer sends
// at Write (full chunks) and Close; it replaces the object, so a repeat
// writes the same bytes again.
var gcsOps = map[string]string{
	"ObjectHandle.Attrs":          "GET",
	"ObjectHandle.Update":         "PATCH",
	"ObjectHandle.Delete":         "DELETE",
	"ObjectHandle.NewReader":      "GET",
	"ObjectHandle.NewRangeReader": "GET",
	"Writer.Write":                "PUT",
	"Writer.Close":                "PUT",
	"Copier.Run":                  "PUT",
	"Composer.Run":                "PUT",
	"BucketHandle.Create":         "POST",
	"BucketHandle.Delete":         "DELETE",
	"BucketHandle.Attrs":          "GET",
	"BucketHandle.Update":         "PATCH",
	"ObjectIterator.Next":         "GET",
	"BucketIterator.Next":         "GET",
}

// minioOps are the request-sending methods of *minio.Client (the
// presigning methods only sign, and are left out).
var minioOps = map[string]string{
	"PutObject": "PUT", "FPutObject": "PUT", "GetObject": "GET", "FGetObject": "GET",
	"StatObject": "HEAD", "RemoveObject": "DELETE", "RemoveObjects": "DELETE", "CopyObject": "PUT",
	"ComposeObject": "PUT", "MakeBucket": "PUT", "RemoveBucket": "DELETE", "BucketExists": "HEAD",
	"ListObjects": "GET", "ListBuckets": "GET", "PutObjectTagging": "PUT", "GetObjectTagging": "GET",
	"RemoveObjectTagging": "DELETE", "SetBucketPolicy": "PUT", "GetBucketPolicy": "GET",
	"PutObjectRetention": "PUT", "PutObjectLegalHold": "PUT",
}

// s3Verbs are the S3 operations whose method the prefix rule of awsVerb
// gets wrong.
var s3Verbs = map[string]string{
	"CopyObject": "PUT", "UploadPart": "PUT", "UploadPartCopy": "PUT", "CreateBucket": "PUT",
	"DeleteObjects": "POST", "CreateMultipartUpload": "POST", "CompleteMultipartUpload": "POST",
	"RestoreObject": "POST", "SelectObjectContent": "POST", "AbortMultipartUpload": "DELETE",
}

// awsEffects are the prefixes of AWS operations whose repetition repeats
// an effect: a second message, e-mail, notification, resource or
// invocation.
var awsEffects = []string{"Send", "Publish", "Create", "Invoke", "Start", "Run", "Copy", "Add", "Register", "Allocate", "Request", "Issue", "Execute", "Import", "Purchase"}

func awsVerb(op string) (string, bool) {
	if m, ok := s3Verbs[op]; ok {
		return m, m != "POST" || op == "DeleteObjects" || op == "CompleteMultipartUpload" || op == "RestoreObject" || op == "SelectObjectContent"
	}
	for _, p := range awsEffects {
		if strings.HasPrefix(op, p) {
			return "POST", false
		}
	}
	switch {
	case strings.HasPrefix(op, "Get"), strings.HasPrefix(op, "List"):
		return "GET", true
	case strings.HasPrefix(op, "Head"):
		return "HEAD", true
	case strings.HasPrefix(op, "Put"):
		return "PUT", true
	case strings.HasPrefix(op, "Delete"):
		return "DELETE", true
	}
	return "POST", true
}

// awsService names the AWS service from its package: "SQS", "S3".
func awsService(pkg string) string {
	name := pkg[strings.LastIndex(pkg, "/")+1:]
	return strings.ToUpper(name)
}

// stripeVerbs are the operation names of stripe-go's resource packages
// with their HTTP method; other names are POST actions on a resource
// (Capture, Confirm, Cancel, Finalize), guarded by the resource's state.
var stripeVerbs = map[string]string{
	"New": "POST", "Create": "POST", "Get": "GET", "Retrieve": "GET", "List": "GET", "Search": "GET",
	"Update": "POST", "Del": "DELETE", "Delete": "DELETE", "Cancel": "POST", "Capture": "POST",
	"Confirm": "POST", "Pay": "POST", "Finalize": "POST", "FinalizeInvoice": "POST", "VoidInvoice": "POST",
	"Void": "POST", "Attach": "POST", "Detach": "POST", "Reverse": "POST", "Close": "POST",
	"IncrementAuthorization": "POST", "SendInvoice": "POST", "Resume": "POST", "Release": "POST",
	"MarkUncollectible": "POST", "ApplyCustomerBalance": "POST",
}

func stripeVerb(op string) (string, bool) {
	name := op[strings.LastIndex(op, ".")+1:]
	m, ok := stripeVerbs[name]
	if !ok {
		m = "POST" // NewXxx variants
	}
	switch name {
	case "New", "Create", "Pay", "IncrementAuthorization", "SendInvoice":
		return m, false
	}
	if strings.HasPrefix(name, "New") {
		return m, false
	}
	return m, true
}

// stripeResource names the resource of a stripe.Client service type:
// "v1ChargeService" is "charge".
func stripeResource(recv string) string {
	s := strings.TrimSuffix(recv, "Service")
	i := 1
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return strings.ToLower(s[i:])
}

// sdkFunc describes f when it is an SDK operation.
func sdkFunc(f *types.Func) (NetFunc, bool) {
	if f.Pkg() == nil || !f.Exported() {
		return NetFunc{}, false
	}
	pkg := CanonPath(f.Pkg().Path())
	if !sdkPrefix(pkg) {
		return NetFunc{}, false
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil {
		return NetFunc{}, false
	}
	recv := ""
	if sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return NetFunc{}, false
		}
		recv = n.Obj().Name()
	}
	for _, r := range sdkRules {
		op, ok := r.match(pkg, recv, f.Name())
		if !ok {
			continue
		}
		method, idem := r.verb(op)
		api := r.api
		if r.service != nil {
			api = r.service(pkg)
		}
		nf := NetFunc{Kind: NetHTTP, Lib: HTTPSDK, Method: method, MethodArg: -1, URLArg: -1, RequestArg: -1,
			API: api + " " + op, Idempotent: idem}
		if len(r.keyFields) > 0 {
			if i := inputArg(sig); i >= 0 {
				nf.KeyArg, nf.KeyFields = i, r.keyFields
			}
		}
		return nf, true
	}
	return NetFunc{}, false
}

// sdkPrefixes are the package path prefixes sdkRules can match.
var sdkPrefixes = []string{"github.com/aws/aws-sdk-go", GCSPkg, MinioPkg, StripePkg, twilioRest, sendgridPkg, mailgunPkg, resendPkg}

func sdkPrefix(pkg string) bool {
	for _, p := range sdkPrefixes {
		if strings.HasPrefix(pkg, p) {
			return true
		}
	}
	return false
}

// inputArg returns the index (without the receiver) of the last parameter
// that points to a struct: the operation's input or params.
func inputArg(sig *types.Signature) int {
	for i := sig.Params().Len() - 1; i >= 0; i-- {
		p, ok := sig.Params().At(i).Type().(*types.Pointer)
		if !ok {
			continue
		}
		if _, ok := p.Elem().Underlying().(*types.Struct); ok {
			return i
		}
	}
	return -1
}

// NetFuncOf describes a library function or method that reaches the
// network: from NetFuncs by full name, else from the SDK rules.
func NetFuncOf(f *types.Func) (NetFunc, bool) {
	if f == nil {
		return NetFunc{}, false
	}
	// A method of an instantiated generic type (connect's
	// Client[pb.ChargeRequest, pb.ChargeResponse].CallUnary) is named by
	// its origin.
	if nf, ok := NetFuncs[RawFullName(f.Origin())]; ok {
		return nf, true
	}
	return sdkFunc(f)
}

// SDKPackage reports whether path is a package of a service SDK whose
// exported functions and methods NetFuncOf may recognize by rule rather
// than by name.
func SDKPackage(path string) bool { return sdkPrefix(CanonPath(path)) }

// Package retrypost defines an Analyzer that reports POST and PATCH
// requests re-sent by a retry without a stable idempotency key.
//
// # Analyzer retrypost
//
// retrypost: report retried POSTs without a stable idempotency key
//
// A POST times out; the client sends it again; the server had already
// charged the card. A timeout or a 5xx answer means "outcome unknown", not
// "failed": retrying a POST or PATCH is safe only when every attempt
// carries the same idempotency key, created once per logical operation,
// so the server can recognize the repeat and answer it with the first
// result.
//
// Wrong:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		ch, err := payments.Charge(ctx, req) // POST to {baseURL}/v1/charges (payments.Client.Charge) is retried by the loop at billing.go:24 without an idempotency key; ...
//		if err == nil {
//			return ch, nil
//		}
//		time.Sleep(backoff)
//	}
//
//	backoff.Retry(func() error {
//		req.Header.Set("Idempotency-Key", uuid.NewString()) // a new key on every attempt
//		_, err := client.Do(req) // idempotency key is regenerated on every attempt (uuid.NewString at ...), so the server cannot deduplicate retries; create it once before the retry
//		return err
//	}, b)
//
// Right: mint the key once, before the retry, or derive it from the
// business operation (the order, the ride, the webhook event id), and send
// it on every attempt:
//
//	key := fmt.Sprintf("order-%d-charge", orderID)
//	err := retry.Do(func() error {
//		_, err := payments.ChargeWithKey(ctx, key, req)
//		return err
//	})
//
// The retry constructs it knows: for loops (and ranges over an integer)
// in which the error of a call, or a status code it returns, decides
// between going round again and leaving the loop; cenkalti/backoff v4
// (Retry, RetryNotify, RetryWithData, ...), its paths before v4
// (Retry, RetryNotify) and v5 (Retry); avast/retry-go
// v4 (Do, DoWithData); sethvargo/go-retry (Do, DoValue, Constant, ...;
// only when the operation marks errors with RetryableError); an
// application's own helpers that run a func argument in such a loop or
// through such a library, in any package; and clients that retry by
// themselves: a go-retryablehttp client (4 retries unless RetryMax says
// otherwise, also behind StandardClient) and a resty client with
// SetRetryCount(n > 0), followed through constructors and struct fields;
// gRPC connections that retry every unary call made through them: dialed
// with go-grpc-middleware's retry.UnaryClientInterceptor (v1 or v2) with
// WithMax(n > 0), or with a call asking WithMax(n) of such an interceptor,
// or with a service config holding a retryPolicy (maxAttempts > 1),
// followed from grpc.Dial/DialContext/NewClient through generated
// clients, constructors and struct fields (a unary call is a POST unless
// its method's name says it reads or sets absolute state, and a request
// message with an IdempotencyKey or RequestId field carries a key);
// and helpers that retry the request they send with the method they are
// given (doWithRetry(ctx, http.MethodPost, url, body)), reported at the
// call that says POST. Unary calls of Connect clients
// (protoc-gen-connect-go interfaces over connectrpc.com/connect) are
// POSTs named after their procedure as gRPC calls are, with the key field
// of the message their *connect.Request[T] carries; a Connect client
// retries nothing by itself, so only the constructs above repeat them.
//
// The request is followed into the functions that send it, in any
// package: its method (a constant, http.MethodPost, or an argument the
// caller gives), its URL, and the headers set on it (Header.Set/Add,
// resty's SetHeader(s), helpers that set headers on a request they are
// given, requests built by helpers that return them). The key's value is
// followed to where it is made: a call of uuid.New/NewString/NewRandom/
// NewV7, time.Now, math/rand, crypto/rand.Text, or of a function that
// returns one of those (in any package), inside the retried code, is a
// key regenerated on every attempt. A key computed from the operation's
// inputs inside the retried code is stable.
//
// Service SDK operations (passes/apis: aws-sdk-go, stripe-go, twilio-go,
// sendgrid-go, ...) count with the HTTP method they use on the wire: SQS
// SendMessage, SES SendEmail and Stripe charge.New are POSTs whose repeat
// repeats the effect; S3 PutObject (a PUT), reads, deletes and Stripe's
// absolute updates are not reported. Their key is the input field that
// carries one: Stripe's IdempotencyKey (or SetIdempotencyKey), SQS FIFO's
// MessageDeduplicationId, AWS ClientToken. The SDKs' own retries are not
// reported (AWS retries only failures that did not execute; stripe-go
// adds a key to the requests it retries).
//
// Categories: "nokey" (no idempotency key header), "freshkey" (a key
// minted inside the retried code).
//
// It stays silent on GET, HEAD, PUT, DELETE and OPTIONS, and on requests
// whose method it cannot read; on POSTs whose URL and function names say
// they only read, authenticate or upsert (an OAuth token, a login, a
// license validation, a search or GraphQL query, createOrUpdate) and say
// nothing of creating (a charge, a payment, an order, a transfer, a
// refund, a message, a webhook, create, send, ...), since many APIs use
// POST for those and repeating them is harmless; on requests whose URL it
// cannot name in any part (built from values it cannot follow, often deep
// inside a third-party library whose request may not be sent on this
// path at all); on a POST sent once
// after a retry loop;
// on loops that send one request per item (a range over a slice, a map,
// a channel or an iterator, even one that goes on to the next host when
// a request fails), worker loops whose success does not leave the loop,
// and loops whose request is computed from the previous answer (a
// cursor); on loops that try again only on 429 Too Many Requests, an
// answer that says the request was not processed, or only on an error a
// function named for rate limits accepts (IsRateLimitError,
// acme.AsRateLimitError), every other failure leaving the loop; on a
// request sent after every path that sets the flag a loop must find set to
// go round again (retry = false at the top of each iteration, retry = true
// in a transaction callback that finds its row locked and returns the
// error: a hook sent once the row is held is not repeated); on retry-go with
// Attempts(1) and backoff with WithMaxRetries(b, 0); on go-retryablehttp
// clients with RetryMax = 0, a RetryMax it cannot read, or any custom
// CheckRetry (it cannot tell whether the policy retries POSTs), and on
// clients it cannot trace to their construction (a parameter, a field set
// in another package); on durable workflow steps (restate.Run, RunVoid
// and RunAsync of the Restate SDK), which the engine runs again while they
// fail: on the workflows measured, half the POSTs in such steps were
// idempotent by design (a billing meter aggregated by its last value, a
// commit status replaced by its context, a cancel), which the model
// cannot yet tell; and on retries whose condition would prove the
// request was never sent (only on a dial error): it does not try to read
// such conditions, so a loop retrying only on connection refused is
// reported and can be suppressed.
//
// Flags:
//
//	-retrypost.headers=Idempotency-Key,X-Idempotency-Key,Idempotency-Token,Webhook-Id
//	    the request headers that carry an idempotency key (compared
//	    without regard to case). Added in v0.1.
//
// # Code that runs once
//
// Unlike the race checkers, retrypost reports code that runs only once
// (main, init, a one-shot command; see passes/entry): a retry repeats the
// POST whether or not anything else runs at the same time, so a command
// that charges a card and retries after a timeout charges it twice.
//
// Suppress a finding with a comment on the line or the line above:
//
//	//idemvet:ignore retrypost the partner deduplicates on the payload hash
package retrypost

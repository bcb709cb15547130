// Package loops holds hand-written retry loops around POST requests, and
// the loops that look like them but do not retry.
package loops

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"
)

type Sender struct {
	HTTP *http.Client
	URL  string
}

func drain(resp *http.Response) { _ = resp.Body.Close() }

// ContinueOnErr re-sends the POST when the transport fails.
func (s *Sender) ContinueOnErr(body []byte) error {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // want `POST to \{URL\} is retried by the loop at loops.go:\d+ without an idempotency key`
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		drain(resp)
		return nil
	}
	return lastErr
}

// BreakOnSuccess uses break instead of return.
func (s *Sender) BreakOnSuccess(ctx context.Context, body []byte) (err error) {
	for i := 0; i < 5; i++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = s.HTTP.Do(req) // want `POST to \{URL\}/orders is retried by the loop`
		if err == nil {
			drain(resp)
			break
		}
	}
	return err
}

// On5xx repeats the request on a server error: 5xx means the outcome is
// unknown, not that the request failed.
func (s *Sender) On5xx(ctx context.Context, body []byte) error {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, "PATCH", s.URL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := s.HTTP.Do(req) // want `PATCH to \{URL\} is retried by the loop`
		if err != nil {
			return err
		}
		drain(resp)
		if resp.StatusCode >= 500 && attempt < 3 {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// RangeOverInt counts attempts with a range over an integer.
func (s *Sender) RangeOverInt(body []byte) error {
	var err error
	for range 3 {
		var resp *http.Response
		resp, err = http.Post(s.URL, "application/json", bytes.NewReader(body)) // want `POST to \{URL\} is retried by the loop`
		if err == nil {
			drain(resp)
			return nil
		}
	}
	return err
}

// Classified retries only errors a predicate calls temporary.
func (s *Sender) Classified(body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // want `POST to \{URL\} is retried by the loop`
		if err == nil {
			drain(resp)
			return nil
		}
		if !temporary(err) {
			return err
		}
	}
	return errors.New("gave up")
}

func temporary(err error) bool { return !errors.Is(err, context.Canceled) }

// Keyed sends the same Idempotency-Key on every attempt.
func (s *Sender) Keyed(ctx context.Context, eventID string, body []byte) error {
	key := "evt-" + eventID
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := s.HTTP.Do(req) // ok: the key is computed before the loop
		if err == nil {
			drain(resp)
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// KeyedInside derives the key from the event inside the loop: the same
// value on every attempt.
func (s *Sender) KeyedInside(ctx context.Context, eventID string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("X-Idempotency-Key", "evt-"+eventID)
		resp, err := s.HTTP.Do(req) // ok: derived from the event id, stable across attempts
		if err == nil {
			drain(resp)
			return nil
		}
	}
	return errors.New("gave up")
}

// PerItem posts each event once: the loop walks a list.
func (s *Sender) PerItem(events [][]byte) error {
	for _, body := range events {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // ok: one POST per item, no retry
		if err != nil {
			return err
		}
		drain(resp)
	}
	return nil
}

// PerItemContinue skips the items that fail: still one POST per item.
func (s *Sender) PerItemContinue(events [][]byte) {
	for i := 0; i < len(events); i++ {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(events[i])) // ok: the loop goes on after success too
		if err != nil {
			continue
		}
		drain(resp)
	}
}

// Worker posts every message it receives; failures are logged and the
// loop goes on with the next message.
func (s *Sender) Worker(ctx context.Context, next func() ([]byte, bool)) {
	for {
		body, ok := next()
		if !ok {
			return
		}
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // ok: success does not leave the loop
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		drain(resp)
	}
}

// Pages posts a search for each page, following the cursor the previous
// answer returned.
func (s *Sender) Pages(ctx context.Context) error {
	cursor := ""
	for {
		resp, err := s.search(ctx, cursor) // ok: each iteration sends another page's request
		if err != nil {
			return err
		}
		if resp.next == "" {
			return nil
		}
		cursor = resp.next
	}
}

type page struct{ next string }

func (s *Sender) search(ctx context.Context, cursor string) (*page, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/search", bytes.NewReader([]byte(cursor)))
	if err != nil {
		return nil, err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	drain(resp)
	return &page{}, nil
}

// PostAfterRetry retries only the GET of a token and posts once.
func (s *Sender) PostAfterRetry(ctx context.Context, body []byte) error {
	var token []byte
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if token, err = s.fetch(ctx); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Post(s.URL+"?token="+string(token), "application/json", bytes.NewReader(body)) // ok: sent once, after the loop
	if err != nil {
		return err
	}
	drain(resp)
	return nil
}

func (s *Sender) fetch(ctx context.Context) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/token", nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.HTTP.Do(req) // ok: GET
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// PutLoop retries an idempotent PUT.
func (s *Sender) PutLoop(ctx context.Context, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.URL+"/item/1", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := s.HTTP.Do(req) // ok: PUT is idempotent
		if err == nil {
			drain(resp)
			return nil
		}
	}
	return errors.New("gave up")
}

// RateLimited tries again only on 429, which the server answers without
// processing the request.
func (s *Sender) RateLimited(body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // ok: only 429 Too Many Requests is retried
		if err != nil {
			return err
		}
		drain(resp)
		if resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("rate limited")
}

type rateLimitError struct{ RetryAfter time.Duration }

func (e *rateLimitError) Error() string { return "rate limited" }

func asRateLimitError(err error) (*rateLimitError, bool) {
	var rl *rateLimitError
	ok := errors.As(err, &rl)
	return rl, ok
}

// RateLimitedErr tries again only when the error says the server refused
// the request for its rate limit (an ACME client's order, waiting until
// retry-after); every other failure leaves the loop.
func (s *Sender) RateLimitedErr(body []byte) error {
	for attempt := 0; attempt <= 3; attempt++ {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // ok: only a rate-limit error is retried
		if err == nil {
			drain(resp)
			return nil
		}
		if rl, ok := asRateLimitError(err); ok {
			time.Sleep(rl.RetryAfter)
			continue
		}
		return err
	}
	return errors.New("rate limited")
}

// RateLimitedOrTimeout tries again on a timeout too, after which the
// server may have processed the request.
func (s *Sender) RateLimitedOrTimeout(body []byte) error {
	for attempt := 0; attempt <= 3; attempt++ {
		resp, err := s.HTTP.Post(s.URL, "application/json", bytes.NewReader(body)) // want `POST to \{URL\} is retried by the loop at loops.go:\d+ without an idempotency key`
		if err == nil {
			drain(resp)
			return nil
		}
		if rl, ok := asRateLimitError(err); ok {
			time.Sleep(rl.RetryAfter)
			continue
		}
		if errors.Is(err, context.DeadlineExceeded) {
			continue
		}
		return err
	}
	return errors.New("gave up")
}

// FailoverHosts sends to the next host when one fails: a range over a
// list, which the analyzer does not treat as a retry.
func (s *Sender) FailoverHosts(hosts []string, body []byte) error {
	for _, h := range hosts {
		resp, err := s.HTTP.Post(h, "application/json", bytes.NewReader(body)) // ok: a loop over a list (see doc: not reported)
		if err == nil {
			drain(resp)
			return nil
		}
	}
	return errors.New("all hosts failed")
}

func endpoint() *url.URL { return &url.URL{Scheme: "https", Host: "api.example.com", Path: "/charges"} }

// Unplaced posts to a URL built by a function the model cannot follow.
func (s *Sender) Unplaced(body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := s.HTTP.Post(endpoint().String(), "application/json", bytes.NewReader(body)) // ok: a URL the model cannot name (see doc)
		if err == nil {
			drain(resp)
			return nil
		}
	}
	return errors.New("gave up")
}

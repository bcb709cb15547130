// Package urllist posts to servers named by a package-level list and by
// constants its callers pass: the URL a retried request takes from a
// parameter says what the texts that parameter receives say. A license
// check tried on each of two servers is read-like; a payout posted to a
// server a caller chooses at run time is not known, and is reported.
package urllist

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

var checkServers = []string{
	"https://console.example.com/api/v1/check",
	"https://check.example.com/api/v1/check",
}

var payoutServers = []string{
	"https://pay.example.com/v1/payouts",
}

func doRequest(serverURL string, body []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, serverURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func tryServer(serverURL string, body []byte) error {
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			time.Sleep(time.Second)
		}
		if err := doRequest(serverURL, body); err != nil { // ok: every server is a .../check URL
			last = err
			continue
		}
		return nil
	}
	return last
}

// Check asks each license server in turn.
func Check(body []byte) error {
	for _, server := range checkServers {
		if err := tryServer(server, body); err == nil {
			return nil
		}
	}
	return errors.New("all license servers unreachable")
}

func sendPayout(serverURL string, body []byte) error {
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		if err := doRequest(serverURL, body); err != nil { // want `POST to \{serverURL\}`
			last = err
			continue
		}
		return nil
	}
	return last
}

// Payout posts to each payout server.
func Payout(body []byte) error {
	for _, server := range payoutServers {
		if err := sendPayout(server, body); err == nil {
			return nil
		}
	}
	return errors.New("no payout server")
}

func retryTo(serverURL string, body []byte) error {
	var last error
	for attempt := 0; attempt < 3; attempt++ {
		if err := doRequest(serverURL, body); err != nil { // want `POST to \{serverURL\}`
			last = err
			continue
		}
		return nil
	}
	return last
}

// Forward posts where the request says.
func Forward(r *http.Request, body []byte) error {
	return retryTo(r.URL.Query().Get("to"), body)
}

// CheckOne passes one server.
func CheckOne(body []byte) error {
	return retryTo("https://check.example.com/api/v1/check", body)
}

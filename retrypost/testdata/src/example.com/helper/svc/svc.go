// Package svc retries through the application's own helper.
package svc

import (
	"bytes"
	"net/http"

	"example.com/helper/retryutil"
)

func Send(url string, body []byte) error {
	return retryutil.Do(3, func() error {
		_, err := http.Post(url, "application/json", bytes.NewReader(body)) // want `POST to \{url\} is retried by retryutil.Do at svc.go:\d+`
		return err
	})
}

func SendTwice(url string, body []byte) error {
	return retryutil.Twice(func() error {
		_, err := http.Post(url, "application/json", bytes.NewReader(body)) // want `is retried by retryutil.Twice`
		return err
	})
}

func SendOnce(url string, body []byte) error {
	return retryutil.Once(func() error {
		_, err := http.Post(url, "application/json", bytes.NewReader(body)) // ok: Once does not retry
		return err
	})
}

func SendIgnored(url string, body []byte) error {
	return retryutil.Do(3, func() error {
		//idemvet:ignore retrypost the partner deduplicates on the payload hash
		_, err := http.Post(url, "application/json", bytes.NewReader(body)) // ok: suppressed
		return err
	})
}

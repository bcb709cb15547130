// Package use asks the Result about clients built in package httpx.
package use

import (
	"net/http"

	"example.com/clientfacts/httpx"
)

func Post(s *httpx.Sender) {
	_, _ = httpx.NewRetrying().Post("u", "", nil) // want `client retries 4 times`
	_, _ = s.Retrying.Post("u", "", nil)          // want `client retries 4 times`
	_, _ = s.Plain.Post("u", "", nil)
	_, _ = httpx.NewSingleShot().Post("u", "", nil)
	_, _ = httpx.NewResty().R().Post("u")         // want `client retries 3 times` `client retries 3 times`
	_, _ = httpx.NewStandard().Post("u", "", nil) // want `client retries 2 times`
	_, _ = http.DefaultClient.Post("u", "", nil)
}

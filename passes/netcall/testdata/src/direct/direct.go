// Package direct pins requests built and sent in one function.
package direct

import (
	"context"
	"fmt"
	"net/http"
	"net/smtp"

	"github.com/go-resty/resty/v2"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

func Std(ctx context.Context, c *http.Client, id int64, key string) {
	req, _ := http.NewRequestWithContext(ctx, "post", fmt.Sprintf("https://api/orders/%d", id), nil)
	req.Header.Set("Idempotency-Key", key)
	req.Header["X-Trace"] = []string{uuid.NewString()}
	_, _ = c.Do(req) // want `HTTP \(\*net/http.Client\).Do \[POST https://api/orders/\{id\} Idempotency-Key=other X-Trace=fresh\(uuid.NewString\)\]`
}

func Retryable(ctx context.Context, c *retryablehttp.Client, url string) {
	req, _ := retryablehttp.NewRequestWithContext(ctx, http.MethodPatch, url, nil)
	req.Header.Add("Idempotency-Key", "fixed")
	_, _ = c.Do(req) // want `HTTP \(\*github.com/hashicorp/go-retryablehttp.Client\).Do \[PATCH \{url\} Idempotency-Key=const\]`
}

func Resty(c *resty.Client, key string) {
	r := c.R().SetHeaders(map[string]string{"Idempotency-Key": key})
	_, _ = r.SetBody(nil).Post("https://api/charges")       // want `HTTP \(\*github.com/go-resty/resty/v2.Request\).Post \[POST https://api/charges Idempotency-Key=other\]`
	_, _ = c.R().Execute("DELETE", "https://api/charges/1") // want `\[DELETE https://api/charges/1\]`
}

func Mail() {
	_ = smtp.SendMail("smtp:25", nil, "a@b", nil, nil) // want `SMTP net/smtp.SendMail`
}

func Closure(ctx context.Context, c *http.Client) {
	send := func() {
		_, _ = c.Get("https://api/ping") // want `HTTP \(\*net/http.Client\).Get \[GET https://api/ping\]`
	}
	send() // want `HTTP \(\*net/http.Client\).Get \[GET https://api/ping\]`
}

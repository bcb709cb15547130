// Package triggers starts workflows through ingress's generic Requester
// and uses no other network API: its only call that reaches the network
// is a method of an instantiated generic interface.
package triggers

import (
	"context"

	"example.com/ingress"
)

type IssueRequest struct{ Domain string }
type IssueResponse struct{}

func Trigger(ctx context.Context, c *ingress.Client, domain string) error {
	r := ingress.NewRequester[*IssueRequest, *IssueResponse](c, "CertificateService", "ProcessChallenge")
	return r.Send(ctx, &IssueRequest{Domain: domain}) // want `HTTP ingress.Requester.Send → ingress.requester.Send → ingress.Client.send → \(\*net/http.Client\).Do \[POST \{base\}\{path\}/send\]`
}

// Package github is a stand-in for github.com/google/go-github/v66/github.
package github

import "net/http"

const (
	EventTypeHeader  = "X-GitHub-Event"
	DeliveryIDHeader = "X-GitHub-Delivery"
)

func ValidatePayload(r *http.Request, secretToken []byte) (payload []byte, err error) {
	return nil, nil
}
func ParseWebHook(messageType string, payload []byte) (interface{}, error) { return nil, nil }
func WebHookType(r *http.Request) string                                   { return r.Header.Get(EventTypeHeader) }
func DeliveryID(r *http.Request) string                                    { return r.Header.Get(DeliveryIDHeader) }

type Repository struct {
	ID       *int64
	FullName *string
}

type User struct{ Login *string }

type Installation struct{ ID *int64 }

type PushEvent struct {
	Ref  *string
	Repo *Repository
}

type InstallationEvent struct {
	Action       *string
	Installation *Installation
	Sender       *User
}

func (i *Installation) GetID() int64 {
	if i == nil || i.ID == nil {
		return 0
	}
	return *i.ID
}

// Package openapi is a stand-in for github.com/twilio/twilio-go/rest/api/v2010.
package openapi

type ApiService struct{}

type CreateMessageParams struct{ To, From, Body *string }

func (p *CreateMessageParams) SetTo(v string) *CreateMessageParams   { p.To = &v; return p }
func (p *CreateMessageParams) SetBody(v string) *CreateMessageParams { p.Body = &v; return p }

type ApiV2010Message struct{ Sid *string }

func (c *ApiService) CreateMessage(params *CreateMessageParams) (*ApiV2010Message, error) {
	return &ApiV2010Message{}, nil
}

// Package email is a stand-in for github.com/jordan-wright/email.
package email

import "net/smtp"

type Email struct {
	From    string
	To      []string
	Subject string
	Text    []byte
}

func NewEmail() *Email { return &Email{} }

func (e *Email) Send(addr string, a smtp.Auth) error { return nil }

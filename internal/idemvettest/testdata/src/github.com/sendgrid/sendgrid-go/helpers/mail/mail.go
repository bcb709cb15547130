// Package mail is a stand-in for github.com/sendgrid/sendgrid-go/helpers/mail.
package mail

type Email struct{ Name, Address string }

type SGMailV3 struct{ Subject string }

func NewEmail(name, address string) *Email { return &Email{name, address} }

func NewSingleEmail(from *Email, subject string, to *Email, plain, html string) *SGMailV3 {
	return &SGMailV3{Subject: subject}
}

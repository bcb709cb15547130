// Package oauthcode exchanges OAuth authorization codes for tokens. A
// helper reads the code's row, checks that it is not used yet and returns
// the row, its failure signalled by a *GrantError result (not an error);
// the caller returns that result, then marks the code used by its value
// alone, ignoring the affected count: two exchanges of one code both pass
// the check and both get tokens.
package oauthcode

import (
	"errors"
	"fmt"
	"log"
	"time"

	"xorm.io/xorm"
)

var engine *xorm.Engine

type Grant struct {
	Owner       string `xorm:"pk"`
	Name        string `xorm:"pk"`
	Code        string `xorm:"index"`
	CodeUsed    bool
	CodeExpires int64
	Client      string
	AccessToken string
}

// GrantError is the OAuth error body sent to the client.
type GrantError struct {
	Error       string
	Description string
}

type Reply struct {
	AccessToken string
}

func grantByCode(code string) (*Grant, error) {
	g := Grant{Code: code}
	has, err := engine.Get(&g)
	if err != nil {
		return nil, err
	}
	if has {
		return &g, nil
	}
	return nil, nil
}

// codeGrant validates the code: a *GrantError when it is unknown, used,
// for another client or expired.
func codeGrant(client, code string) (*Grant, *GrantError, error) {
	if code == "" {
		return nil, &GrantError{Error: "invalid_request"}, nil
	}
	if code == "guest" {
		return guestGrant(client)
	}
	g, err := grantByCode(code)
	if err != nil {
		return nil, nil, err
	}
	if g == nil {
		return nil, &GrantError{Error: "invalid_grant", Description: "unknown code"}, nil
	}
	if g.CodeUsed {
		return nil, &GrantError{Error: "invalid_grant", Description: fmt.Sprintf("code of %s already used", g.Name)}, nil
	}
	if g.Client != client {
		return nil, &GrantError{Error: "invalid_client"}, nil
	}
	if time.Now().Unix() > g.CodeExpires {
		return nil, &GrantError{Error: "invalid_grant", Description: "expired"}, nil
	}
	return g, nil, nil
}

// guestGrant mints a grant for a guest, without a code.
func guestGrant(client string) (*Grant, *GrantError, error) {
	if client == "" {
		return nil, &GrantError{Error: "invalid_client"}, nil
	}
	return &Grant{Name: "guest", Client: client, CodeUsed: true}, nil, nil
}

func markUsed(g *Grant) (bool, error) {
	n, err := engine.Where("code=?", g.Code).Cols("code_used").Update(g)
	if err != nil {
		return false, err
	}
	return n != 0, nil
}

// Exchange marks the code used by its value alone and ignores whether it
// matched a row still unused.
func Exchange(client, code string) (interface{}, error) {
	g, gerr, err := codeGrant(client, code)
	if err != nil {
		return nil, err
	}
	if gerr != nil {
		return gerr, nil
	}
	g.CodeUsed = true
	if _, err := markUsed(g); err != nil { // want `check-then-update on grant\(code_used\): the check at oauthcode.go:\d+ \(by codeGrant\) of the value read at oauthcode.go:\d+ \(by oauthcode.codeGrant\)`
		return nil, err
	}
	return &Reply{AccessToken: g.AccessToken}, nil
}

var errCodeUsed = errors.New("code already used")

// validCode is codeGrant with the failure an error: the row it returns
// was checked unused.
func validCode(code string) (*Grant, error) {
	g, err := grantByCode(code)
	if err != nil {
		return nil, err
	}
	if g == nil || g.CodeUsed {
		return nil, errCodeUsed
	}
	return g, nil
}

// ExchangeRefresh is the same race with the helper failing by an error.
func ExchangeRefresh(code string) (*Reply, error) {
	g, err := validCode(code)
	if err != nil {
		return nil, err
	}
	g.CodeUsed = true
	if _, err := markUsed(g); err != nil { // want `check-then-update on grant\(code_used\): the check at oauthcode.go:\d+ \(by validCode\)`
		return nil, err
	}
	return &Reply{AccessToken: g.AccessToken}, nil
}

func passwordGrant(user string) (*Grant, *GrantError, error) {
	if user == "" {
		return nil, &GrantError{Error: "invalid_request"}, nil
	}
	return &Grant{Name: user}, nil, nil
}

// Token picks the grant type's helper in a switch and marks the code used
// in the background: the token and its error are whichever helper ran.
func Token(grantType, client, code, user string) (interface{}, error) {
	var g *Grant
	var gerr *GrantError
	var err error
	switch grantType {
	case "authorization_code":
		g, gerr, err = codeGrant(client, code)
	case "password":
		g, gerr, err = passwordGrant(user)
	}
	if err != nil {
		return nil, err
	}
	if gerr != nil {
		return gerr, nil
	}
	g.CodeUsed = true
	go markUsed(g) // want `check-then-update on grant\(code_used\): the check at oauthcode.go:\d+ \(by codeGrant\)`
	return &Reply{AccessToken: g.AccessToken}, nil
}

// ---- silent ----

// markUnused marks the code used only while it is unused, and says
// whether it did.
func markUnused(g *Grant) (bool, error) {
	n, err := engine.Where("code=? AND code_used=?", g.Code, false).Cols("code_used").Update(g)
	if err != nil {
		return false, err
	}
	return n == 1, nil
}

// ExchangeOnce re-states the check in the WHERE and refuses when no row
// was still unused.
func ExchangeOnce(client, code string) (interface{}, error) {
	g, gerr, err := codeGrant(client, code)
	if err != nil {
		return nil, err
	}
	if gerr != nil {
		return gerr, nil
	}
	g.CodeUsed = true
	ok, err := markUnused(g) // ok: AND code_used = false, 0 rows refused
	if err != nil {
		return nil, err
	}
	if !ok {
		return &GrantError{Error: "invalid_grant"}, nil
	}
	return &Reply{AccessToken: g.AccessToken}, nil
}

// Retire marks a code used and hands nothing out: racers past the check
// all write code_used = true.
func Retire(client, code string) error {
	g, gerr, err := codeGrant(client, code)
	if err != nil {
		return err
	}
	if gerr != nil {
		return errors.New(gerr.Description)
	}
	g.CodeUsed = true
	_, err = markUsed(g) // ok: nothing is done on the check's word but the mark
	return err
}

// ExchangeLogged only logs the helper's failure value and goes on: the
// mark does not wait on its checks.
func ExchangeLogged(client, code string) (interface{}, error) {
	g, gerr, err := codeGrant(client, code)
	if err != nil || g == nil {
		return nil, err
	}
	if gerr != nil {
		log.Printf("grant: %s", gerr.Description)
	}
	g.CodeUsed = true
	if _, err := markUsed(g); err != nil { // ok: no check decides it
		return nil, err
	}
	return &Reply{AccessToken: g.AccessToken}, nil
}

// describe reads the code's row for display; its failure value is built
// from the row's own fields, not new on every failing path.
func describe(code string) (*Grant, *GrantError) {
	g, _ := grantByCode(code)
	if g == nil {
		return nil, &GrantError{Error: "unknown"}
	}
	return g, nil
}

// Touch marks the code used after a lookup that checks only that it
// exists: no check of code_used.
func Touch(code string) (interface{}, error) {
	g, gerr := describe(code)
	if gerr != nil {
		return gerr, nil
	}
	g.CodeUsed = true
	if _, err := markUsed(g); err != nil { // ok: code_used was never checked
		return nil, err
	}
	return &Reply{AccessToken: g.AccessToken}, nil
}

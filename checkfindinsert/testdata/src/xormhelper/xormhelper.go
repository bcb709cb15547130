// Package xormhelper is an xorm data layer whose inserts live in helpers
// taking the caller's session (newIssueLabel(sess, ...)), decided by a
// lookup helper of the caller's (hasIssueLabel): the model's unique index,
// from its xorm tags, travels with the helper's insert.
package xormhelper

import (
	"xorm.io/xorm"
)

var x *xorm.Engine

type IssueLabel struct {
	ID      int64
	IssueID int64 `xorm:"UNIQUE(s)"`
	LabelID int64 `xorm:"UNIQUE(s)"`
}

type Subscription struct {
	ID      int64
	UserID  int64 `xorm:"INDEX"`
	IssueID int64
}

func hasIssueLabel(issueID, labelID int64) bool {
	has, _ := x.Where("issue_id = ? AND label_id = ?", issueID, labelID).Get(new(IssueLabel))
	return has
}

func newIssueLabel(e *xorm.Session, issueID, labelID int64) error {
	_, err := e.Insert(&IssueLabel{IssueID: issueID, LabelID: labelID})
	return err
}

// NewIssueLabel: two requests both find no label and both insert; the
// unique index fails the second, which returns the raw error.
func NewIssueLabel(issueID, labelID int64) error {
	if hasIssueLabel(issueID, labelID) {
		return nil
	}
	sess := x.NewSession()
	defer sess.Close()
	if err := sess.Begin(); err != nil {
		return err
	}
	if err := newIssueLabel(sess, issueID, labelID); err != nil { // want `check-then-insert on issue_label\(issue_id, label_id\): the model's unique index on issue_label\(issue_id, label_id\) rejects a concurrent duplicate`
		return err
	}
	return sess.Commit()
}

func isSubscribed(userID, issueID int64) bool {
	has, _ := x.Where("user_id = ? AND issue_id = ?", userID, issueID).Get(new(Subscription))
	return has
}

func subscribe(e *xorm.Session, userID, issueID int64) error {
	_, err := e.Insert(&Subscription{UserID: userID, IssueID: issueID})
	return err
}

// Subscribe: no index covers the key the model declares.
func Subscribe(userID, issueID int64) error {
	if isSubscribed(userID, issueID) {
		return nil
	}
	return subscribe(x.NewSession(), userID, issueID) // want `check-then-insert on subscription\(user_id, issue_id\): a concurrent request can insert between`
}

// ---- silent ----

// CopyLabel checks the source issue, and inserts for the target: the
// lookup decides nothing about the key inserted.
func CopyLabel(fromIssue, toIssue, labelID int64) error {
	if !hasIssueLabel(fromIssue, labelID) {
		return nil
	}
	return newIssueLabel(x.NewSession(), toIssue, labelID) // ok: another issue's row was looked up
}

// Resubscribe removes the subscription first, in one statement per key:
// no lookup decides the insert.
func Resubscribe(userID, issueID int64) error {
	if _, err := x.Where("user_id = ? AND issue_id = ?", userID, issueID).Delete(new(Subscription)); err != nil {
		return err
	}
	return subscribe(x.NewSession(), userID, issueID) // ok: no lookup
}

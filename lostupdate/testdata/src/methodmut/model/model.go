// Package model holds the domain type and its methods; it imports no
// database library.
package model

import "encoding/json"

type Order struct {
	ID           int64
	FailureCount int
	LastError    string
	Status       string
	Meta         map[string]string
}

// RecordFailure counts a failed attempt.
func (o *Order) RecordFailure(err error) {
	o.FailureCount++
	o.LastError = err.Error()
}

// Retry doubles the backoff counter the same way.
func (o *Order) Retry() { o.FailureCount = o.FailureCount * 2 }

// SetStatus assigns a new status: nothing read is kept.
func (o *Order) SetStatus(s string) { o.Status = s }

// Tag merges a key into the metadata map in place.
func (o *Order) Tag(k, v string) { o.Meta[k] = v }

// Encode is a read-only helper.
func (o *Order) Encode() ([]byte, error) { return json.Marshal(o) }

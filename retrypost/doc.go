// Package retrypost defines an Analyzer that reports POST and PATCH
// requests re-sent by a retry without a stable idempotency key.
//
// # Analyzer retrypost
//
// retrypost: report retried POSTs without a stable idempotency key
//
// TODO
package retrypost

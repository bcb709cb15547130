// Package restate is a stand-in for github.com/restatedev/sdk-go: the
// durable-execution context and the Run family, which journal the result
// of a closure and run it again while it fails with an error that is not
// terminal.
package restate

import (
	"context"
	"time"
)

// Context is a handler's durable context.
type Context interface {
	context.Context
	Sleep(d time.Duration) error
}

// ObjectContext is the exclusive context of a virtual object handler.
type ObjectContext interface {
	Context
	Key() string
}

// WorkflowContext is the context of a workflow's run handler.
type WorkflowContext interface {
	ObjectContext
}

// RunContext is the context given to a Run closure.
type RunContext interface {
	context.Context
}

// RunOption configures a Run.
type RunOption interface{ runOption() }

type runOpt struct{}

func (runOpt) runOption() {}

// WithName names the Run in the journal.
func WithName(name string) RunOption { return runOpt{} }

// WithMaxRetryAttempts bounds the attempts of the Run.
func WithMaxRetryAttempts(n uint) RunOption { return runOpt{} }

// RunAsyncFuture is the pending result of RunAsync.
type RunAsyncFuture[T any] interface {
	Result() (T, error)
}

type future[T any] struct {
	v   T
	err error
}

func (f future[T]) Result() (T, error) { return f.v, f.err }

// Run runs fn, retrying it on non-terminal errors, and journals its result.
func Run[T any](ctx Context, fn func(ctx RunContext) (T, error), options ...RunOption) (T, error) {
	var rc RunContext
	return fn(rc)
}

// RunVoid is Run for closures without a result.
func RunVoid(ctx Context, fn func(ctx RunContext) error, options ...RunOption) error {
	var rc RunContext
	return fn(rc)
}

// RunAsync starts fn as Run does and returns its future.
func RunAsync[T any](ctx Context, fn func(ctx RunContext) (T, error), options ...RunOption) RunAsyncFuture[T] {
	var rc RunContext
	v, err := fn(rc)
	return future[T]{v, err}
}

type terminal struct{ err error }

func (t *terminal) Error() string { return t.err.Error() }

// TerminalError marks err as terminal: Run does not retry it.
func TerminalError(err error, code ...uint16) error { return &terminal{err} }

// IsTerminalError reports whether err is terminal.
func IsTerminalError(err error) bool { _, ok := err.(*terminal); return ok }

// Package errors is a stand-in for github.com/pkg/errors v0.9.1: wrapping
// with a stack, and Cause, the error below every wrapper.
package errors

import "fmt"

type withMessage struct {
	cause error
	msg   string
}

func (w *withMessage) Error() string { return w.msg + ": " + w.cause.Error() }
func (w *withMessage) Cause() error  { return w.cause }
func (w *withMessage) Unwrap() error { return w.cause }

// New returns an error with the message.
func New(message string) error { return fmt.Errorf("%s", message) }

// Wrap annotates err with a message; nil stays nil.
func Wrap(err error, message string) error {
	if err == nil {
		return nil
	}
	return &withMessage{cause: err, msg: message}
}

// Wrapf annotates err with a formatted message; nil stays nil.
func Wrapf(err error, format string, args ...interface{}) error {
	if err == nil {
		return nil
	}
	return &withMessage{cause: err, msg: fmt.Sprintf(format, args...)}
}

// WithStack annotates err with the stack; nil stays nil.
func WithStack(err error) error { return err }

// Cause returns the error below every wrapper that has a Cause method.
func Cause(err error) error {
	type causer interface{ Cause() error }
	for err != nil {
		c, ok := err.(causer)
		if !ok {
			break
		}
		err = c.Cause()
	}
	return err
}

// Is reports errors.Is.
func Is(err, target error) bool { return err == target }

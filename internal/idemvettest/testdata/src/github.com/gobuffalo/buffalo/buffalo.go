// Package buffalo is a stand-in for github.com/gobuffalo/buffalo's
// Context: the request's values (popmw's "tx", the request's transaction),
// its parameters and its response.
package buffalo

import (
	"context"
	"net/http"
)

// Context is a request's context.
type Context interface {
	context.Context
	Param(string) string
	Bind(any) error
	Render(int, Renderer) error
	Error(int, error) error
	Request() *http.Request
	Response() http.ResponseWriter
	Set(string, any)
}

// Renderer renders a response.
type Renderer interface{}

// Handler handles a request.
type Handler func(Context) error

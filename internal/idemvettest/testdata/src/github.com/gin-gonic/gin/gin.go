// Package gin is a stand-in for github.com/gin-gonic/gin.
package gin

import "net/http"

type Context struct {
	Request *http.Request
	Writer  http.ResponseWriter
}

// Error is an error attached to a Context.
type Error struct{ Err error }

func (e Error) Error() string { return e.Err.Error() }

func (c *Context) AbortWithError(code int, err error) *Error { return &Error{Err: err} }
func (c *Context) JSON(code int, obj any)                    {}
func (c *Context) Param(key string) string                   { return "" }
func (c *Context) ShouldBindJSON(obj any) error              { return nil }

type HandlerFunc func(*Context)

type RouterGroup struct{}

func (g *RouterGroup) GET(path string, handlers ...HandlerFunc)  {}
func (g *RouterGroup) POST(path string, handlers ...HandlerFunc) {}

type Engine struct{ RouterGroup }

func Default() *Engine                     { return &Engine{} }
func (e *Engine) Run(addr ...string) error { return nil }

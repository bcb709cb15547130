// Package handlers is a library package of HTTP handlers and helpers.
package handlers

import "net/http"

type Server struct{}

func (s *Server) Create(w http.ResponseWriter, r *http.Request) { // want `yes: a net/http HTTP handler \(handlers.Server.Create\)`
	s.store(r.FormValue("email"))
}

func (s *Server) store(email string) {} // want `yes: reached from a net/http HTTP handler \(handlers.Server.Create\)`

func list() http.HandlerFunc { // want `no caller in view`
	return func(w http.ResponseWriter, r *http.Request) {} // want `yes: a net/http HTTP handler`
}

func New() *Server { // want `unknown: handlers.New is exported: its callers are in other packages \[deferred\]`
	return newServer()
}

func newServer() *Server { return &Server{} } // want `unknown: reached from handlers.New is exported.*\[deferred\]`

func orphan() {} // want `unknown: no caller in view`

func escaping() { // want `unknown: no caller in view`
	hooks = append(hooks, hook)
}

func hook() {} // want `unknown: its value escapes at handlers.go:\d+`

var hooks []func()

// Command mainstart seeds its database at start-up, then serves.
package main

import (
	"net/http"
	"os"
)

func main() { // want `no: reached only from main`
	seed()
	loadConfig(os.Args[1])
	http.HandleFunc("/signup", signup)
	http.Handle("/ping", http.HandlerFunc(ping))
	go worker()
	http.ListenAndServe(":8080", nil)
}

func init() { // want `no: reached only from init`
	register()
}

func register() {} // want `no: reached only from init`

func seed() { // want `no: reached only from main`
	ensureAdmin()
}

func loadConfig(path string) {} // want `no: reached only from main`

func ensureAdmin() {} // want `yes: reached from a net/http HTTP handler \(main.signup\)`

func signup(w http.ResponseWriter, r *http.Request) { // want `yes: a net/http HTTP handler \(main.signup\)`
	ensureAdmin()
}

func ping(w http.ResponseWriter, r *http.Request) {} // want `yes: a net/http HTTP handler`

func worker() { // want `yes: a goroutine started at main.go:\d+`
	for {
		drain()
	}
}

func drain() {} // want `yes: reached from a goroutine`

type T struct{}

func (T) Exported() {} // want `unknown: the method main.T.Exported may be called through an interface`

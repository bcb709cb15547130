// Command kingpincmd is a server binary with kingpin subcommands.
package main

import (
	"os"

	"gopkg.in/alecthomas/kingpin.v2"

	"kingpincmd/server"
)

func main() { // want `no: reached only from main`
	app := kingpin.New("gitserver", "a git server")
	server.Register(app)
	kingpin.MustParse(app.Parse(os.Args[1:]))
}

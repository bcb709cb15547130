// Package server registers the server command of a kingpin application.
package server

import "gopkg.in/alecthomas/kingpin.v2"

type command struct{ config string }

func (c *command) run(*kingpin.ParseContext) error { // want `no: run once as the kingpin command action at server.go:\d+`
	return createKeyIfMissing(c.config)
}

func createKeyIfMissing(path string) error { return nil } // want `no: reached from run once as the kingpin command action`

// Register adds the server and migrate commands.
func Register(app *kingpin.Application) { // want `unknown: server.Register is exported`
	c := &command{}
	app.Command("server", "starts the server").Action(c.run)
	app.Command("migrate", "migrates the database").Action(func(*kingpin.ParseContext) error { // want `no: run once as the kingpin command action at server.go:\d+`
		return nil
	})
}

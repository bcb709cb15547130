// Command fscli is a command-line tool: one user, one process.
package main

import (
	"log"
	"os"
)

func main() {
	path := os.Args[1]
	if _, err := os.Stat(path); os.IsNotExist(err) {
		if err := os.WriteFile(path, []byte("{}"), 0o600); err != nil { // ok: a CLI's own config file
			log.Fatal(err)
		}
	}
}

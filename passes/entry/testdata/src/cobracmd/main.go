// Command cobracmd is an admin tool with cobra subcommands.
package main

import "github.com/spf13/cobra"

func main() { // want `no: reached only from main`
	root := &cobra.Command{Use: "admin"}
	root.AddCommand(&cobra.Command{
		Use: "seed",
		RunE: func(cmd *cobra.Command, args []string) error { // want `no: run once as the cobra command action at main.go:\d+`
			return seedUsers()
		},
	})
	root.AddCommand(&cobra.Command{Use: "gc", Run: gc})
	root.Execute()
}

func seedUsers() error { return nil } // want `no: reached from run once as the cobra command action`

func gc(cmd *cobra.Command, args []string) {} // want `no: run once as the cobra command action`

// Package cobra is a stand-in for github.com/spf13/cobra.
package cobra

import "context"

type Command struct {
	Use   string
	Short string
	Run   func(cmd *Command, args []string)
	RunE  func(cmd *Command, args []string) error
}

func (c *Command) AddCommand(cmds ...*Command) {}
func (c *Command) Execute() error              { return nil }
func (c *Command) Context() context.Context    { return context.Background() }

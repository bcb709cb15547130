// Package subcommands is a stand-in for github.com/google/subcommands
// v1.2.0: the Command interface and its registration, with the real
// signatures and bodies that do nothing.
package subcommands

import (
	"context"
	"flag"
)

// ExitStatus is a command's exit status.
type ExitStatus int

// The exit statuses.
const (
	ExitSuccess ExitStatus = iota
	ExitFailure
	ExitUsageError
)

// Command is a subcommand of the program.
type Command interface {
	Name() string
	Synopsis() string
	Usage() string
	SetFlags(*flag.FlagSet)
	Execute(ctx context.Context, f *flag.FlagSet, args ...interface{}) ExitStatus
}

// Commander runs the subcommand the command line names.
type Commander struct{}

// Register adds a subcommand to the commander.
func (cdr *Commander) Register(cmd Command, group string) {}

// Execute runs the subcommand the command line names.
func (cdr *Commander) Execute(ctx context.Context, args ...interface{}) ExitStatus { return ExitSuccess }

// Register adds a subcommand to the default commander.
func Register(cmd Command, group string) {}

// Execute runs the default commander.
func Execute(ctx context.Context, args ...interface{}) ExitStatus { return ExitSuccess }

// Command subcmd is an operator's tool with google/subcommands commands.
package main

import (
	"context"
	"flag"
	"os"

	"github.com/google/subcommands"
)

type importCmd struct{ path string }

func (*importCmd) Name() string               { return "import" }                          // want `unknown: the method main.importCmd.Name may be called through an interface`
func (*importCmd) Synopsis() string           { return "import rows from a file" }         // want `unknown: the method main.importCmd.Synopsis may be called through an interface`
func (*importCmd) Usage() string              { return "import -path FILE" }               // want `unknown: the method main.importCmd.Usage may be called through an interface`
func (c *importCmd) SetFlags(f *flag.FlagSet) { f.StringVar(&c.path, "path", "", "file") } // want `unknown: the method main.importCmd.SetFlags may be called through an interface`

func (c *importCmd) Execute(ctx context.Context, f *flag.FlagSet, _ ...interface{}) subcommands.ExitStatus { // want `no: run once as the subcommands command action at main.go:\d+`
	if err := importRows(ctx, c.path); err != nil {
		return subcommands.ExitFailure
	}
	return subcommands.ExitSuccess
}

func importRows(ctx context.Context, path string) error { return nil } // want `no: reached from run once as the subcommands command action`

func main() { // want `no: reached only from main`
	subcommands.Register(&importCmd{}, "")
	flag.Parse()
	os.Exit(int(subcommands.Execute(context.Background())))
}

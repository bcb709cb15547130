// Package kingpin is a stand-in for gopkg.in/alecthomas/kingpin.v2.
package kingpin

type ParseContext struct{}

type Action func(*ParseContext) error

type CmdClause struct{ name string }

func (c *CmdClause) Action(action Action) *CmdClause    { return c }
func (c *CmdClause) PreAction(action Action) *CmdClause { return c }

type Application struct{ name string }

func New(name, help string) *Application { return &Application{name: name} }

func (a *Application) Command(name, help string) *CmdClause { return &CmdClause{name: name} }
func (a *Application) Action(action Action) *Application    { return a }
func (a *Application) Parse(args []string) (string, error)  { return "", nil }

func MustParse(command string, err error) string { return command }

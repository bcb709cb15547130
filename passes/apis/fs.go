package apis

// FSOp is what a filesystem function does to the path it is given.
type FSOp uint8

const (
	FSNone   FSOp = iota
	FSStat        // reports whether the path exists (error fs.ErrNotExist when not)
	FSCreate      // creates or truncates the file at the path
	FSOpen        // os.OpenFile: creates it when the flags say O_CREATE; exclusive with O_EXCL
)

// FSFunc describes a filesystem function: its operation, the path argument,
// and for FSOpen the flags argument; Err is the result index of its error.
type FSFunc struct {
	Op    FSOp
	Path  int
	Flags int
	Err   int
}

// FSFuncs maps filesystem functions by full name. os.Mkdir is absent on
// purpose: it fails when the directory exists, so checking first is only a
// friendlier error, never a race that loses data.
var FSFuncs = map[string]FSFunc{
	"os.Stat":      {Op: FSStat, Path: 0, Flags: -1, Err: 1},
	"os.Lstat":     {Op: FSStat, Path: 0, Flags: -1, Err: 1},
	"os.Create":    {Op: FSCreate, Path: 0, Flags: -1, Err: 1},
	"os.WriteFile": {Op: FSCreate, Path: 0, Flags: -1, Err: 0},
	"os.OpenFile":  {Op: FSOpen, Path: 0, Flags: 1, Err: 1},
}

// FSNotExist lists the errors meaning "no such file".
var FSNotExist = []string{"io/fs.ErrNotExist", "os.ErrNotExist"}

// FSPredicates maps predicates on errors to whether they are true when the
// file does not exist (os.IsNotExist) or when it does (os.IsExist).
var FSPredicates = map[string]bool{
	"os.IsNotExist": true,
	"os.IsExist":    false,
}

// FSTable is the pseudo-table name of filesystem accesses.
const FSTable = "file"

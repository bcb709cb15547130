package apis

import (
	"go/types"
	"strings"
	"sync"
)

// Forks maps the import paths of libraries' forks, published under
// another path with the same API, to the path these tables describe the
// library by. A fork's packages below that path map likewise.
//
//	github.com/ory/pop/v6       ory's fork of gobuffalo/pop (ory/kratos, ory/hydra and ory/keto use it)
//	github.com/xorm-io/xorm     casdoor's fork of xorm.io/xorm (v1.1), with its own
//	github.com/xorm-io/builder  builder (builder.Eq, builder.In, ...) and
//	github.com/xorm-io/core     core (core.PK, the mappers), xorm.io/core forked
//	github.com/aarondl/sqlboiler/v4  volatiletech/sqlboiler's home since 2025 (v4.19.2 on)
var Forks = map[string]string{
	"github.com/aarondl/sqlboiler/v4": SqlboilerPkg,
	"github.com/ory/pop/v6":           PopPkg,
	"github.com/xorm-io/xorm":         XormPkg,
	"github.com/xorm-io/builder":      "xorm.io/builder",
	"github.com/xorm-io/core":         "xorm.io/core",
}

// Canonical returns path with a fork's import path replaced by the path
// of the library it forks; other paths are returned unchanged.
func Canonical(path string) string {
	for fork, lib := range Forks {
		if path == fork {
			return lib
		}
		if strings.HasPrefix(path, fork) && path[len(fork)] == '/' {
			return lib + path[len(fork):]
		}
	}
	return path
}

// FullName returns f.FullName() with a fork's package written as the
// library it forks, so the tables' keys name the fork's functions too:
// (*github.com/ory/pop/v6.Connection).Transaction is looked up as
// (*github.com/gobuffalo/pop/v6.Connection).Transaction.
//
// The name of a function or of a method of a non-generic named type is
// built once per process (see nameKey): the passes look up the callee of
// every call they walk, and building its name each time was 6% of a
// standalone run over hatchet, most of it allocation.
func FullName(f *types.Func) string { return namesOf(f).full }

// RawFullName returns f.FullName(), a fork's package as it is, built once
// per function as FullName's result is.
func RawFullName(f *types.Func) string { return namesOf(f).raw }

// funcNames are the two names of one function.
type funcNames struct{ raw, full string }

func namesOf(f *types.Func) funcNames {
	k, ok := keyOf(f)
	if !ok {
		return namesFor(f)
	}
	if s, ok := names.Load(k); ok {
		return s.(funcNames)
	}
	s := namesFor(f)
	names.Store(k, s)
	return s
}

func namesFor(f *types.Func) funcNames {
	s := f.FullName()
	out := funcNames{s, s}
	if f.Pkg() == nil {
		return out
	}
	if c := Canonical(f.Pkg().Path()); c != f.Pkg().Path() {
		out.full = strings.Replace(s, f.Pkg().Path(), c, 1)
	}
	return out
}

// names caches FullName and RawFullName by nameKey. Its keys are strings, not objects, so
// it keeps no package's types alive.
var names sync.Map

// nameKey is what FullName's result depends on, for a function declared
// at package level (recv empty) or a method whose receiver is a named
// type without type parameters or arguments, or a pointer to one:
// (*path.T).M or path.F, with path the package of f (Canonical rewrites
// it) and recvPath that of the receiver's type (FullName writes it).
type nameKey struct {
	path, recvPath, recv, name string
	ptr                        bool
}

func keyOf(f *types.Func) (nameKey, bool) {
	if f.Pkg() == nil || f.Origin() != f {
		return nameKey{}, false
	}
	sig, ok := f.Type().(*types.Signature)
	if !ok {
		return nameKey{}, false
	}
	k := nameKey{path: f.Pkg().Path(), name: f.Name()}
	recv := sig.Recv()
	if recv == nil {
		return k, sig.TypeParams().Len() == 0
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		k.ptr, t = true, p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 || n.Obj().Pkg() == nil {
		return nameKey{}, false
	}
	k.recvPath, k.recv = n.Obj().Pkg().Path(), n.Obj().Name()
	return k, true
}

// TypeString returns types.TypeString(t, nil) with forks' packages written
// as the libraries they fork.
func TypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return Canonical(p.Path()) })
}

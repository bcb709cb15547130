package apis

import (
	"go/types"
	"strings"
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
func FullName(f *types.Func) string {
	s := f.FullName()
	if f.Pkg() == nil {
		return s
	}
	if c := Canonical(f.Pkg().Path()); c != f.Pkg().Path() {
		s = strings.Replace(s, f.Pkg().Path(), c, 1)
	}
	return s
}

// TypeString returns types.TypeString(t, nil) with forks' packages written
// as the libraries they fork.
func TypeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return Canonical(p.Path()) })
}

package idemvet

import (
	"strings"
	"sync"

	"github.com/idemvet/idemvet/internal/vetdriver"
	"github.com/idemvet/idemvet/passes/apis"
	"github.com/idemvet/idemvet/passes/dbcall"
)

// FactFree reports whether a package none of whose direct imports
// exported a fact can export none either; go vet's fact-only run of it
// then writes an empty vetx file without parsing it (vetdriver's
// Options.FactFree). It is derived from the gates by which each analyzer
// with facts decides, on a package that sees no imported fact, whether to
// model it at all; a package failing every gate exports nothing:
//
//   - dbcall (summaryFact, tableFact, ctxAccessorFact, mutatesFact,
//     goquIdentFact), and
//     through its model txscope (helperFact, beginFact) and
//     checkfindinsert (deferredFact): a package importing, directly or
//     indirectly, one of its database packages (dbcall.DBPackage), or
//     code of the module being analyzed (repository interfaces, file
//     checks, transaction managers, the fields methods assign: read from
//     the syntax alone).
//   - netcall (netFact, freshFact): a package using a function of
//     NetFuncs or of a service SDK (apis.SDKPackage), a request
//     constructor (RequestCtors) or a header setter (HeaderSetters).
//   - retry (helperFact, runsFact, clientFact, grpcOptFact): a package
//     using a function of RetryClientCtors, RetryFuncs, GRPCDials or
//     GRPCRetryInterceptors, or code of the module being analyzed (any
//     function with a func parameter).
//   - entry: spawnFact, a package using a spawner (Spawners) or with a go
//     statement in a function taking a func parameter (which needs no
//     import at all); verifierFact, a package using a webhook call
//     (WebhookCalls); registryFact, a package using a registrar
//     (Registrars).
//
// A use of a function needs an identifier spelling its name, and the
// function's package among those the package can see
// (Unit.Packages); a go statement needs the keyword. The rule is
// conservative: code of the module being analyzed is never fact-free.
// A gate added to an analyzer must be added here.
func FactFree(u *vetdriver.Unit) bool {
	if m := u.Module; m == nil || m.Version == "" || m.Main {
		return false // the module's own code (dbcall.ownCode, retry's exportsFacts)
	}
	if u.GoStmt() {
		return false
	}
	for _, p := range u.Packages() {
		if dbcall.DBPackage(p) || apis.SDKPackage(p) {
			return false
		}
		for _, name := range gateFuncs()[p] {
			if u.Idents(name) {
				return false
			}
		}
	}
	return true
}

// gateTables are the tables whose functions, used by a package, make an
// analyzer model it (see FactFree).
func gateTables() []map[string]bool {
	keys := func(m any) map[string]bool {
		out := map[string]bool{}
		switch m := m.(type) {
		case map[string]apis.NetFunc:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.RequestCtor:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.HeaderSetter:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.RetryClient:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.RetryFunc:
			for k := range m {
				out[k] = true
			}
		case map[string]int:
			for k := range m {
				out[k] = true
			}
		case map[string]bool:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.Spawner:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.Webhook:
			for k := range m {
				out[k] = true
			}
		case map[string]apis.Registrar:
			for k := range m {
				out[k] = true
			}
		default:
			panic("gateTables: unexpected table type")
		}
		return out
	}
	return []map[string]bool{
		keys(apis.NetFuncs), keys(apis.RequestCtors), keys(apis.HeaderSetters), // netcall
		keys(apis.RetryClientCtors), keys(apis.RetryFuncs), keys(apis.GRPCDials), keys(apis.GRPCRetryInterceptors), // retry
		keys(apis.Spawners), keys(apis.WebhookCalls), keys(apis.Registrars), // entry
	}
}

// gateFuncs maps each package of a gate table's function to the names of
// those functions and methods.
var gateFuncs = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, t := range gateTables() {
		for full := range t {
			if pkg, name, ok := splitFullName(full); ok {
				m[pkg] = append(m[pkg], name)
			}
		}
	}
	return m
})

// splitFullName splits a types.Func full name, "path.F", "(path.T).M" or
// "(*path.T).M", into the package path and the function's name.
func splitFullName(full string) (pkg, name string, ok bool) {
	if strings.HasPrefix(full, "(") {
		recv, n, found := strings.Cut(full[1:], ").")
		if !found {
			return "", "", false
		}
		recv = strings.TrimPrefix(recv, "*")
		recv, _, _ = strings.Cut(recv, "[") // a generic receiver's type parameters
		i := strings.LastIndex(recv, ".")
		if i <= 0 {
			return "", "", false
		}
		return recv[:i], n, n != ""
	}
	i := strings.LastIndex(full, ".")
	if i <= 0 || i == len(full)-1 {
		return "", "", false
	}
	return full[:i], full[i+1:], true
}

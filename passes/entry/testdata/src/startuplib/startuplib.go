// Package startuplib is a store whose set-up its callers, out of view, run
// once at start-up.
package startuplib

// InitializeStore migrates and seeds; a service calls it once.
func InitializeStore() error { // want `no: reached only through the start-up function startuplib.InitializeStore`
	migrateDefaults()
	return nil
}

func migrateDefaults() {} // want `no: reached only through the start-up function startuplib.InitializeStore`

// MigrateSchema is a start-up step too.
func MigrateSchema() {} // want `no: reached only through the start-up function startuplib.MigrateSchema`

// CreateUser serves requests: callers out of view decide.
func CreateUser() { // want `unknown: startuplib.CreateUser is exported`
	ensureDefaults()
}

// Reached from a request-time function.
func ensureDefaults() {} // want `unknown: reached from startuplib.CreateUser is exported`

func Initial() {} // want `unknown: startuplib.Initial is exported`

func InitialBalance() {} // want `unknown: startuplib.InitialBalance is exported`

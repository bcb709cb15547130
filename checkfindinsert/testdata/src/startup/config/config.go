// Package config loads the service's configuration and writes a default
// one on first start.
package config

import (
	"os"
	"path/filepath"
)

// EnsureDefault writes the default configuration when none exists.
func EnsureDefault(dir string) (string, error) { // want EnsureDefault:"defers check-then-create in config.EnsureDefault → config.writeDefault"
	path := filepath.Join(dir, "config.yaml")
	return path, writeDefault(path)
}

func writeDefault(path string) error {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return os.WriteFile(path, []byte("port: 8080\n"), 0o600) // ok: left to the callers of EnsureDefault
	}
	return nil
}

// EnsureCert writes a self-signed certificate when none exists.
func EnsureCert(path string, pem []byte) error { // want EnsureCert:"defers check-then-create in config.EnsureCert"
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	return os.WriteFile(path, pem, 0o600) // ok: left to the callers
}

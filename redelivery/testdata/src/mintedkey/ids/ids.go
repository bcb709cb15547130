// Package ids mints the service's identifiers.
package ids

import "github.com/google/uuid"

// New returns a new prefixed id.
func New(prefix string) string {
	return prefix + "_" + uuid.NewString()
}

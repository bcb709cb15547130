// Package optimisticlock is a stand-in for gorm.io/plugin/optimisticlock.
package optimisticlock

import "database/sql"

// Version is a version column the plugin checks and bumps on update.
type Version sql.NullInt64

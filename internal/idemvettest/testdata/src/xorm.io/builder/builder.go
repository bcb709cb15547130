// Package builder is a stand-in for xorm.io/builder v0.3.13: the
// conditions xorm's Where takes.
package builder

// Cond is a condition.
type Cond interface{ IsValid() bool }

// Eq is column = value for each entry.
type Eq map[string]interface{}

func (eq Eq) IsValid() bool { return len(eq) > 0 }

package popfork

import (
	"fmt"

	"github.com/ory/pop/v6"
)

type RecoveryCode struct {
	ID   string `db:"id"`
	Used bool   `db:"used"`
}

func (RecoveryCode) TableName() string { return "identity_recovery_codes" }

// The table is named quoted for the dialect; the count is never read.
func UseRecoveryCode(c *pop.Connection, id, nid string) error {
	q := fmt.Sprintf("UPDATE %s SET used = true WHERE id = ? AND nid = ? AND NOT used", c.Dialect.Quote(RecoveryCode{}.TableName()))
	return c.RawQuery(q, id, nid).Exec() // want `compare-and-set on identity_recovery_codes\.used ignores rows affected`
}

// ---- silent ----

func UseRecoveryCodeChecked(c *pop.Connection, id, nid string) error {
	q := fmt.Sprintf("UPDATE %s SET used = true WHERE id = ? AND nid = ? AND NOT used", c.Dialect.Quote(RecoveryCode{}.TableName()))
	n, err := c.RawQuery(q, id, nid).ExecWithCount() // ok: count checked
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrUsed
	}
	return nil
}

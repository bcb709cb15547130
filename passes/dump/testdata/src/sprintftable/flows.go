package sprintftable

import (
	"context"
	"fmt"
)

// RecoveryFlow is a model naming its own table.
type RecoveryFlow struct{ ID int64 }

func (RecoveryFlow) TableName() string { return "recovery_flows" }

// countAttempt takes the flow's table from its caller.
func (r *Repo) countAttempt(ctx context.Context, flowTable string, id int64) (int, error) {
	var n int
	err := r.db.QueryRowContext(ctx, fmt.Sprintf("UPDATE %s SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts", flowTable), id).Scan(&n) // want `update \? set attempts=atomic\(attempts \+ 1\) where id=\$id reads \?->n on r\.db; .*; partial`
	return n, err
}

// checkAttempts passes its table parameter on.
func (r *Repo) checkAttempts(ctx context.Context, id int64, table string) error {
	n, err := r.countAttempt(ctx, table, id) // want `update \? set attempts=atomic\(attempts \+ 1\) where id=\$id .*via sprintftable\.Repo\.countAttempt at flows\.go:16; partial`
	if err != nil {
		return err
	}
	if n > 5 {
		return fmt.Errorf("too many attempts on %d", id)
	}
	return nil
}

func (r *Repo) LoginAttempt(ctx context.Context, id int64) error {
	_, err := r.countAttempt(ctx, "login_flows", id) // want `update login_flows set attempts=atomic\(attempts \+ 1\) where id=\$id .*via sprintftable\.Repo\.countAttempt at flows\.go:16; partial`
	return err
}

func (r *Repo) RecoveryAttempt(ctx context.Context, id int64) error {
	return r.checkAttempts(ctx, id, RecoveryFlow{}.TableName()) // want `update recovery_flows set attempts=atomic\(attempts \+ 1\) where id=\$id on r\.db; .*via sprintftable\.Repo\.checkAttempts->sprintftable\.Repo\.countAttempt at flows\.go:16; partial`
}

// AnyAttempt makes the name at run time: the table stays unknown.
func (r *Repo) AnyAttempt(ctx context.Context, id int64, kind string) error {
	return r.checkAttempts(ctx, id, kind+"_flows") // want `update \? set attempts=atomic\(attempts \+ 1\) where id=\$id on r\.db; .*via sprintftable\.Repo\.checkAttempts->sprintftable\.Repo\.countAttempt at flows\.go:16; partial`
}

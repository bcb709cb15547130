// Package entcap: a member's credits checked in Go, then taken off with an
// ent update whose builder gets the re-check only on some paths (when the
// account is capped), the way a compare-and-set is added to an existing
// query under an if.
package entcap

import (
	"context"
	"errors"

	"entfixture/ent"
	"entfixture/ent/member"
)

var ErrShort = errors.New("not enough credits")

// Spend checks the credits it read, then takes the cost off by id alone.
func Spend(ctx context.Context, client *ent.Client, id int, cost int64) error {
	m, err := client.Member.Get(ctx, id)
	if err != nil {
		return err
	}
	if m.Credits < cost {
		return ErrShort
	}
	return client.Member.Update().Where(member.ID(id)).AddCredits(-cost).Exec(ctx) // want `check-then-update on members\(credits\)`
}

// SpendCapped re-states the check in the WHERE on the paths where it is
// made (capped accounts), and treats no row updated as the lost race.
func SpendCapped(ctx context.Context, client *ent.Client, id int, cost int64, capped bool) error {
	m, err := client.Member.Get(ctx, id)
	if err != nil {
		return err
	}
	if capped {
		if m.Credits < cost {
			return ErrShort
		}
	}
	q := client.Member.Update().Where(member.ID(id))
	if capped {
		q = q.Where(member.CreditsGTE(cost))
	}
	n, err := q.AddCredits(-cost).Save(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrShort
	}
	return nil
}

// SpendActive adds a condition under the if too, but of the status: the
// credits checked in Go are still not in the WHERE.
func SpendActive(ctx context.Context, client *ent.Client, id int, cost int64, onlyActive bool) error {
	m, err := client.Member.Get(ctx, id)
	if err != nil {
		return err
	}
	if m.Credits < cost {
		return ErrShort
	}
	q := client.Member.Update().Where(member.ID(id))
	if onlyActive {
		q = q.Where(member.StatusEQ("active"))
	}
	n, err := q.AddCredits(-cost).Save(ctx) // want `check-then-update on members\(credits\)`
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("member gone or inactive")
	}
	return nil
}

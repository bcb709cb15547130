package entq

import (
	"context"
	"net/http"
	"strings"

	"entfixture/ent"
	"entfixture/ent/member"
)

func welcome(email string) error {
	resp, err := http.Post("https://mail.example.com/send", "application/json", strings.NewReader(email))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Activate(ctx context.Context, client *ent.Client, id int) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	m, err := tx.Member.Query().Where(member.ID(id)).ForUpdate().Only(ctx)
	if err != nil {
		tx.Rollback()
		return err
	}
	if err := welcome(m.Email); err != nil { // want `HTTP call \(entq.welcome → net/http.Post\) while the transaction holds the row lock`
		tx.Rollback()
		return err
	}
	if err := tx.Member.UpdateOneID(id).SetStatus("active").Exec(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// ---- silent ----

func ActivateThenWelcome(ctx context.Context, client *ent.Client, id int) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	m, err := tx.Member.Query().Where(member.ID(id)).ForUpdate().Only(ctx)
	if err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Member.UpdateOneID(id).SetStatus("active").Exec(ctx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return welcome(m.Email) // ok: after commit
}

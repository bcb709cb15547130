package svc

import (
	"context"

	"facts/repo"
)

func Use(ctx context.Context, r *repo.Repo, id int64) error {
	if ok, err := r.Exists(ctx, "a@b"); err != nil || ok { // want `select exists users where email=\$"a@b" reads exists\->Exists\(\)\#0 on r\.db; found\? bool; via repo\.Repo\.Exists at repo\.go:16`
		return err
	}
	if _, err := r.Find(ctx, id); repo.IsNotFound(err) { // want `select users where id=\$id reads name\->Find\(\)\#0 on r\.db; found\? err\(facts/repo\.ErrNotFound\); via repo\.Repo\.Find at repo\.go:22`
		return r.Insert(ctx, "a@b") // want `insert users set email=\$"a@b" on r\.db; unique handled; via repo\.Repo\.Insert at repo\.go:30`
	}
	var n int
	return r.Query(ctx, "SELECT count(*) FROM orders WHERE user_id = $1", id).Scan(&n) // want `select count orders where user_id=\$id reads count\->n on r\.db; found\? count`
}

func UseBus(ctx context.Context, b *repo.Bus, org int64) error {
	var name string
	if err := b.One(ctx, &name, "SELECT name FROM orgs WHERE id = $1", org); err != nil { // want `select orgs where id=\$org reads name\->name on b\.x; found\? err\(database/sql\.ErrNoRows\)`
		return err
	}
	var ids []int64
	return b.All(ctx, &ids, "SELECT id FROM members WHERE org_id = $1", org) // want `select members where org_id=\$org reads id\->ids on b\.x; found\? len`
}

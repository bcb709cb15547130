// Package joinlist assembles its statements from lists of SQL pieces
// joined with strings.Join: column and placeholder lists, SET lists and
// WHERE lists appended to under an if, and LIMIT/OFFSET added by
// fmt.Sprintf.
package joinlist

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

type DB struct{ db *sql.DB }

type Webhook struct {
	ID        int32
	Name      string
	URL       string
	CreatorID int32
}

type FindWebhook struct {
	ID         *int32
	CreatorID  *int32
	WithSecret bool
	Limit      *int
	Offset     *int
}

type UpdateWebhook struct {
	ID   int32
	Name *string
	URL  *string
}

func (d *DB) CreateWebhook(ctx context.Context, create *Webhook) error {
	fields := []string{"`name`", "`url`", "`creator_id`"}
	placeholder := []string{"?", "?", "?"}
	args := []any{create.Name, create.URL, create.CreatorID}
	stmt := "INSERT INTO `webhook` (" + strings.Join(fields, ", ") + ") VALUES (" + strings.Join(placeholder, ", ") + ")"
	_, err := d.db.ExecContext(ctx, stmt, args...) // want "insert webhook set name=\\$create.Name,url=\\$create.URL,creator_id=\\$create.CreatorID on d.db"
	return err
}

func (d *DB) ListWebhooks(ctx context.Context, find *FindWebhook) ([]*Webhook, error) {
	where, args := []string{"1 = 1"}, []any{}
	if v := find.ID; v != nil {
		where, args = append(where, "`id` = ?"), append(args, *v)
	}
	if v := find.CreatorID; v != nil {
		where, args = append(where, "`creator_id` = ?"), append(args, *v)
	}
	fields := []string{"`id`", "`name`", "`url`", "`creator_id`"}
	if find.WithSecret {
		fields = append(fields, "`secret`")
	}
	query := "SELECT " + strings.Join(fields, ", ") + " FROM `webhook` WHERE " + strings.Join(where, " AND ") + " ORDER BY `id` DESC"
	if find.Limit != nil {
		query = fmt.Sprintf("%s LIMIT %d", query, *find.Limit)
		if find.Offset != nil {
			query = fmt.Sprintf("%s OFFSET %d", query, *find.Offset)
		}
	}
	rows, err := d.db.QueryContext(ctx, query, args...) // want "select webhook where .*id=\\$find.ID,creator_id=\\$find.CreatorID,.* reads id->.*; partial"
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var list []*Webhook
	for rows.Next() {
		w := &Webhook{}
		if err := rows.Scan(&w.ID, &w.Name, &w.URL, &w.CreatorID); err != nil {
			return nil, err
		}
		list = append(list, w)
	}
	return list, rows.Err()
}

func (d *DB) UpdateWebhook(ctx context.Context, update *UpdateWebhook) error {
	set, args := []string{}, []any{}
	if v := update.Name; v != nil {
		set, args = append(set, "`name` = ?"), append(args, *v)
	}
	if v := update.URL; v != nil {
		set, args = append(set, "`url` = ?"), append(args, *v)
	}
	args = append(args, update.ID)
	stmt := "UPDATE `webhook` SET " + strings.Join(set, ", ") + " WHERE `id` = ?"
	_, err := d.db.ExecContext(ctx, stmt, args...) // want "update webhook set name=\\$update.Name,url=\\$update.URL where id=\\$update.ID on d.db; partial"
	return err
}

func (d *DB) DeleteWebhooks(ctx context.Context, ids []int32) error {
	placeholders := make([]string, 0, len(ids))
	args := make([]any, 0, len(ids))
	for _, id := range ids {
		placeholders = append(placeholders, "?")
		args = append(args, id)
	}
	stmt := "DELETE FROM `webhook` WHERE `id` IN (" + strings.Join(placeholders, ",") + ")"
	_, err := d.db.ExecContext(ctx, stmt, args...) // want "delete webhook where id IN \\{\\(\\?,…\\)\\} on d.db; partial"
	return err
}

// Package upsertmodel pins the conflict clause the model reads from SQL
// text and assembles from gorm's clause.OnConflict.
package upsertmodel

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

func RawSQL(ctx context.Context, db *sql.DB, id int64, name string) {
	db.ExecContext(ctx, `INSERT INTO jobs (id, status, tries, payload) VALUES ($1, 'queued', 0, $2) ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, tries = jobs.tries + EXCLUDED.tries, payload = $2, seen_at = now()`, id, name) // want `insert jobs set id=\$id,status='queued',tries=0,payload=\$name conflict=doupdate\(id\) doupdate\[status=proposed\(status\),tries=accumulate,payload=proposed\(payload\),seen_at=const\] on db`
	db.ExecContext(ctx, `INSERT INTO members (org_id, user_id) VALUES ($1, $2) ON CONFLICT (org_id, user_id) WHERE deleted_at IS NULL DO UPDATE SET role = DEFAULT WHERE members.role <> 'owner'`, id, id)                                  // want `insert members set org_id=\$id,user_id=\$id conflict=doupdate\(org_id,user_id\) targetwhere\{deleted_at IS NULL\} doupdate\[role=const\] updatewhere\{members.role <> 'owner'\} on db`
	db.ExecContext(ctx, "INSERT INTO jobs (id) VALUES ($1) ON CONFLICT ON CONSTRAINT jobs_pkey DO NOTHING", id)                                                                                                                             // want `insert jobs set id=\$id conflict=donothing constraint=jobs_pkey on db`
	db.ExecContext(ctx, "REPLACE INTO sessions (id, data) VALUES (?, ?)", id, name)                                                                                                                                                         // want `insert sessions set id=\$id,data=\$name conflict=replace on db`
}

type Order struct {
	ID     int64
	Status string
	Count  int
}

func Gorm(db *gorm.DB, id int64, status string) {
	db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&Order{ID: id, Status: status}) // want `insert orders set id=\$id,status=\$status conflict=doupdate\(id\) updateall on db`
	db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.AssignmentColumns([]string{"status", "count"}),
	}).Create(&Order{ID: id, Status: "pending", Count: 1}) // want `insert orders set id=\$id,status="pending",count=1 conflict=doupdate\(id\) doupdate\[status=proposed\(status\),count=proposed\(count\)\] on db`
	db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.Assignments(map[string]interface{}{"status": "pending", "count": gorm.Expr("orders.count + excluded.count")}),
	}).Create(&Order{ID: id}) // want `insert orders set id=\$id conflict=doupdate\(id\) doupdate\[count=accumulate,status=const\] on db`
	db.Clauses(clause.OnConflict{OnConstraint: "orders_pkey", DoNothing: true}).Create(&Order{ID: id}) // want `insert orders set id=\$id conflict=donothing constraint=orders_pkey on db`
	db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.Set{{Column: clause.Column{Name: "status"}, Value: status}},
	}).Save(&Order{Status: status}) // want `insert orders set status=\$status conflict=doupdate\(id\) doupdate\[status=param\] on db`
}

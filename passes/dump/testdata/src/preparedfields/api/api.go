package api

import (
	"database/sql"

	"preparedfields/queries"
)

type Handler struct{ st *queries.Statements }

func (h *Handler) Redeem(code string) error {
	var id int64
	var used bool
	if err := h.st.InviteByCode.QueryRow(code).Scan(&id, &used); err != nil { // want `select invites where code=\$code reads id\->id,used\->used on h\.st\.InviteByCode; found\? err\(database/sql\.ErrNoRows\)`
		return err
	}
	if used {
		return nil
	}
	_, err := h.st.Redeem.Exec(id) // want `update invites set used=true where id=\$id on h\.st\.Redeem`
	return err
}

func (h *Handler) Audit(db *sql.DB, id int64) error {
	h.st.Audit, _ = db.Prepare(`INSERT INTO audit (invite_id) VALUES ($1)`)
	_, err := h.st.Audit.Exec(id) // want `unknown \? on h\.st\.Audit; partial`
	return err
}

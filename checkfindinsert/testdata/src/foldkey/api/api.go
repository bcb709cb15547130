// Package api creates rows after a case-insensitive lookup of their name.
package api

import (
	"errors"

	"foldkey/store"
	"foldkey/validate"
)

type Handler struct{ Store *store.Storage }

func (h *Handler) CreateFolder(userID int64, req *store.FolderRequest) (int64, error) {
	if verr := validate.FolderCreation(h.Store, userID, req); verr != nil {
		return 0, errors.New(verr.Error())
	}
	return h.Store.CreateFolder(userID, req) // want `check-then-insert on folders\(user_id, title\): the UNIQUE constraint folders_user_id_title_key rejects a concurrent duplicate of the same spelling \(the lookup compares lower\(title\): unless every writer stores the value folded, one differing only in case gets in\), but this insert does not handle the violation`
}

func (h *Handler) Join(login string) error {
	if h.Store.MemberExists(login) {
		return errors.New("login taken")
	}
	return h.Store.CreateMember(login) // want `check-then-insert on members\(login\): the UNIQUE constraint members_login_lower_idx rejects a concurrent duplicate, but this insert does not handle the violation`
}

func (h *Handler) AddLabel(userID int64, name string) error {
	if h.Store.LabelExists(userID, name) {
		return errors.New("label exists")
	}
	return h.Store.CreateLabel(userID, name) // want `check-then-insert on labels\(user_id, name\): no UNIQUE constraint covers the key`
}

func (h *Handler) AddTag(name string) error {
	if h.Store.TagExists(name) {
		return errors.New("tag exists")
	}
	return h.Store.CreateTag(name) // want `check-then-insert on tags\(name\): the UNIQUE constraint tags_name_hash_idx rejects a concurrent duplicate of the same spelling \(the lookup compares lower\(name\)`
}

func (h *Handler) AddBadge(code string) error {
	if h.Store.BadgeExists(code) {
		return errors.New("badge exists")
	}
	return h.Store.CreateBadge(code) // want `check-then-insert on badges\(code\): no UNIQUE constraint covers the key`
}

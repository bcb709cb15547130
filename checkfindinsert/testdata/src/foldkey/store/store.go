// Package store looks names up case-insensitively before inserting them.
package store

import "database/sql"

type Storage struct{ db *sql.DB }

type FolderRequest struct {
	Title  string
	Hidden bool
}

// FolderTitleExists compares titles up to case; the schema's UNIQUE
// (user_id, title) compares them exactly.
func (s *Storage) FolderTitleExists(userID int64, title string) bool {
	var result bool
	s.db.QueryRow(`SELECT true FROM folders WHERE user_id=$1 AND lower(title)=lower($2) LIMIT 1`, userID, title).Scan(&result)
	return result
}

func (s *Storage) CreateFolder(userID int64, req *FolderRequest) (int64, error) {
	var id int64
	err := s.db.QueryRow(`INSERT INTO folders (user_id, title, hidden) VALUES ($1, $2, $3) RETURNING id`, userID, req.Title, req.Hidden).Scan(&id)
	return id, err
}

// MemberExists compares through lower(), as the schema's unique index on
// lower(login) does.
func (s *Storage) MemberExists(login string) bool {
	var result bool
	s.db.QueryRow(`SELECT true FROM members WHERE LOWER(login) = LOWER($1) LIMIT 1`, login).Scan(&result)
	return result
}

func (s *Storage) CreateMember(login string) error {
	_, err := s.db.Exec(`INSERT INTO members (login) VALUES ($1)`, login)
	return err
}

// LabelExists compares up to case on a table with no unique key.
func (s *Storage) LabelExists(userID int64, name string) bool {
	var result bool
	s.db.QueryRow(`SELECT true FROM labels WHERE user_id=$1 AND lower(name)=lower($2) LIMIT 1`, userID, name).Scan(&result)
	return result
}

func (s *Storage) CreateLabel(userID int64, name string) error {
	_, err := s.db.Exec(`INSERT INTO labels (user_id, name) VALUES ($1, $2)`, userID, name)
	return err
}

// TagExists compares up to case; the unique index on a hash of the name
// rejects the same name, not another case of it.
func (s *Storage) TagExists(name string) bool {
	var result bool
	s.db.QueryRow(`SELECT true FROM tags WHERE lower(name)=lower($1) LIMIT 1`, name).Scan(&result)
	return result
}

func (s *Storage) CreateTag(name string) error {
	_, err := s.db.Exec(`INSERT INTO tags (name) VALUES ($1)`, name)
	return err
}

// BadgeExists looks a code up; the unique index on NULLIF of the code
// lets any number of rows hold the empty string.
func (s *Storage) BadgeExists(code string) bool {
	var result bool
	s.db.QueryRow(`SELECT true FROM badges WHERE upper(code) = upper($1) LIMIT 1`, code).Scan(&result)
	return result
}

func (s *Storage) CreateBadge(code string) error {
	_, err := s.db.Exec(`INSERT INTO badges (code) VALUES ($1)`, code)
	return err
}

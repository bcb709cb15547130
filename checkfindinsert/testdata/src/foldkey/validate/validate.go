// Package validate rejects requests whose name is taken.
package validate

import "foldkey/store"

// LocalizedError names a message of the user's language.
type LocalizedError struct{ Key string }

func (e *LocalizedError) Error() string { return e.Key }

func NewLocalizedError(key string) *LocalizedError { return &LocalizedError{Key: key} }

func FolderCreation(s *store.Storage, userID int64, req *store.FolderRequest) *LocalizedError {
	if req.Title == "" {
		return NewLocalizedError("error.title_required")
	}
	if s.FolderTitleExists(userID, req.Title) {
		return NewLocalizedError("error.folder_already_exists")
	}
	return nil
}

package store

import (
	"context"
	"testing"
)

func TestSeed(t *testing.T) {
	s := &Store{}
	if s.DB == nil {
		t.Skip("no database")
	}
	_ = s.SeedUser(context.Background(), "a@example.com")
}

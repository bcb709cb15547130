package api_test

import (
	"context"
	"testing"

	"example.com/testonly/store"
)

func TestInvite(t *testing.T) {
	s := &store.Store{}
	if s.DB == nil {
		t.Skip("no database")
	}
	_ = s.Invite(context.Background(), "b@example.com")
}

package tableparam

import (
	"context"
	"database/sql"
	"fmt"
)

// Store keeps several membership tables of one shape; its helpers are
// given the table's name.
type Store struct{ db *sql.DB }

func (s *Store) isMember(ctx context.Context, table string, userID, groupID int64) (bool, error) {
	var exists bool
	err := s.db.QueryRowContext(ctx, fmt.Sprintf("SELECT EXISTS (SELECT 1 FROM %s WHERE user_id = $1 AND group_id = $2)", table), userID, groupID).Scan(&exists)
	return exists, err
}

func (s *Store) addMember(ctx context.Context, table string, userID, groupID int64) error {
	_, err := s.db.ExecContext(ctx, fmt.Sprintf("INSERT INTO %s (user_id, group_id) VALUES ($1, $2)", table), userID, groupID)
	return err
}

func (s *Store) addMemberOnce(ctx context.Context, table string, userID, groupID int64) error {
	_, err := s.db.ExecContext(ctx, fmt.Sprintf("INSERT INTO %s (user_id, group_id) VALUES ($1, $2) ON CONFLICT (user_id, group_id) DO NOTHING", table), userID, groupID)
	return err
}

func (s *Store) JoinTeam(ctx context.Context, userID, teamID int64) error {
	ok, err := s.isMember(ctx, "team_members", userID, teamID)
	if err != nil || ok {
		return err
	}
	return s.addMember(ctx, "team_members", userID, teamID) // want `check-then-insert on team_members\(user_id, group_id\)`
}

// ---- silent ----

func (s *Store) JoinTeamOnce(ctx context.Context, userID, teamID int64) error {
	ok, err := s.isMember(ctx, "team_members", userID, teamID)
	if err != nil || ok {
		return err
	}
	return s.addMemberOnce(ctx, "team_members", userID, teamID) // ok: ON CONFLICT DO NOTHING
}

func (s *Store) RequestJoin(ctx context.Context, userID, teamID int64) error {
	ok, err := s.isMember(ctx, "team_members", userID, teamID)
	if err != nil || ok {
		return err
	}
	return s.addMember(ctx, "join_requests", userID, teamID) // ok: the lookup reads another table
}

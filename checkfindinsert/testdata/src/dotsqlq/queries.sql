-- name: find-team
SELECT id FROM teams WHERE slug = $1;

-- name: insert-team
INSERT INTO teams (slug) VALUES ($1);

-- name: insert-team-once
INSERT INTO teams (slug) VALUES ($1) ON CONFLICT (slug) DO NOTHING;

-- name: find-member
SELECT id FROM members WHERE team_id = $1 AND user_id = $2;

-- name: add-member
INSERT INTO members (team_id, user_id) VALUES ($1, $2);

-- name: add-member-once
INSERT INTO members (team_id, user_id) VALUES ($1, $2) ON CONFLICT (team_id, user_id) DO NOTHING;

-- name: find-team
SELECT id FROM teams WHERE slug = $1;

-- name: insert-team
INSERT INTO teams (slug) VALUES ($1);

-- name: insert-team-once
INSERT INTO teams (slug) VALUES ($1) ON CONFLICT (slug) DO NOTHING;

-- name: get-tag
SELECT id FROM tags WHERE name = $1;

-- name: insert-tag
INSERT INTO tags (name) VALUES ($1);

-- name: upsert-tag
INSERT INTO tags (name) VALUES ($1) ON CONFLICT (name) DO NOTHING;

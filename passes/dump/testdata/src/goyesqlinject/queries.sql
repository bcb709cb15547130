-- name: upsert-member
INSERT INTO members (email, name) VALUES ($1, $2)
    ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name;

-- name: block-member
INSERT INTO members (email, name, status) VALUES ($1, $2, 'blocked')
    ON CONFLICT (email) DO UPDATE SET status = 'blocked';

-- name: touch-groups
UPDATE groups SET updated_at = NOW() WHERE id = ANY($1);

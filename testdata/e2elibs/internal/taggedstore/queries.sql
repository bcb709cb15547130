-- name: get-list
SELECT id, subscribers FROM lists WHERE name = $1;

-- name: create-list
INSERT INTO lists (name, subscribers) VALUES ($1, 0);

-- name: set-subscribers
UPDATE lists SET subscribers = $2 WHERE id = $1;

-- name: add-subscribers
UPDATE lists SET subscribers = subscribers + $2 WHERE id = $1;

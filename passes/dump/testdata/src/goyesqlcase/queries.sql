-- name: get-subscriber
-- raw: 1
SELECT id, name, status FROM subscribers WHERE email = $1;

-- name: insert-subscriber
INSERT INTO subscribers (email, name, status) VALUES ($1, $2, 'enabled');

-- name: set-status
UPDATE subscribers SET status = $2 WHERE id = $1;

-- name: confirm-subscription
UPDATE subscriptions SET status = 'confirmed' WHERE subscriber_id = $1 AND status = 'unconfirmed';

-- name: count-bounces
SELECT COUNT(*) FROM bounces WHERE subscriber_id = $1;

-- name: add-bounce
UPDATE subscribers SET bounces = bounces + 1 WHERE id = $1;

-- name: lock-subscriber
SELECT status FROM subscribers WHERE id = $1 FOR UPDATE;

-- name: block-subscriber
UPDATE subscribers SET status = 'blocklisted' WHERE id = $1;

-- name: query-subscribers
SELECT id, name, status FROM subscribers WHERE status = $1 ORDER BY %order%;

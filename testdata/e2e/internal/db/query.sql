-- Queries compiled by sqlc into two packages: pgxq (sql_package pgx/v5)
-- and sqlq (database/sql). Every sqlc command appears at least once.

-- name: GetUserByEmail :one
SELECT id, email, name, created_at FROM users WHERE email = $1;

-- name: GetUserByID :one
SELECT id, email, name, created_at FROM users WHERE id = $1;

-- name: UserExistsByEmail :one
SELECT EXISTS (SELECT 1 FROM users WHERE email = $1);

-- name: CreateUser :one
INSERT INTO users (email, name, password_hash)
VALUES ($1, $2, $3)
RETURNING id, email, name, created_at;

-- Idempotent create: returns no row when the email is already taken.
-- name: CreateUserIfAbsent :one
INSERT INTO users (email, name, password_hash)
VALUES ($1, $2, $3)
ON CONFLICT (email) DO NOTHING
RETURNING id, email, name, created_at;

-- name: ListUsers :many
SELECT id, email, name, created_at FROM users ORDER BY id LIMIT $1 OFFSET $2;

-- name: RenameUser :exec
UPDATE users SET name = $2 WHERE id = $1;


-- name: GetAccount :one
SELECT id, user_id, currency, balance FROM accounts WHERE id = $1;

-- name: SetAccountBalance :exec
UPDATE accounts SET balance = $2, updated_at = now() WHERE id = $1;

-- name: CreditAccount :exec
UPDATE accounts SET balance = balance + sqlc.arg(amount), updated_at = now()
WHERE id = sqlc.arg(id);

-- Guarded debit: affects no row when the balance is too low.
-- name: DebitAccount :execrows
UPDATE accounts SET balance = balance - sqlc.arg(amount), updated_at = now()
WHERE id = sqlc.arg(id) AND balance >= sqlc.arg(amount);


-- name: GetPost :one
SELECT id, author_id, title, view_count, like_count FROM posts WHERE id = $1;

-- name: UpdatePostViews :exec
UPDATE posts SET view_count = $2 WHERE id = $1;

-- name: IncrementPostViews :exec
UPDATE posts SET view_count = view_count + 1 WHERE id = $1;

-- name: ListPostsByAuthor :many
SELECT id, author_id, title, view_count, like_count FROM posts
WHERE author_id = $1 ORDER BY id DESC;


-- name: GetDocument :one
SELECT id, owner_id, title, body, version FROM documents WHERE id = $1;

-- Versioned update: the caller must look at the count.
-- name: UpdateDocument :execrows
UPDATE documents
SET title = $2, body = $3, version = version + 1, updated_at = now()
WHERE id = $1 AND version = sqlc.arg(expected_version);

-- Last write wins: no version predicate and no bump.
-- name: OverwriteDocument :exec
UPDATE documents SET title = $2, body = $3, updated_at = now() WHERE id = $1;

-- name: CreateDocument :one
INSERT INTO documents (owner_id, title, body) VALUES ($1, $2, $3)
RETURNING id, owner_id, title, body, version;


-- name: GetRide :one
SELECT id, rider_id, driver_id, status, fare_cents FROM rides WHERE id = $1;

-- A compare-and-set declared :exec: the caller cannot know whether it won.
-- name: AcceptRide :exec
UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now()
WHERE id = $1 AND status = 'searching';

-- The same compare-and-set declared :execrows.
-- name: AcceptRideChecked :execrows
UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now()
WHERE id = $1 AND status = 'searching';

-- name: CancelRide :execresult
UPDATE rides SET status = 'cancelled', updated_at = now()
WHERE id = $1 AND status IN ('searching', 'accepted');


-- name: GetProductBySKU :one
SELECT id, sku, name, stock, price_cents FROM products WHERE sku = $1;

-- name: CreateProduct :one
INSERT INTO products (sku, name, stock, price_cents) VALUES ($1, $2, $3, $4)
RETURNING id, sku, name, stock, price_cents;


-- name: GetRedemption :one
SELECT id, coupon_code, user_id, created_at FROM redemptions
WHERE coupon_code = $1 AND user_id = $2;

-- name: CreateRedemption :exec
INSERT INTO redemptions (coupon_code, user_id) VALUES ($1, $2);


-- name: ClaimIdempotencyKey :one
INSERT INTO idempotency_keys (key, request_hash, locked_until, expires_at)
VALUES ($1, $2, now() + interval '30 seconds', now() + interval '24 hours')
ON CONFLICT (key) DO NOTHING
RETURNING key;

-- name: MarkWebhookProcessed :execresult
INSERT INTO processed_webhook_events (event_id, source) VALUES ($1, $2)
ON CONFLICT DO NOTHING;

-- name: DeleteExpiredIdempotencyKeys :execresult
DELETE FROM idempotency_keys WHERE expires_at < now();


-- name: InsertOutbox :exec
INSERT INTO outbox (topic, payload) VALUES ($1, $2);

-- name: RecordLogin :exec
INSERT INTO daily_logins (user_id, day, count) VALUES ($1, current_date, 1)
ON CONFLICT (user_id, day) DO UPDATE SET count = daily_logins.count + 1;

-- name: ClaimJobLease :execrows
UPDATE job_leases SET holder = $2, held_until = now() + interval '10 minutes'
WHERE job_name = $1 AND held_until < now();

-- name: RegisterPushDevice :exec
INSERT INTO push_devices (user_id, token, platform, status) VALUES ($1, $2, $3, 'pending')
ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform, status = EXCLUDED.status;

-- name: RefreshPushDevice :exec
INSERT INTO push_devices (user_id, token, platform) VALUES ($1, $2, $3)
ON CONFLICT (token) DO UPDATE SET user_id = EXCLUDED.user_id, platform = EXCLUDED.platform;

-- name: AddPushDevice :exec
INSERT INTO push_devices (user_id, token, platform) VALUES ($1, $2, $3)
ON CONFLICT (id) DO NOTHING;

-- name: SyncUserProfile :exec
INSERT INTO users (email, name, created_at) VALUES ($1, $2, now())
ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name, created_at = EXCLUDED.created_at;

-- name: ImportDailyLogin :exec
INSERT INTO daily_logins (user_id, day, count) VALUES ($1, $2, 1)
ON CONFLICT (user_id, day) DO UPDATE SET count = EXCLUDED.count;

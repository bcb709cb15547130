-- name: GetRiderByEmail :one
SELECT id, email, name FROM riders WHERE email = $1;

-- name: CreateRider :one
INSERT INTO riders (email, name) VALUES ($1, $2)
RETURNING id, email, name;

-- No row back when the address is already registered.
-- name: CreateRiderIfAbsent :one
INSERT INTO riders (email, name) VALUES ($1, $2)
ON CONFLICT (email) DO NOTHING
RETURNING id, email, name;

-- name: CreateWallet :exec
INSERT INTO wallets (rider_id) VALUES ($1)
ON CONFLICT (rider_id) DO NOTHING;

-- name: GetWallet :one
SELECT id, rider_id, balance_cents FROM wallets WHERE id = $1;

-- name: GetWalletForUpdate :one
SELECT id, rider_id, balance_cents FROM wallets WHERE id = $1 FOR UPDATE;

-- name: SetWalletBalance :exec
UPDATE wallets SET balance_cents = $2, updated_at = now() WHERE id = $1;

-- Guarded debit: no row is affected when the balance is too low.
-- name: DebitWallet :execrows
UPDATE wallets SET balance_cents = balance_cents - sqlc.arg(amount), updated_at = now()
WHERE id = sqlc.arg(id) AND balance_cents >= sqlc.arg(amount);

-- name: CreditWallet :exec
UPDATE wallets SET balance_cents = balance_cents + sqlc.arg(amount), updated_at = now()
WHERE id = sqlc.arg(id);

-- Zero rows when this key was already booked on this wallet.
-- name: InsertLedgerEntry :execrows
INSERT INTO wallet_ledger (wallet_id, amount_cents, reason, idempotency_key)
VALUES ($1, $2, $3, $4)
ON CONFLICT (wallet_id, idempotency_key) DO NOTHING;

-- name: CreateRide :one
INSERT INTO rides (rider_id, fare_cents) VALUES ($1, $2)
RETURNING id, rider_id, driver_id, status, fare_cents;

-- name: GetRide :one
SELECT id, rider_id, driver_id, status, fare_cents FROM rides WHERE id = $1;

-- name: ListSearchingRides :many
SELECT id, rider_id, driver_id, status, fare_cents FROM rides
WHERE status = 'searching' ORDER BY created_at LIMIT $1;

-- Compare-and-set declared :exec: the caller cannot tell whether it won.
-- name: AcceptRide :exec
UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now()
WHERE id = $1 AND status = 'searching';

-- The same compare-and-set declared :execrows.
-- name: AcceptRideChecked :execrows
UPDATE rides SET status = 'accepted', driver_id = $2, updated_at = now()
WHERE id = $1 AND status = 'searching';

-- name: CompleteRide :execresult
UPDATE rides SET status = 'completed', updated_at = now()
WHERE id = $1 AND driver_id = $2 AND status IN ('accepted', 'in_progress');

-- name: InsertOutbox :exec
INSERT INTO outbox (topic, payload) VALUES ($1, $2);

-- Claims a batch of unsent messages in one statement (autocommit): the
-- relay then works on them with no transaction open.
-- name: ClaimOutbox :many
UPDATE outbox SET sent_at = now()
WHERE id IN (
    SELECT o.id FROM outbox o
    WHERE o.sent_at IS NULL AND o.topic = $1
    ORDER BY o.id LIMIT $2
    FOR UPDATE SKIP LOCKED
)
RETURNING id, payload;

-- name: ReleaseOutbox :exec
UPDATE outbox SET sent_at = NULL WHERE id = $1;

-- The fleet system's nightly driver sync (v1): the status it inserts for a
-- new driver is copied over the existing row's.
-- name: UpsertDriverFromFleet :exec
INSERT INTO drivers (id, name, status) VALUES ($1, $2, 'offline')
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, status = EXCLUDED.status;

-- The sync (v2) owns the name only; status is the driver app's.
-- name: UpsertDriverName :exec
INSERT INTO drivers (id, name, status) VALUES ($1, $2, 'offline')
ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name;

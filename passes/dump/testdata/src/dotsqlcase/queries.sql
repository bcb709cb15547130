-- name: find-account
SELECT id, balance FROM accounts WHERE owner = $1;

-- name: create-account
INSERT INTO accounts (owner, balance) VALUES ($1, 0)
ON CONFLICT (owner) DO NOTHING;

-- name: set-balance
-- the caller computes the new balance
UPDATE accounts SET balance = $1 WHERE id = $2;

-- name: add-balance
UPDATE accounts SET balance = balance + $1 WHERE id = $2;

-- name: claim-payout
UPDATE payouts SET status = 'sent' WHERE id = $1 AND status = 'pending';

-- name: lock-account
SELECT balance FROM accounts WHERE id = $1 FOR UPDATE;

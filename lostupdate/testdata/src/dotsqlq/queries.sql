-- name: find-wallet
SELECT balance FROM wallets WHERE id = $1;

-- name: set-wallet-balance
UPDATE wallets SET balance = $1 WHERE id = $2;

-- name: credit-wallet
UPDATE wallets SET balance = balance + $1 WHERE id = $2;

-- name: credit-wallet
UPDATE wallets SET balance = balance + 10 WHERE id = $1;

-- name: apply-topup
UPDATE topups SET status = 'applied' WHERE id = $1 AND status = 'pending';

-- name: accrue-interest
UPDATE wallets SET balance = balance * 1.01 WHERE kind = 'savings';

-- name: take-lease
UPDATE job_leases SET holder = $1, held_until = now() + interval '1 hour' WHERE job_name = $2 AND held_until < now();

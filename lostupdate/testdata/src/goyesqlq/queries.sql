-- name: get-quota
SELECT used FROM quotas WHERE account_id = $1;

-- name: set-quota
UPDATE quotas SET used = $2 WHERE account_id = $1;

-- name: use-quota
UPDATE quotas SET used = used + $2 WHERE account_id = $1;

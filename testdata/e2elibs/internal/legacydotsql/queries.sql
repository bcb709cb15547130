-- name: release-hold
UPDATE holds SET state = 'released' WHERE id = $1 AND state = 'held';

-- name: claim-job
UPDATE jobs SET state = 'running', worker = $2 WHERE id = $1 AND state = 'queued';

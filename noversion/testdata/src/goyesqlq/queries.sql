-- name: start-campaign
UPDATE campaigns SET status = 'running' WHERE id = $1 AND status = 'scheduled';

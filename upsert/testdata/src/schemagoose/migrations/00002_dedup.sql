-- +goose Up
ALTER TABLE charges ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX charges_idempotency_key ON charges (idempotency_key);

-- +goose Down
DROP INDEX charges_idempotency_key;
CREATE UNIQUE INDEX webhook_events_provider ON webhook_events (provider);

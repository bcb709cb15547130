-- +goose Up
CREATE TABLE rides (id bigint PRIMARY KEY, driver_id bigint NOT NULL, status text NOT NULL);
CREATE UNIQUE INDEX rides_one_active ON rides (driver_id) WHERE status = 'active';
ALTER TABLE rides ADD COLUMN offer_token uuid, ADD CONSTRAINT rides_offer_token_key UNIQUE (offer_token);
-- +goose Down
DROP TABLE rides;

-- +goose Up
CREATE TABLE IF NOT EXISTS "public"."Users" (
    id      BIGSERIAL PRIMARY KEY,
    "Email" TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_email_lower ON "Users" (lower("Email"));
-- +goose Down
DROP TABLE "Users";

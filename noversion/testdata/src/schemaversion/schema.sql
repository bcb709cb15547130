CREATE TABLE documents (
    id      BIGSERIAL PRIMARY KEY,
    title   TEXT NOT NULL,
    status  TEXT NOT NULL DEFAULT 'draft',
    updated_by TEXT,
    updated_at TIMESTAMPTZ,
    version INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE pipelines (
    id          TEXT PRIMARY KEY,
    enabled     BOOLEAN NOT NULL DEFAULT TRUE,
    last_log_id BIGINT,
    version     INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE exporters (
    id      TEXT PRIMARY KEY,
    config  JSONB,
    version INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE key_backups (
    user_id   TEXT NOT NULL,
    version   BIGINT NOT NULL,
    auth_data TEXT NOT NULL
);
CREATE UNIQUE INDEX key_backups_idx ON key_backups (user_id, version);

CREATE TABLE drafts (
    id      BIGINT PRIMARY KEY,
    body    TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE users (
    id         bigserial PRIMARY KEY,
    tenant_id  bigint NOT NULL,
    email      text NOT NULL,
    name       text NOT NULL,
    role       text NOT NULL DEFAULT 'member',
    deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_idx ON users (email);
CREATE UNIQUE INDEX users_tenant_name_live ON users (tenant_id, name) WHERE deleted_at IS NULL;

CREATE TABLE accounts (
    id     BIGSERIAL PRIMARY KEY,
    tenant BIGINT NOT NULL,
    login  TEXT NOT NULL,
    UNIQUE (tenant, login)
);
CREATE TABLE invites (
    id    BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL
);
CREATE TABLE members (
    id    BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE
);

CREATE TABLE signin_links (
    id          BIGSERIAL PRIMARY KEY,
    account_id  BIGINT NOT NULL,
    token       TEXT NOT NULL,
    email       TEXT NOT NULL,
    purpose     SMALLINT NOT NULL,
    consumed_at TIMESTAMPTZ NULL
);

CREATE UNIQUE INDEX signin_links_token_idx ON signin_links (account_id, token);

CREATE TABLE email_codes (
    id          BIGSERIAL PRIMARY KEY,
    email       TEXT NOT NULL,
    consumed_at TIMESTAMPTZ NULL
);

CREATE UNIQUE INDEX email_codes_live_idx ON email_codes (email) WHERE consumed_at IS NULL;

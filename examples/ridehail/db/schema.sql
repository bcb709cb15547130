-- ridehail schema (PostgreSQL). Read by sqlc (sqlc.yaml) and by idemvet's
-- schema pass.

CREATE TABLE riders (
    id         BIGSERIAL PRIMARY KEY,
    email      TEXT        NOT NULL UNIQUE,
    name       TEXT        NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE drivers (
    id     BIGSERIAL PRIMARY KEY,
    name   TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'offline'
);

-- Managed through gorm (internal/store/profiles.go).
CREATE TABLE driver_profiles (
    driver_id    BIGINT PRIMARY KEY REFERENCES drivers (id),
    display_name TEXT   NOT NULL,
    vehicle      TEXT   NOT NULL DEFAULT '',
    rating_sum   BIGINT NOT NULL DEFAULT 0,
    rating_count BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE rides (
    id         BIGSERIAL PRIMARY KEY,
    rider_id   BIGINT      NOT NULL REFERENCES riders (id),
    driver_id  BIGINT      REFERENCES drivers (id),
    status     TEXT        NOT NULL DEFAULT 'searching',
    fare_cents BIGINT      NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A driver has at most one active ride.
CREATE UNIQUE INDEX rides_one_active_per_driver
    ON rides (driver_id) WHERE status IN ('accepted', 'in_progress');

-- Managed through gorm: one rating per ride.
CREATE TABLE ratings (
    ride_id   BIGINT   PRIMARY KEY REFERENCES rides (id),
    driver_id BIGINT   NOT NULL REFERENCES drivers (id),
    stars     SMALLINT NOT NULL CHECK (stars BETWEEN 1 AND 5)
);

CREATE TABLE wallets (
    id            BIGSERIAL PRIMARY KEY,
    rider_id      BIGINT      NOT NULL UNIQUE REFERENCES riders (id),
    balance_cents BIGINT      NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Every wallet movement, deduplicated per wallet by the caller's key.
CREATE TABLE wallet_ledger (
    id              BIGSERIAL PRIMARY KEY,
    wallet_id       BIGINT      NOT NULL REFERENCES wallets (id),
    amount_cents    BIGINT      NOT NULL,
    reason          TEXT        NOT NULL,
    idempotency_key TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (wallet_id, idempotency_key)
);

CREATE TABLE outbox (
    id         BIGSERIAL PRIMARY KEY,
    topic      TEXT        NOT NULL,
    payload    JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at    TIMESTAMPTZ
);

-- The last run of each periodic job: a replica claims a run by moving
-- last_run past the start of the period.
CREATE TABLE job_runs (
    job_name TEXT        PRIMARY KEY,
    last_run TIMESTAMPTZ NOT NULL DEFAULT 'epoch'
);

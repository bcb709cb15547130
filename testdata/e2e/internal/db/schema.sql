-- Schema for the idemvet end-to-end module. PostgreSQL dialect.
-- sqlc reads this file (see sqlc.yaml); idemvet's schema pass reads it
-- through sqlc.yaml too, to learn which keys are UNIQUE and which tables
-- carry a version column.

CREATE TABLE users (
    id            BIGSERIAL PRIMARY KEY,
    email         TEXT        NOT NULL UNIQUE,
    name          TEXT        NOT NULL,
    password_hash TEXT        NOT NULL DEFAULT '',
    referred_by   BIGINT      REFERENCES users (id),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT      NOT NULL REFERENCES users (id),
    currency   TEXT        NOT NULL DEFAULT 'EUR',
    balance    BIGINT      NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE posts (
    id         BIGSERIAL PRIMARY KEY,
    author_id  BIGINT      NOT NULL REFERENCES users (id),
    title      TEXT        NOT NULL,
    body       TEXT        NOT NULL DEFAULT '',
    tags       TEXT[]      NOT NULL DEFAULT '{}',
    metadata   JSONB       NOT NULL DEFAULT '{}',
    view_count BIGINT      NOT NULL DEFAULT 0,
    like_count BIGINT      NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- documents are edited concurrently by several people: optimistic
-- concurrency through the version column.
CREATE TABLE documents (
    id         BIGSERIAL PRIMARY KEY,
    owner_id   BIGINT      NOT NULL REFERENCES users (id),
    title      TEXT        NOT NULL,
    body       TEXT        NOT NULL DEFAULT '',
    version    INTEGER     NOT NULL DEFAULT 1,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE rides (
    id         BIGSERIAL PRIMARY KEY,
    rider_id   BIGINT      NOT NULL REFERENCES users (id),
    driver_id  BIGINT,
    status     TEXT        NOT NULL DEFAULT 'searching',
    fare_cents BIGINT      NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- One active ride per driver.
CREATE UNIQUE INDEX rides_one_active_per_driver
    ON rides (driver_id) WHERE status IN ('accepted', 'in_progress');

CREATE TABLE events (
    id       BIGSERIAL PRIMARY KEY,
    name     TEXT    NOT NULL,
    capacity INTEGER NOT NULL,
    booked   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE seats (
    id       BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events (id),
    label    TEXT   NOT NULL,
    UNIQUE (event_id, label)
);

CREATE TABLE bookings (
    id         BIGSERIAL PRIMARY KEY,
    event_id   BIGINT      NOT NULL REFERENCES events (id),
    seat_id    BIGINT      NOT NULL REFERENCES seats (id),
    user_id    BIGINT      NOT NULL REFERENCES users (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (seat_id)
);

CREATE TABLE coupons (
    code            TEXT    PRIMARY KEY,
    percent_off     INTEGER NOT NULL,
    max_redemptions INTEGER NOT NULL,
    redeemed        INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE redemptions (
    id          BIGSERIAL PRIMARY KEY,
    coupon_code TEXT        NOT NULL REFERENCES coupons (code),
    user_id     BIGINT      NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (coupon_code, user_id)
);

CREATE TABLE idempotency_keys (
    key           TEXT PRIMARY KEY,
    request_hash  BYTEA       NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'in_flight',
    response_code INTEGER,
    response_body JSONB,
    locked_until  TIMESTAMPTZ,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE processed_webhook_events (
    event_id     TEXT PRIMARY KEY,
    source       TEXT        NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
    id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    topic      TEXT        NOT NULL,
    payload    JSONB       NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    sent_at    TIMESTAMPTZ
);

CREATE TABLE daily_logins (
    user_id BIGINT  NOT NULL REFERENCES users (id),
    day     DATE    NOT NULL,
    count   INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (user_id, day)
);

CREATE TABLE products (
    id          BIGSERIAL PRIMARY KEY,
    sku         TEXT   NOT NULL UNIQUE,
    name        TEXT   NOT NULL,
    stock       INTEGER NOT NULL DEFAULT 0,
    price_cents BIGINT NOT NULL
);

CREATE TABLE job_leases (
    job_name   TEXT PRIMARY KEY,
    holder     TEXT        NOT NULL,
    held_until TIMESTAMPTZ NOT NULL
);

-- articles are edited through gorm with gorm.io/plugin/optimisticlock.
CREATE TABLE articles (
    id      BIGSERIAL PRIMARY KEY,
    title   TEXT    NOT NULL,
    body    TEXT    NOT NULL DEFAULT '',
    version BIGINT  NOT NULL DEFAULT 1
);

-- Push notification devices, registered by the mobile apps on every start
-- (so the registration is an upsert on the device token).
CREATE TABLE push_devices (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT      NOT NULL REFERENCES users (id),
    token      TEXT        NOT NULL UNIQUE,
    platform   TEXT        NOT NULL,
    status     TEXT        NOT NULL DEFAULT 'pending',
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

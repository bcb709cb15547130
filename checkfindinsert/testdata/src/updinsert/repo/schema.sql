CREATE TABLE daily_usage (
    user_id BIGINT NOT NULL,
    day     DATE NOT NULL,
    calls   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
);

CREATE TABLE preferences (
    user_id BIGINT NOT NULL,
    name    TEXT NOT NULL,
    value   TEXT NOT NULL
);

CREATE TABLE usage_events (
    id      BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    day     DATE NOT NULL
);

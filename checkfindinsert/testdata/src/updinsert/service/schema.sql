-- The daily_usage table as the service package sees it (testdata packages have no module root, so each package reads its own schema).
CREATE TABLE daily_usage (
    user_id BIGINT NOT NULL,
    day     DATE NOT NULL,
    calls   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
);

CREATE TABLE rides (
    id        BIGSERIAL PRIMARY KEY,
    driver_id BIGINT NOT NULL,
    status    TEXT NOT NULL
);
-- one active ride per driver
CREATE UNIQUE INDEX rides_one_active ON rides (driver_id) WHERE status = 'active';

CREATE TABLE routes (
    id       VARCHAR(64) PRIMARY KEY,
    hostname VARCHAR(255) NOT NULL,
    app_id   VARCHAR(64) NOT NULL,
    CONSTRAINT routes_hostname_unique UNIQUE (hostname)
);

CREATE TABLE route_hits (
    id       VARCHAR(64) PRIMARY KEY,
    hostname VARCHAR(255) NOT NULL,
    day      VARCHAR(10) NOT NULL
);

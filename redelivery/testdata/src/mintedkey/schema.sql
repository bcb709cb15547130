CREATE TABLE orders (
    id          TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL,
    total       BIGINT NOT NULL
);

CREATE TABLE shipments (
    id       TEXT PRIMARY KEY,
    order_id TEXT NOT NULL
);

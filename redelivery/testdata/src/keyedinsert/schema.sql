CREATE TABLE products (
    product_id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
    name       TEXT NOT NULL
);

CREATE TABLE product_events (
    id         BIGSERIAL PRIMARY KEY,
    product_id UUID NOT NULL,
    kind       TEXT NOT NULL
);

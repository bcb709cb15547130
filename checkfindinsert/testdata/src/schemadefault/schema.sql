CREATE TABLE carts (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL,
    store_id bigint NOT NULL,
    state text NOT NULL DEFAULT 'open'
);
CREATE TABLE holds (
    id bigserial PRIMARY KEY,
    sku text NOT NULL,
    active boolean NOT NULL DEFAULT true
);

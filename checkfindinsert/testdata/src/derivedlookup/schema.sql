CREATE TABLE holders (
    id BIGSERIAL PRIMARY KEY,
    display_name TEXT NOT NULL
);

CREATE TABLE pockets (
    id BIGSERIAL PRIMARY KEY,
    holder_id BIGINT NOT NULL REFERENCES holders (id),
    currency TEXT NOT NULL,
    amount NUMERIC NOT NULL DEFAULT 0,
    UNIQUE (holder_id, currency)
);

CREATE TABLE members (
    id bigserial PRIMARY KEY,
    email text NOT NULL UNIQUE,
    credits bigint NOT NULL DEFAULT 0,
    status text NOT NULL
);
CREATE TABLE invoice_sequences (
    tenant_id text PRIMARY KEY,
    last_value bigint NOT NULL
);

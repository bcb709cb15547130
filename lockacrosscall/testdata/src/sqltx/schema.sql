CREATE TABLE accounts (id bigserial PRIMARY KEY, user_id bigint NOT NULL, balance bigint NOT NULL DEFAULT 0, closed boolean NOT NULL DEFAULT false);
CREATE TABLE charges (id bigserial PRIMARY KEY, user_id bigint NOT NULL);
CREATE TABLE invoices (id bigserial PRIMARY KEY, tenant_id text NOT NULL, amount bigint NOT NULL);
CREATE TABLE invoice_sequences (tenant_id text PRIMARY KEY, last_value bigint NOT NULL);
CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, payload bigint);

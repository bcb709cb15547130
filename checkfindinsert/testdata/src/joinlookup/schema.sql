CREATE TABLE files (
    id BIGSERIAL PRIMARY KEY,
    path TEXT NOT NULL
);

CREATE TABLE invoice_pdfs (
    invoice_id BIGINT NOT NULL,
    locale TEXT NOT NULL,
    file_id BIGINT NULL REFERENCES files (id),
    state TEXT NOT NULL,
    PRIMARY KEY (invoice_id, locale)
);

CREATE TABLE plans (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE subscriptions (
    id BIGSERIAL PRIMARY KEY,
    user_id BIGINT NOT NULL,
    plan_id BIGINT NOT NULL REFERENCES plans (id),
    UNIQUE (user_id, plan_id)
);

CREATE TABLE users (
	id    bigserial PRIMARY KEY,
	email text NOT NULL,
	CONSTRAINT users_email_key UNIQUE (email)
);

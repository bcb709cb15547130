-- name: get-contact
SELECT id FROM contacts WHERE email = $1;

-- name: insert-contact
INSERT INTO contacts (email, name) VALUES ($1, $2);

-- name: insert-contact-once
INSERT INTO contacts (email, name) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING;

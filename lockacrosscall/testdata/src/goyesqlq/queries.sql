-- name: lock-invoice
SELECT status FROM invoices WHERE id = $1 FOR UPDATE;

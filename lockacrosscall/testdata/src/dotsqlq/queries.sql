-- name: lock-order
SELECT status FROM orders WHERE id = $1 FOR UPDATE;

-- name: ship-order
UPDATE orders SET status = 'shipped' WHERE id = $1;

-- name: find-seat
SELECT id FROM seats WHERE flight = $1 AND passenger = $2;

-- name: book-seat
INSERT INTO seats (flight, passenger) VALUES ($1, $2);

-- name: book-seat-once
INSERT INTO seats (flight, passenger) VALUES ($1, $2) ON CONFLICT (flight, passenger) DO NOTHING;

-- name: get-miles
SELECT miles FROM passengers WHERE id = $1;

-- name: set-miles
UPDATE passengers SET miles = $1 WHERE id = $2;

-- name: add-miles
UPDATE passengers SET miles = miles + $1 WHERE id = $2;

-- name: board
UPDATE seats SET state = 'boarded' WHERE id = $1 AND state = 'booked';

-- name: lock-seat
SELECT state FROM seats WHERE id = $1 FOR UPDATE;

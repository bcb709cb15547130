-- name: record-visit
INSERT INTO daily_visits (user_id, day, hits) VALUES ($1, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = EXCLUDED.hits;

-- name: record-visit-add
INSERT INTO daily_visits (user_id, day, hits) VALUES ($1, CURRENT_DATE, 1) ON CONFLICT (user_id, day) DO UPDATE SET hits = daily_visits.hits + 1;

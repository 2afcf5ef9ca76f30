-- On top of bench/prefill.sql: user u-heavy with 200,000 responses, all likes but 10 replies
-- spread from the oldest to the newest (one every 20,000).
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 199999)
INSERT INTO responses (id, user_id, category, action, fingerprint, body)
SELECT printf('00000000-0000-4000-9000-%012X', i), 'u-heavy', 'social_post',
       CASE WHEN i % 20000 = 0 THEN 'reply' ELSE 'like' END, 'prefilled',
       printf('{"id":"00000000-0000-4000-9000-%012X","actionIdentifier":"%s","category":"social_post","userId":"u-heavy","postId":"p-%d","receivedAt":"2026-11-30T09:00:00.000Z","result":{}}',
              i, CASE WHEN i % 20000 = 0 THEN 'reply' ELSE 'like' END, i % 10000)
FROM n;
COMMIT;

-- bench/prefill.sql's 1,000,000 responses (10,000 posts, 100,000 users; 70% likes, 20% replies,
-- 10% open-screen) received over the week 2026-11-23 to 2026-11-30, one every 0.6048 s, with a
-- receive time: for the stored aggregates, which `actionhub stats rebuild` then counts.
PRAGMA journal_mode = WAL;
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999),
  events AS (SELECT i, 1795392000000 + i * 6048 / 10 AS at,
    CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply'
         ELSE 'com.apple.UNNotificationDefaultActionIdentifier' END AS action,
    CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply' ELSE 'open-screen' END AS handler,
    (i + 37 * (i / 100000)) % 100000 AS user FROM n)
INSERT INTO responses (id, user_id, category, action, fingerprint, body, received_at)
SELECT printf('00000000-0000-4000-8000-%012X', i), 'u-' || user, 'social_post', action, 'prefilled',
       printf('{"id":"00000000-0000-4000-8000-%012X","actionIdentifier":"%s","category":"social_post","handler":"%s","userId":"u-%d","postId":"p-%d","receivedAt":"%s","result":{}}',
              i, action, handler, user, (i / 10) % 10000,
              strftime('%Y-%m-%dT%H:%M:%fZ', at / 1000.0, 'unixepoch')),
       at
FROM events;
INSERT OR IGNORE INTO likes (post_id, user_id, response_id, liked_at)
SELECT 'p-' || (((position - 1) / 10) % 10000), user_id, id, '2026-11-30T09:00:00.000Z'
FROM responses WHERE action = 'like' AND fingerprint = 'prefilled';
INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
SELECT lower(id), 'p-' || (((position - 1) / 10) % 10000), user_id, 'prefilled reply', id,
       '2026-11-30T09:00:00.000Z'
FROM responses WHERE action = 'reply' AND fingerprint = 'prefilled';
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);

-- bench/prefill.sql for PostgreSQL: 1,000,000 stored responses over 10,000 posts and 100,000
-- users (70% likes, 20% replies, 10% open-screen) with the rows their handlers would have written:
-- 70 likes from 70 users and 20 replies per post, 10 responses per user.
SET synchronous_commit = off;
BEGIN;
INSERT INTO responses (id, user_id, category, action, fingerprint, body)
SELECT e.id, 'u-' || ((i + 37 * (i / 100000)) % 100000), 'social_post', e.action, 'prefilled',
       format('{"id":"%s","actionIdentifier":"%s","category":"social_post","handler":"%s","userId":"u-%s","postId":"p-%s","receivedAt":"2026-11-30T09:00:00.000Z","result":{}}',
              e.id, e.action, e.handler, (i + 37 * (i / 100000)) % 100000, (i / 10) % 10000)
FROM generate_series(0, 999999) AS i,
     LATERAL (SELECT '00000000-0000-4000-8000-' || lpad(upper(to_hex(i)), 12, '0') AS id,
                     CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply'
                          ELSE 'com.apple.UNNotificationDefaultActionIdentifier' END AS action,
                     CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply' ELSE 'open-screen' END AS handler) AS e
ORDER BY i;
INSERT INTO likes (post_id, user_id, response_id, liked_at)
SELECT 'p-' || (((position - 1) / 10) % 10000), user_id, id, '2026-11-30T09:00:00.000Z'
FROM responses WHERE action = 'like' AND fingerprint = 'prefilled' ORDER BY position
ON CONFLICT (post_id, user_id) DO NOTHING;
INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
SELECT lower(id), 'p-' || (((position - 1) / 10) % 10000), user_id, 'prefilled reply', id,
       '2026-11-30T09:00:00.000Z'
FROM responses WHERE action = 'reply' AND fingerprint = 'prefilled' ORDER BY position;
COMMIT;
VACUUM ANALYZE;

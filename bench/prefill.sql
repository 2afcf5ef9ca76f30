-- 1,000,000 stored responses over 10,000 posts and 100,000 users: 70% likes, 20% replies,
-- 10% open-screen, with the rows their handlers would have written. Event i is on post
-- (i / 10) % 10000 by user (i + 37 * (i / 100000)) % 100000: each post gets 70 likes from 70
-- users and 20 replies, each user 10 responses. (Parenthesised: in SQLite || binds tighter than %.)
PRAGMA journal_mode = WAL;
PRAGMA synchronous = OFF;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999999)
INSERT INTO responses (id, user_id, category, action, fingerprint, body)
SELECT printf('00000000-0000-4000-8000-%012X', i), 'u-' || ((i + 37 * (i / 100000)) % 100000), 'social_post',
       CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply'
            ELSE 'com.apple.UNNotificationDefaultActionIdentifier' END,
       'prefilled',
       printf('{"id":"00000000-0000-4000-8000-%012X","actionIdentifier":"%s","category":"social_post","handler":"%s","userId":"u-%d","postId":"p-%d","receivedAt":"2026-11-30T09:00:00.000Z","result":{}}',
              i, CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply'
                      ELSE 'com.apple.UNNotificationDefaultActionIdentifier' END,
              CASE WHEN i % 10 < 7 THEN 'like' WHEN i % 10 < 9 THEN 'reply' ELSE 'open-screen' END,
              (i + 37 * (i / 100000)) % 100000, (i / 10) % 10000)
FROM n;
INSERT OR IGNORE INTO likes (post_id, user_id, response_id, liked_at)
SELECT 'p-' || (((position - 1) / 10) % 10000), user_id, id, '2026-11-30T09:00:00.000Z'
FROM responses WHERE action = 'like' AND fingerprint = 'prefilled';
INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)
SELECT lower(id), 'p-' || (((position - 1) / 10) % 10000), user_id, 'prefilled reply', id,
       '2026-11-30T09:00:00.000Z'
FROM responses WHERE action = 'reply' AND fingerprint = 'prefilled';
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);

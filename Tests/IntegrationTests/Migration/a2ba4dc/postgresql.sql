--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: count_post_rows(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.count_post_rows() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    change bigint := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
    IF TG_TABLE_NAME = 'likes' THEN
        INSERT INTO post_counts AS counts (post_id, likes)
        SELECT post_id, change * count(*) FROM changed_rows GROUP BY post_id ORDER BY post_id
        ON CONFLICT (post_id) DO UPDATE SET likes = counts.likes + excluded.likes;
    ELSE
        INSERT INTO post_counts AS counts (post_id, replies)
        SELECT post_id, change * count(*) FROM changed_rows GROUP BY post_id ORDER BY post_id
        ON CONFLICT (post_id) DO UPDATE SET replies = counts.replies + excluded.replies;
    END IF;
    RETURN NULL;
END;
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: api_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.api_keys (
    id text NOT NULL,
    hash text NOT NULL,
    name text NOT NULL,
    scopes text NOT NULL,
    created_at text NOT NULL,
    revoked_at text
);


--
-- Name: heartbeat; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.heartbeat (
    id integer NOT NULL,
    checked_at timestamp with time zone NOT NULL
);


--
-- Name: likes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.likes (
    "position" bigint NOT NULL,
    post_id text NOT NULL,
    user_id text NOT NULL,
    response_id text NOT NULL,
    liked_at text NOT NULL
);


--
-- Name: likes_position_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.likes ALTER COLUMN "position" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.likes_position_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: post_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.post_counts (
    post_id text NOT NULL,
    likes bigint DEFAULT 0 NOT NULL,
    replies bigint DEFAULT 0 NOT NULL
);


--
-- Name: replies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.replies (
    "position" bigint NOT NULL,
    reply_id text NOT NULL,
    post_id text NOT NULL,
    user_id text NOT NULL,
    text text NOT NULL,
    response_id text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: replies_position_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.replies ALTER COLUMN "position" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.replies_position_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: responses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.responses (
    "position" bigint NOT NULL,
    id text NOT NULL,
    user_id text NOT NULL,
    category text NOT NULL,
    action text NOT NULL,
    fingerprint text NOT NULL,
    body text NOT NULL,
    notification text,
    txid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    received_at bigint
);


--
-- Name: responses_position_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.responses ALTER COLUMN "position" ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.responses_position_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: secrets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.secrets (
    name text NOT NULL,
    value text NOT NULL
);


--
-- Name: stats_counts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stats_counts (
    category text NOT NULL,
    bucket integer NOT NULL,
    start bigint NOT NULL,
    action text NOT NULL,
    responses bigint NOT NULL,
    users bigint NOT NULL
);


--
-- Name: stats_posts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stats_posts (
    category text NOT NULL,
    post_id text NOT NULL,
    likes bigint NOT NULL,
    replies bigint NOT NULL
);


--
-- Name: stats_users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stats_users (
    category text NOT NULL,
    bucket integer NOT NULL,
    start bigint NOT NULL,
    action text NOT NULL,
    user_id text NOT NULL
);


--
-- Name: token_revocations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.token_revocations (
    user_id text NOT NULL,
    revoked_before bigint NOT NULL
);


--
-- Name: webhook_deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_deliveries (
    sequence bigint NOT NULL,
    endpoint_id text NOT NULL,
    response_position bigint NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    created_at bigint NOT NULL,
    next_attempt_at bigint,
    delivered_at bigint,
    last_status_code integer,
    last_error text
);


--
-- Name: webhook_deliveries_sequence_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.webhook_deliveries ALTER COLUMN sequence ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.webhook_deliveries_sequence_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: webhook_endpoints; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_endpoints (
    id text NOT NULL,
    url text NOT NULL,
    events text NOT NULL,
    secret text NOT NULL,
    created_at text NOT NULL
);


--
-- Name: webhook_subscriptions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.webhook_subscriptions (
    pattern text NOT NULL,
    endpoint_id text NOT NULL
);


--
-- Data for Name: api_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.api_keys VALUES ('ae206a78dddd', '16acdee1534d08c01b0697ff867d5945eb355b17ba4c8ece4270daaca9490394', 'first admin', 'admin', '2026-12-03T11:10:14.759Z', NULL);


--
-- Data for Name: heartbeat; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: likes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.likes OVERRIDING SYSTEM VALUE VALUES (1, 'p-1', 'u-1', '00000000-0000-4000-8000-000000000001', '2026-12-03T11:10:14.927Z');
INSERT INTO public.likes OVERRIDING SYSTEM VALUE VALUES (2, 'p-1', 'u-2', '00000000-0000-4000-8000-000000000002', '2026-12-03T11:10:14.941Z');
INSERT INTO public.likes OVERRIDING SYSTEM VALUE VALUES (3, 'p-1', 'u-3', '00000000-0000-4000-8000-000000000003', '2026-12-03T11:10:14.953Z');
INSERT INTO public.likes OVERRIDING SYSTEM VALUE VALUES (4, 'p-2', 'u-1', '00000000-0000-4000-8000-000000000006', '2026-12-03T11:10:14.979Z');
INSERT INTO public.likes OVERRIDING SYSTEM VALUE VALUES (6, 'p-3', 'u-5', '00000000-0000-4000-8000-000000000011', '2026-12-03T11:10:14.993Z');


--
-- Data for Name: post_counts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.post_counts VALUES ('p-1', 3, 2);
INSERT INTO public.post_counts VALUES ('p-2', 1, 1);
INSERT INTO public.post_counts VALUES ('p-3', 1, 0);


--
-- Data for Name: replies; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.replies OVERRIDING SYSTEM VALUE VALUES (1, '1d1c3329-1060-438f-8c93-af6658853295', 'p-1', 'u-1', 'First! 🎉', '00000000-0000-4000-8000-000000000004', '2026-12-03T11:10:14.963Z');
INSERT INTO public.replies OVERRIDING SYSTEM VALUE VALUES (2, '9a12ba65-af46-4526-b543-842314e2fca7', 'p-1', 'u-2', 'Nice shot', '00000000-0000-4000-8000-000000000005', '2026-12-03T11:10:14.976Z');
INSERT INTO public.replies OVERRIDING SYSTEM VALUE VALUES (3, '0db4a37d-c8b1-454d-85f7-08ef6f833088', 'p-2', 'u-4', 'Wo ist das?', '00000000-0000-4000-8000-000000000008', '2026-12-03T11:10:14.985Z');


--
-- Data for Name: responses; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (1, '00000000-0000-4000-8000-000000000001', 'u-1', 'social_post', 'like', '{"actionIdentifier":"like","id":"00000000-0000-4000-8000-000000000001","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-1","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-1"}', '{"id":"00000000-0000-4000-8000-000000000001","actionIdentifier":"like","category":"social_post","handler":"like","userId":"u-1","postId":"p-1","receivedAt":"2026-12-03T11:10:14.927Z","result":{"liked":true,"alreadyLiked":false,"likeCount":1}}', '{"identifier":"push-p-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1","media-url":"https://example.com/a.jpg"}}', '728', 1796296214927);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (2, '00000000-0000-4000-8000-000000000002', 'u-2', 'social_post', 'like', '{"actionIdentifier":"like","id":"00000000-0000-4000-8000-000000000002","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-1","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-2"}', '{"id":"00000000-0000-4000-8000-000000000002","actionIdentifier":"like","category":"social_post","handler":"like","userId":"u-2","postId":"p-1","receivedAt":"2026-12-03T11:10:14.941Z","result":{"liked":true,"alreadyLiked":false,"likeCount":2}}', '{"identifier":"push-p-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1","media-url":"https://example.com/a.jpg"}}', '729', 1796296214941);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (3, '00000000-0000-4000-8000-000000000003', 'u-3', 'social_post', 'like', '{"actionIdentifier":"like","id":"00000000-0000-4000-8000-000000000003","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-1","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-3"}', '{"id":"00000000-0000-4000-8000-000000000003","actionIdentifier":"like","category":"social_post","handler":"like","userId":"u-3","postId":"p-1","receivedAt":"2026-12-03T11:10:14.953Z","result":{"liked":true,"alreadyLiked":false,"likeCount":3}}', '{"identifier":"push-p-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1","media-url":"https://example.com/a.jpg"}}', '730', 1796296214953);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (4, '00000000-0000-4000-8000-000000000004', 'u-1', 'social_post', 'reply', '{"actionIdentifier":"reply","id":"00000000-0000-4000-8000-000000000004","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-1","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-1","userText":"First! 🎉"}', '{"id":"00000000-0000-4000-8000-000000000004","actionIdentifier":"reply","category":"social_post","handler":"reply","userId":"u-1","postId":"p-1","receivedAt":"2026-12-03T11:10:14.963Z","result":{"replyId":"1d1c3329-1060-438f-8c93-af6658853295","text":"First! 🎉"}}', '{"identifier":"push-p-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1","media-url":"https://example.com/a.jpg"}}', '731', 1796296214963);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (5, '00000000-0000-4000-8000-000000000005', 'u-2', 'social_post', 'reply', '{"actionIdentifier":"reply","id":"00000000-0000-4000-8000-000000000005","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-1","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-2","userText":"Nice shot"}', '{"id":"00000000-0000-4000-8000-000000000005","actionIdentifier":"reply","category":"social_post","handler":"reply","userId":"u-2","postId":"p-1","receivedAt":"2026-12-03T11:10:14.976Z","result":{"replyId":"9a12ba65-af46-4526-b543-842314e2fca7","text":"Nice shot"}}', '{"identifier":"push-p-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1","media-url":"https://example.com/a.jpg"}}', '732', 1796296214976);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (6, '00000000-0000-4000-8000-000000000006', 'u-1', 'social_post', 'like', '{"actionIdentifier":"like","id":"00000000-0000-4000-8000-000000000006","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-2","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-2"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-1"}', '{"id":"00000000-0000-4000-8000-000000000006","actionIdentifier":"like","category":"social_post","handler":"like","userId":"u-1","postId":"p-2","receivedAt":"2026-12-03T11:10:14.979Z","result":{"liked":true,"alreadyLiked":false,"likeCount":1}}', '{"identifier":"push-p-2","categoryIdentifier":"social_post","userInfo":{"postId":"p-2","media-url":"https://example.com/a.jpg"}}', '733', 1796296214979);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (7, '00000000-0000-4000-8000-000000000007', 'u-1', 'social_post', 'like', '{"actionIdentifier":"like","id":"00000000-0000-4000-8000-000000000007","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-1","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-1"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-1"}', '{"id":"00000000-0000-4000-8000-000000000007","actionIdentifier":"like","category":"social_post","handler":"like","userId":"u-1","postId":"p-1","receivedAt":"2026-12-03T11:10:14.982Z","result":{"liked":true,"alreadyLiked":true,"likeCount":3}}', '{"identifier":"push-p-1","categoryIdentifier":"social_post","userInfo":{"postId":"p-1","media-url":"https://example.com/a.jpg"}}', '734', 1796296214982);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (8, '00000000-0000-4000-8000-000000000008', 'u-4', 'social_post', 'reply', '{"actionIdentifier":"reply","id":"00000000-0000-4000-8000-000000000008","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-2","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-2"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-4","userText":"Wo ist das?"}', '{"id":"00000000-0000-4000-8000-000000000008","actionIdentifier":"reply","category":"social_post","handler":"reply","userId":"u-4","postId":"p-2","receivedAt":"2026-12-03T11:10:14.985Z","result":{"replyId":"0db4a37d-c8b1-454d-85f7-08ef6f833088","text":"Wo ist das?"}}', '{"identifier":"push-p-2","categoryIdentifier":"social_post","userInfo":{"postId":"p-2","media-url":"https://example.com/a.jpg"}}', '735', 1796296214985);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (9, '00000000-0000-4000-8000-000000000009', 'u-2', 'social_post', 'com.apple.UNNotificationDefaultActionIdentifier', '{"actionIdentifier":"com.apple.UNNotificationDefaultActionIdentifier","id":"00000000-0000-4000-8000-000000000009","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-3","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-3"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-2"}', '{"id":"00000000-0000-4000-8000-000000000009","actionIdentifier":"com.apple.UNNotificationDefaultActionIdentifier","category":"social_post","handler":"open-screen","userId":"u-2","postId":"p-3","receivedAt":"2026-12-03T11:10:14.987Z","result":{"screen":"post","deepLink":"socialapp://posts/p-3"}}', '{"identifier":"push-p-3","categoryIdentifier":"social_post","userInfo":{"postId":"p-3","media-url":"https://example.com/a.jpg"}}', '736', 1796296214987);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (10, '00000000-0000-4000-8000-000000000010', 'u-3', 'social_post', 'com.apple.UNNotificationDismissActionIdentifier', '{"actionIdentifier":"com.apple.UNNotificationDismissActionIdentifier","id":"00000000-0000-4000-8000-000000000010","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-3","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-3"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-3"}', '{"id":"00000000-0000-4000-8000-000000000010","actionIdentifier":"com.apple.UNNotificationDismissActionIdentifier","category":"social_post","handler":"dismiss","userId":"u-3","postId":"p-3","receivedAt":"2026-12-03T11:10:14.990Z","result":{"dismissed":true}}', '{"identifier":"push-p-3","categoryIdentifier":"social_post","userInfo":{"postId":"p-3","media-url":"https://example.com/a.jpg"}}', '737', 1796296214990);
INSERT INTO public.responses OVERRIDING SYSTEM VALUE VALUES (11, '00000000-0000-4000-8000-000000000011', 'u-5', 'social_post', 'like', '{"actionIdentifier":"like","id":"00000000-0000-4000-8000-000000000011","notification":{"categoryIdentifier":"social_post","date":"2026-12-01T09:00:00Z","identifier":"push-p-3","userInfo":{"media-url":"https://example.com/a.jpg","postId":"p-3"}},"respondedAt":"2026-12-01T09:00:05Z","userId":"u-5"}', '{"id":"00000000-0000-4000-8000-000000000011","actionIdentifier":"like","category":"social_post","handler":"like","userId":"u-5","postId":"p-3","receivedAt":"2026-12-03T11:10:14.993Z","result":{"liked":true,"alreadyLiked":false,"likeCount":1}}', '{"identifier":"push-p-3","categoryIdentifier":"social_post","userInfo":{"postId":"p-3","media-url":"https://example.com/a.jpg"}}', '738', 1796296214993);


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_migrations VALUES ('0001-responses-likes-replies', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0002-heartbeat', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0003-api-keys', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0004-post-counts', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0005-response-notification-and-feed', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0006-webhooks', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0007-token-revocations', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0008-stats', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0009-post-counts-by-writer', '2026-12-03 11:10:14.701249+00');
INSERT INTO public.schema_migrations VALUES ('0010-user-history-by-action', '2026-12-03 11:10:14.701249+00');


--
-- Data for Name: secrets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.secrets VALUES ('first-admin-key', 'ae206a78dddd');


--
-- Data for Name: stats_counts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.stats_counts VALUES ('social_post', 0, 1796296200, 'reply', 3, 3);
INSERT INTO public.stats_counts VALUES ('social_post', 1, 1796295600, 'reply', 3, 3);
INSERT INTO public.stats_counts VALUES ('social_post', 2, 1796256000, 'reply', 3, 3);
INSERT INTO public.stats_counts VALUES ('social_post', 0, 1796296200, 'com.apple.UNNotificationDefaultActionIdentifier', 1, 1);
INSERT INTO public.stats_counts VALUES ('social_post', 1, 1796295600, 'com.apple.UNNotificationDefaultActionIdentifier', 1, 1);
INSERT INTO public.stats_counts VALUES ('social_post', 2, 1796256000, 'com.apple.UNNotificationDefaultActionIdentifier', 1, 1);
INSERT INTO public.stats_counts VALUES ('social_post', 0, 1796296200, 'com.apple.UNNotificationDismissActionIdentifier', 1, 1);
INSERT INTO public.stats_counts VALUES ('social_post', 1, 1796295600, 'com.apple.UNNotificationDismissActionIdentifier', 1, 1);
INSERT INTO public.stats_counts VALUES ('social_post', 2, 1796256000, 'com.apple.UNNotificationDismissActionIdentifier', 1, 1);
INSERT INTO public.stats_counts VALUES ('social_post', 0, 1796296200, 'like', 6, 4);
INSERT INTO public.stats_counts VALUES ('social_post', 1, 1796295600, 'like', 6, 4);
INSERT INTO public.stats_counts VALUES ('social_post', 2, 1796256000, 'like', 6, 4);


--
-- Data for Name: stats_posts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.stats_posts VALUES ('social_post', 'p-1', 3, 2);
INSERT INTO public.stats_posts VALUES ('social_post', 'p-2', 1, 1);
INSERT INTO public.stats_posts VALUES ('social_post', 'p-3', 1, 0);


--
-- Data for Name: stats_users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'like', 'u-1');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'like', 'u-1');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'like', 'u-1');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'like', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'like', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'like', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'like', 'u-3');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'like', 'u-3');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'like', 'u-3');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'reply', 'u-1');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'reply', 'u-1');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'reply', 'u-1');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'reply', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'reply', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'reply', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'reply', 'u-4');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'reply', 'u-4');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'reply', 'u-4');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'com.apple.UNNotificationDefaultActionIdentifier', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'com.apple.UNNotificationDefaultActionIdentifier', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'com.apple.UNNotificationDefaultActionIdentifier', 'u-2');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'com.apple.UNNotificationDismissActionIdentifier', 'u-3');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'com.apple.UNNotificationDismissActionIdentifier', 'u-3');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'com.apple.UNNotificationDismissActionIdentifier', 'u-3');
INSERT INTO public.stats_users VALUES ('social_post', 0, 1796296200, 'like', 'u-5');
INSERT INTO public.stats_users VALUES ('social_post', 1, 1796295600, 'like', 'u-5');
INSERT INTO public.stats_users VALUES ('social_post', 2, 1796256000, 'like', 'u-5');


--
-- Data for Name: token_revocations; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: webhook_deliveries; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: webhook_endpoints; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: webhook_subscriptions; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: likes_position_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.likes_position_seq', 6, true);


--
-- Name: replies_position_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.replies_position_seq', 3, true);


--
-- Name: responses_position_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.responses_position_seq', 11, true);


--
-- Name: webhook_deliveries_sequence_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.webhook_deliveries_sequence_seq', 1, false);


--
-- Name: api_keys api_keys_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_hash_key UNIQUE (hash);


--
-- Name: api_keys api_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id);


--
-- Name: heartbeat heartbeat_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.heartbeat
    ADD CONSTRAINT heartbeat_pkey PRIMARY KEY (id);


--
-- Name: likes likes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.likes
    ADD CONSTRAINT likes_pkey PRIMARY KEY ("position");


--
-- Name: likes likes_post_id_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.likes
    ADD CONSTRAINT likes_post_id_user_id_key UNIQUE (post_id, user_id);


--
-- Name: post_counts post_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.post_counts
    ADD CONSTRAINT post_counts_pkey PRIMARY KEY (post_id);


--
-- Name: replies replies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.replies
    ADD CONSTRAINT replies_pkey PRIMARY KEY ("position");


--
-- Name: responses responses_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.responses
    ADD CONSTRAINT responses_id_key UNIQUE (id);


--
-- Name: responses responses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.responses
    ADD CONSTRAINT responses_pkey PRIMARY KEY ("position");


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (name);


--
-- Name: secrets secrets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secrets
    ADD CONSTRAINT secrets_pkey PRIMARY KEY (name);


--
-- Name: stats_counts stats_counts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stats_counts
    ADD CONSTRAINT stats_counts_pkey PRIMARY KEY (category, bucket, start, action);


--
-- Name: stats_posts stats_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stats_posts
    ADD CONSTRAINT stats_posts_pkey PRIMARY KEY (category, post_id);


--
-- Name: stats_users stats_users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stats_users
    ADD CONSTRAINT stats_users_pkey PRIMARY KEY (category, bucket, start, action, user_id);


--
-- Name: token_revocations token_revocations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.token_revocations
    ADD CONSTRAINT token_revocations_pkey PRIMARY KEY (user_id);


--
-- Name: webhook_deliveries webhook_deliveries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (sequence);


--
-- Name: webhook_endpoints webhook_endpoints_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_endpoints
    ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id);


--
-- Name: webhook_subscriptions webhook_subscriptions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_subscriptions
    ADD CONSTRAINT webhook_subscriptions_pkey PRIMARY KEY (pattern, endpoint_id);


--
-- Name: likes_by_post; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX likes_by_post ON public.likes USING btree (post_id, "position");


--
-- Name: replies_by_post; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX replies_by_post ON public.replies USING btree (post_id, "position");


--
-- Name: responses_by_user_action; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX responses_by_user_action ON public.responses USING btree (user_id, category, action, "position");


--
-- Name: responses_feed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX responses_feed ON public.responses USING btree (txid, "position");


--
-- Name: webhook_deliveries_by_endpoint; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_deliveries_by_endpoint ON public.webhook_deliveries USING btree (endpoint_id, sequence);


--
-- Name: webhook_deliveries_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_deliveries_due ON public.webhook_deliveries USING btree (endpoint_id, next_attempt_at, created_at) WHERE (status = 'pending'::text);


--
-- Name: webhook_deliveries_failed; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_deliveries_failed ON public.webhook_deliveries USING btree (endpoint_id, sequence) WHERE (status = 'failed'::text);


--
-- Name: webhook_subscriptions_by_endpoint; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX webhook_subscriptions_by_endpoint ON public.webhook_subscriptions USING btree (endpoint_id);


--
-- Name: likes likes_added; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER likes_added AFTER INSERT ON public.likes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT WHEN ((current_setting('actionhub.counts_by_writer'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.count_post_rows();


--
-- Name: likes likes_removed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER likes_removed AFTER DELETE ON public.likes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_post_rows();


--
-- Name: replies replies_added; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER replies_added AFTER INSERT ON public.replies REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT WHEN ((current_setting('actionhub.counts_by_writer'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION public.count_post_rows();


--
-- Name: replies replies_removed; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER replies_removed AFTER DELETE ON public.replies REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION public.count_post_rows();


--
-- Name: webhook_deliveries webhook_deliveries_endpoint_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES public.webhook_endpoints(id) ON DELETE CASCADE;


--
-- Name: webhook_subscriptions webhook_subscriptions_endpoint_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.webhook_subscriptions
    ADD CONSTRAINT webhook_subscriptions_endpoint_id_fkey FOREIGN KEY (endpoint_id) REFERENCES public.webhook_endpoints(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--



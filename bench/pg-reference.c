// The same-work reference for ActionHub's durable POST on PostgreSQL: no HTTP, no JSON parsing,
// no handlers; writer threads issue the statements ActionHub's writers issue (the SQL text of
// Sources/PostgreSQLStore/PostgreSQLWriterSQL.swift and PostgreSQLStatsSQL.swift, prepared once per
// connection; find_responses planned at each use, as ActionHub does), for batches of the size
// ActionHub committed, on a database ActionHub migrated:
//   BEGIN, find_responses (the batch's ids, for retries): one round trip (libpq pipeline mode)
//   per like: add_like (one round trip each; its answer holds the post's count)
//   insert_responses (the batch's events with their webhook outbox rows), insert_replies,
//   stats_add, stats_add_posts, add_post_counts (arrays, sorted keys), COMMIT: one round trip
//   No savepoints, as ActionHub records a batch unless one of its events fails (then it records
//   the batch again with a savepoint per event).
// Events are bench/post-mix.lua's (70% like, 20% reply, 10% open-screen; 10k posts, 100k users)
// or, with "hot", bench/hot-post.lua's (likes on p-hot by fresh users). A batch's events are
// sorted by (post, user, id) as ActionHub sorts them. Prints events/s and the batch commit
// latency p50/p99. The gap between this and ActionHub is what ActionHub adds to the storage work.
// Usage: pg-reference CONNINFO WRITERS BATCH SECONDS [hot]
//
// With `serve`, the same statements behind HTTP: a libmicrohttpd server (a thread pool, epoll,
// connections suspended while their event commits, as ActionHub parks them) taking wrk's POSTs of
// bench/post-mix.lua or bench/hot-post.lua. The fields are cut out of the bodies by searching for
// their keys (no JSON parser, no validation, no auth), the body's SHA-256 is the fingerprint, and
// WRITERS threads each take what is queued (up to MAX_BATCH) as one batch, as ActionHub's group
// committer does, and answer 201 with the stored event after COMMIT. Its rate over the no-HTTP
// run's is what HTTP and wrk cost on the same cores, for any server; on SIGTERM it prints
// "events batches" committed. A batch that fails is rolled back and its requests answered 503.
// It also answers bench/history.lua's GETs with PostgreSQLReader's statements (the SQL copied,
// prepared once per connection), one connection per server thread, as ActionHub's readers: the
// page is read in one round trip and written out as JSON (strings escaped, a user's stored
// bodies copied in as they are); no auth. Its GET rate is what the same reads with HTTP allow.
// Usage: pg-reference serve PORT CONNINFO WRITERS THREADS
// Built and run by bench/postgres; not part of the product.
#define _GNU_SOURCE /* memmem */
#include <libpq-fe.h>
#include <microhttpd.h>
#include <openssl/sha.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_BATCH 256
#define MAX_BODY 4096

static const char *conninfo;
static int batch_size, hot;
static double deadline;
static unsigned run_id;

static const char *statements[][2] = {
    {"insert_responses",
     "WITH inserted AS ("
     " INSERT INTO responses (id, user_id, category, action, fingerprint, body, notification, received_at)"
     " SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],"
     " $8::bigint[]) RETURNING id, position)"
     " INSERT INTO webhook_deliveries (endpoint_id, response_position, created_at, next_attempt_at)"
     " SELECT DISTINCT subscriptions.endpoint_id, inserted.position, $9::bigint, $9::bigint"
     " FROM inserted"
     " JOIN unnest($1::text[], $10::text[], $11::text[], $12::text[]) AS patterns (id, first, second, third)"
     " ON patterns.id = inserted.id"
     " JOIN webhook_subscriptions AS subscriptions"
     " ON subscriptions.pattern IN (patterns.first, patterns.second, patterns.third)"},
    {"add_like",
     "WITH inserted AS ("
     " INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES ($1, $2, $3, $4)"
     " ON CONFLICT (post_id, user_id) DO NOTHING RETURNING 1)"
     " SELECT (SELECT count(*) FROM inserted), COALESCE((SELECT likes FROM post_counts WHERE post_id = $1), 0)"},
    {"add_post_counts",
     "INSERT INTO post_counts AS counts (post_id, likes, replies)"
     " SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])"
     " ON CONFLICT (post_id) DO UPDATE"
     " SET likes = counts.likes + excluded.likes, replies = counts.replies + excluded.replies"},
    {"insert_replies",
     "INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at)"
     " SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])"},
    {"stats_add",
     "WITH added_users AS ("
     " INSERT INTO stats_users (category, bucket, start, action, user_id)"
     " SELECT * FROM unnest($1::text[], $2::integer[], $3::bigint[], $4::text[], $5::text[])"
     " ON CONFLICT DO NOTHING RETURNING category, bucket, start, action"
     "), new_users AS ("
     " SELECT category, bucket, start, action, count(*) AS added FROM added_users"
     " GROUP BY category, bucket, start, action)"
     " INSERT INTO stats_counts AS counts (category, bucket, start, action, responses, users)"
     " SELECT given.category, given.bucket, given.start, given.action, given.responses,"
     " COALESCE(new_users.added, 0)"
     " FROM unnest($6::text[], $7::integer[], $8::bigint[], $9::text[], $10::bigint[])"
     " WITH ORDINALITY AS given (category, bucket, start, action, responses, place)"
     " LEFT JOIN new_users ON new_users.category = given.category AND new_users.bucket = given.bucket"
     " AND new_users.start = given.start AND new_users.action = given.action"
     " ORDER BY given.place"
     " ON CONFLICT (category, bucket, start, action) DO UPDATE"
     " SET responses = counts.responses + excluded.responses, users = counts.users + excluded.users"},
    {"stats_add_posts",
     "INSERT INTO stats_posts AS posts (category, post_id, likes, replies)"
     " SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[])"
     " ON CONFLICT (category, post_id) DO UPDATE"
     " SET likes = posts.likes + excluded.likes, replies = posts.replies + excluded.replies"},
};

struct event {
  char id[48], user[40], post[16], action[64], text[48], reply_id[48], fingerprint[65];
  char body[512], notification[256], replied_at[32];
  long long received_at;
  int liked, replied, stored;
  int slot; /* serve: the request of the batch this event came from */
};

/* serve: where a failed statement jumps to in the writer thread (its batch is rolled back). */
static __thread jmp_buf *on_failure;

struct writer {
  pthread_t thread;
  int number;
  long events;
  int batches;
  double *latencies;
  int latency_capacity;
};

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static long long wall_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static PGresult *checked(PGconn *connection, PGresult *result, const char *what) {
  ExecStatusType status = PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    fprintf(stderr, "%s: %s", what, PQerrorMessage(connection));
    PQclear(result);
    if (on_failure) longjmp(*on_failure, 1);
    exit(1);
  }
  return result;
}

static void execute(PGconn *connection, const char *sql) { PQclear(checked(connection, PQexec(connection, sql), sql)); }

static PGresult *run(PGconn *connection, const char *name, int count, const char *const *values) {
  return checked(connection, PQexecPrepared(connection, name, count, values, NULL, NULL, 0), name);
}

/* Pipeline mode: statements queued with queue_statement(), then one round trip for all in flush(). */
static void pipeline_start(PGconn *connection) {
  if (PQenterPipelineMode(connection) != 1) checked(connection, NULL, "enter pipeline mode");
}

static void queue_statement(PGconn *connection, const char *name, const char *sql, int count, const char *const *values) {
  int sent = name ? PQsendQueryPrepared(connection, name, count, values, NULL, NULL, 0)
                  : PQsendQueryParams(connection, sql, count, NULL, values, NULL, NULL, 0);
  if (sent != 1) checked(connection, NULL, name ? name : sql);
}

/* Reads `count` results; the one at `keep` (or none: -1) is returned, the others cleared. A
   failed statement fails the batch (after the pipeline is read to its end). */
static PGresult *flush(PGconn *connection, int count, int keep) {
  if (PQpipelineSync(connection) != 1) checked(connection, NULL, "pipeline sync");
  PGresult *kept = NULL, *failed = NULL;
  for (int i = 0; i < count; i++) {
    PGresult *result = PQgetResult(connection);
    if (!result) checked(connection, NULL, "pipeline result");
    while (PQgetResult(connection)) {}
    ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && !failed) failed = result;
    else if (i == keep) kept = result;
    else PQclear(result);
  }
  PGresult *sync = PQgetResult(connection);
  if (PQresultStatus(sync) != PGRES_PIPELINE_SYNC || PQexitPipelineMode(connection) != 1) {
    fprintf(stderr, "pipeline out of step: %s", PQerrorMessage(connection));
    exit(1);
  }
  PQclear(sync);
  if (failed) {
    PQclear(kept);
    checked(connection, failed, "pipelined statement");
  }
  return kept;
}

static int by_lock_order(const void *a, const void *b) {
  const struct event *x = a, *y = b;
  int order = strcmp(x->post, y->post);
  if (order == 0) order = strcmp(x->user, y->user);
  return order ? order : strcmp(x->id, y->id);
}

/* text copied to out at `at`, terminated; returns where the next text goes. */
static size_t append(char *out, size_t at, const char *text) {
  size_t length = strlen(text);
  memcpy(out + at, text, length + 1);
  return at + length;
}

/* A PostgreSQL array literal of quoted texts, their quotes and backslashes escaped. */
static void text_array(char *out, const char **values, int count) {
  size_t at = append(out, 0, "{");
  for (int i = 0; i < count; i++) {
    if (i) at = append(out, at, ",");
    out[at++] = '"';
    for (const char *c = values[i]; *c; c++) {
      if (*c == '"' || *c == '\\') out[at++] = '\\';
      out[at++] = *c;
    }
    out[at++] = '"';
  }
  append(out, at, "}");
}

static void integer_array(char *out, const long long *values, int count) {
  size_t at = append(out, 0, "{");
  char number[24];
  for (int i = 0; i < count; i++) {
    if (i) at = append(out, at, ",");
    snprintf(number, sizeof number, "%lld", values[i]);
    at = append(out, at, number);
  }
  append(out, at, "}");
}

/* The stats keys of one batch, as ActionHub's StatsBatch gathers them. */
struct count_key { int bucket; long long start; const char *action; long long responses, users; };
struct user_key { int bucket; long long start; const char *action; const char *user; };
struct post_key { const char *post; long long likes, replies; };

static int by_count_key(const void *a, const void *b) {
  const struct count_key *x = a, *y = b;
  if (x->bucket != y->bucket) return x->bucket - y->bucket;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return strcmp(x->action, y->action);
}

static int by_user_key(const void *a, const void *b) {
  const struct user_key *x = a, *y = b;
  if (x->bucket != y->bucket) return x->bucket - y->bucket;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  int order = strcmp(x->action, y->action);
  return order ? order : strcmp(x->user, y->user);
}

static int by_post(const void *a, const void *b) { return strcmp(((const struct post_key *)a)->post, ((const struct post_key *)b)->post); }

static const long long bucket_seconds[3] = {60, 3600, 86400};

/* Queues the batch's aggregate statements in the pipeline; returns how many. */
static int send_aggregates(PGconn *connection, struct event *events, int count) {
  static __thread struct count_key counts[3 * MAX_BATCH];
  static __thread struct user_key users[3 * MAX_BATCH];
  static __thread struct post_key posts[MAX_BATCH];
  static __thread char arrays[10][3 * MAX_BATCH * 48];
  int count_keys = 0, user_keys = 0, post_keys = 0;
  for (int i = 0; i < count; i++) {
    long long second = events[i].received_at / 1000;
    for (int bucket = 0; bucket < 3; bucket++) {
      long long start = second - second % bucket_seconds[bucket];
      int found = -1;
      for (int k = 0; k < count_keys; k++)
        if (counts[k].bucket == bucket && counts[k].start == start && strcmp(counts[k].action, events[i].action) == 0) found = k;
      if (found < 0) {
        counts[count_keys] = (struct count_key){bucket, start, events[i].action, 0, 0};
        found = count_keys++;
      }
      counts[found].responses++;
      users[user_keys++] = (struct user_key){bucket, start, events[i].action, events[i].user};
    }
    if (events[i].liked || events[i].replied) {
      int found = -1;
      for (int k = 0; k < post_keys; k++)
        if (strcmp(posts[k].post, events[i].post) == 0) found = k;
      if (found < 0) {
        posts[post_keys] = (struct post_key){events[i].post, 0, 0};
        found = post_keys++;
      }
      posts[found].likes += events[i].liked;
      posts[found].replies += events[i].replied;
    }
  }
  qsort(users, user_keys, sizeof *users, by_user_key);
  int distinct = 0;
  for (int i = 0; i < user_keys; i++)
    if (distinct == 0 || by_user_key(&users[distinct - 1], &users[i]) != 0) users[distinct++] = users[i];
  user_keys = distinct;

  const char *texts[3 * MAX_BATCH];
  long long numbers[3 * MAX_BATCH] = {0};
  for (int i = 0; i < user_keys; i++) texts[i] = "social_post";
  text_array(arrays[0], texts, user_keys);
  for (int i = 0; i < user_keys; i++) numbers[i] = users[i].bucket;
  integer_array(arrays[1], numbers, user_keys);
  for (int i = 0; i < user_keys; i++) numbers[i] = users[i].start;
  integer_array(arrays[2], numbers, user_keys);
  for (int i = 0; i < user_keys; i++) texts[i] = users[i].action;
  text_array(arrays[3], texts, user_keys);
  for (int i = 0; i < user_keys; i++) texts[i] = users[i].user;
  text_array(arrays[4], texts, user_keys);
  qsort(counts, count_keys, sizeof *counts, by_count_key);
  for (int i = 0; i < count_keys; i++) texts[i] = "social_post";
  text_array(arrays[5], texts, count_keys);
  for (int i = 0; i < count_keys; i++) numbers[i] = counts[i].bucket;
  integer_array(arrays[6], numbers, count_keys);
  for (int i = 0; i < count_keys; i++) numbers[i] = counts[i].start;
  integer_array(arrays[7], numbers, count_keys);
  for (int i = 0; i < count_keys; i++) texts[i] = counts[i].action;
  text_array(arrays[8], texts, count_keys);
  for (int i = 0; i < count_keys; i++) numbers[i] = counts[i].responses;
  integer_array(arrays[9], numbers, count_keys);
  const char *stats_values[10];
  for (int i = 0; i < 10; i++) stats_values[i] = arrays[i];
  queue_statement(connection, "stats_add", NULL, 10, stats_values);
  int sent = 1;

  if (post_keys == 0) return sent;
  qsort(posts, post_keys, sizeof *posts, by_post);
  for (int i = 0; i < post_keys; i++) texts[i] = "social_post";
  text_array(arrays[0], texts, post_keys);
  for (int i = 0; i < post_keys; i++) texts[i] = posts[i].post;
  text_array(arrays[1], texts, post_keys);
  for (int i = 0; i < post_keys; i++) numbers[i] = posts[i].likes;
  integer_array(arrays[2], numbers, post_keys);
  for (int i = 0; i < post_keys; i++) numbers[i] = posts[i].replies;
  integer_array(arrays[3], numbers, post_keys);
  const char *post_values[4] = {arrays[0], arrays[1], arrays[2], arrays[3]};
  queue_statement(connection, "stats_add_posts", NULL, 4, post_values);

  // The posts' like and reply counts (add_post_counts), last before COMMIT, in post order: the
  // same posts, likes and replies arrays (one category here, so one row per post either way).
  const char *count_by_post[3] = {arrays[1], arrays[2], arrays[3]};
  queue_statement(connection, "add_post_counts", NULL, 3, count_by_post);
  return sent + 2;
}

static void make_event(struct event *e, struct writer *w, long number, unsigned *seed) {
  snprintf(e->id, sizeof e->id, "%08X-%04X-4000-8000-%012lX", run_id * 64 + w->number, rand_r(seed) % 65536, number);
  if (hot)
    snprintf(e->user, sizeof e->user, "w-%X-%ld", run_id * 64 + w->number, number);
  else
    snprintf(e->user, sizeof e->user, "u-%d", rand_r(seed) % 100000 + 1);
  snprintf(e->post, sizeof e->post, hot ? "p-hot" : "p-%d", rand_r(seed) % 10000 + 1);
  int roll = rand_r(seed) % 10 + 1;
  strcpy(e->action, hot || roll <= 7 ? "like" : roll <= 9 ? "reply" : "com.apple.UNNotificationDefaultActionIdentifier");
  snprintf(e->text, sizeof e->text, "Nice shot number %ld!", number);
  snprintf(e->reply_id, sizeof e->reply_id, "%08x-%04x-4%03x-8%03x-%012lx", rand_r(seed), rand_r(seed) % 65536,
           rand_r(seed) % 4096, rand_r(seed) % 4096, number);
  for (int i = 0; i < 64; i++) e->fingerprint[i] = "0123456789abcdef"[rand_r(seed) % 16];
  e->fingerprint[64] = 0;
  e->liked = e->replied = 0;
  e->notification[0] = 0;
}

static void iso_time(char *out, size_t size, long long ms) {
  time_t seconds = ms / 1000;
  struct tm t;
  gmtime_r(&seconds, &t);
  size_t at = strftime(out, size, "%Y-%m-%dT%H:%M:%S", &t);
  snprintf(out + at, size - at, ".%03lldZ", ms % 1000);
}

/* BEGIN and find_responses for the batch, in one round trip: events stored before it began are
   answered with their bodies. */
static void begin_finding_stored(PGconn *connection, struct event *events, int count) {
  static __thread char ids[MAX_BATCH * 52];
  const char *texts[MAX_BATCH];
  for (int i = 0; i < count; i++) {
    texts[i] = events[i].id;
    events[i].stored = 0;
  }
  text_array(ids, texts, count);
  const char *values[1] = {ids};
  /* Planned at every use, as ActionHub does: a prepared plan made while the table was small
     keeps scanning all of it. */
  pipeline_start(connection);
  queue_statement(connection, NULL, "BEGIN", 0, NULL);
  queue_statement(connection, NULL, "SELECT id, fingerprint, body FROM responses WHERE id = ANY($1::text[])", 1, values);
  PGresult *found = flush(connection, 2, 1);
  for (int row = 0; row < PQntuples(found); row++)
    for (int i = 0; i < count; i++)
      if (strcmp(events[i].id, PQgetvalue(found, row, 0)) == 0) {
        events[i].stored = 1;
        snprintf(events[i].body, sizeof events[i].body, "%s", PQgetvalue(found, row, 2));
      }
  PQclear(found);
}

static void record(PGconn *connection, struct event *e) {
  if (e->stored) return;
  char at[32];
  char *body = e->body;
  size_t body_size = sizeof e->body;
  e->received_at = wall_ms();
  iso_time(at, sizeof at, e->received_at);
  if (strcmp(e->action, "like") == 0) {
    const char *like[4] = {e->post, e->user, e->id, at};
    PGresult *result = run(connection, "add_like", 4, like);
    e->liked = atoi(PQgetvalue(result, 0, 0));
    long long count = atoll(PQgetvalue(result, 0, 1)) + e->liked;
    PQclear(result);
    snprintf(body, body_size,
             "{\"id\":\"%s\",\"actionIdentifier\":\"like\",\"category\":\"social_post\",\"handler\":\"like\","
             "\"userId\":\"%s\",\"postId\":\"%s\",\"receivedAt\":\"%s\",\"result\":{\"liked\":true,"
             "\"alreadyLiked\":%s,\"likeCount\":%lld}}",
             e->id, e->user, e->post, at, e->liked ? "false" : "true", count);
  } else if (strcmp(e->action, "reply") == 0) {
    /* Inserted with the batch's other replies before COMMIT (insert_replies). */
    snprintf(e->replied_at, sizeof e->replied_at, "%s", at);
    e->replied = 1;
    snprintf(body, body_size,
             "{\"id\":\"%s\",\"actionIdentifier\":\"reply\",\"category\":\"social_post\",\"handler\":\"reply\","
             "\"userId\":\"%s\",\"postId\":\"%s\",\"receivedAt\":\"%s\",\"result\":{\"replyId\":\"%s\","
             "\"text\":\"%s\"}}",
             e->id, e->user, e->post, at, e->reply_id, e->text);
  } else {
    snprintf(body, body_size,
             "{\"id\":\"%s\",\"actionIdentifier\":\"%s\",\"category\":\"social_post\",\"handler\":\"open-screen\","
             "\"userId\":\"%s\",\"postId\":\"%s\",\"receivedAt\":\"%s\",\"result\":{\"screen\":\"post\","
             "\"deepLink\":\"socialapp://posts/%s\"}}",
             e->id, e->action, e->user, e->post, at, e->post);
  }
  if (!e->notification[0])
    snprintf(e->notification, sizeof e->notification,
             "{\"identifier\":\"push-%s\",\"categoryIdentifier\":\"social_post\",\"userInfo\":{\"postId\":\"%s\","
             "\"media-url\":\"https://example.com/a.jpg\"}}",
             e->id, e->post);
}

/* The batch's events, their replies, aggregates and COMMIT in one round trip. */
static void finish(PGconn *connection, struct event *events, int count) {
  static __thread char arrays[12][MAX_BATCH * 640];
  const char *texts[MAX_BATCH];
  long long numbers[MAX_BATCH];
  char created[24], this_action[MAX_BATCH][96];
  int fresh = 0, statements = 0;
  pipeline_start(connection);
  for (int i = 0; i < count; i++) fresh += !events[i].stored;
  if (fresh) {
#define EVENT_ARRAY(index, expression)                                   \
  do {                                                                   \
    int n = 0;                                                           \
    for (int i = 0; i < count; i++)                                      \
      if (!events[i].stored) texts[n++] = (expression);                  \
    text_array(arrays[index], texts, n);                                 \
  } while (0)
    EVENT_ARRAY(0, events[i].id);
    EVENT_ARRAY(1, events[i].user);
    EVENT_ARRAY(2, "social_post");
    EVENT_ARRAY(3, events[i].action);
    EVENT_ARRAY(4, events[i].fingerprint);
    EVENT_ARRAY(5, events[i].body);
    EVENT_ARRAY(6, events[i].notification);
    int n = 0;
    for (int i = 0; i < count; i++)
      if (!events[i].stored) numbers[n++] = events[i].received_at;
    integer_array(arrays[7], numbers, n);
    snprintf(created, sizeof created, "%lld", wall_ms());
    EVENT_ARRAY(8, "*");
    EVENT_ARRAY(9, "social_post.*");
    for (int i = 0; i < count; i++) snprintf(this_action[i], sizeof this_action[i], "social_post.%s", events[i].action);
    EVENT_ARRAY(10, this_action[i]);
    const char *insert[12] = {arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], arrays[5],
                              arrays[6], arrays[7], created,   arrays[8], arrays[9], arrays[10]};
    queue_statement(connection, "insert_responses", NULL, 12, insert);
    statements++;
  }
  int replies = 0;
  for (int i = 0; i < count; i++) replies += !events[i].stored && events[i].replied;
  if (replies) {
#define REPLY_ARRAY(index, expression)                                   \
  do {                                                                   \
    int n = 0;                                                           \
    for (int i = 0; i < count; i++)                                      \
      if (!events[i].stored && events[i].replied) texts[n++] = (expression); \
    text_array(arrays[index], texts, n);                                 \
  } while (0)
    REPLY_ARRAY(0, events[i].reply_id);
    REPLY_ARRAY(1, events[i].post);
    REPLY_ARRAY(2, events[i].user);
    REPLY_ARRAY(3, events[i].text);
    REPLY_ARRAY(4, events[i].id);
    REPLY_ARRAY(5, events[i].replied_at);
    const char *reply[6] = {arrays[0], arrays[1], arrays[2], arrays[3], arrays[4], arrays[5]};
    queue_statement(connection, "insert_replies", NULL, 6, reply);
    statements++;
  }
  statements += send_aggregates(connection, events, count);
  queue_statement(connection, NULL, "COMMIT", 0, NULL);
  flush(connection, statements + 1, -1);
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* A writer's connection, as ActionHub's writers set theirs up, with the statements prepared. */
static PGconn *connect_writer(void) {
  PGconn *connection = PQconnectdb(conninfo);
  if (PQstatus(connection) != CONNECTION_OK) {
    fprintf(stderr, "connect: %s", PQerrorMessage(connection));
    exit(1);
  }
  execute(connection, "SET actionhub.counts_by_writer = 'on'");
  for (size_t i = 0; i < sizeof statements / sizeof *statements; i++)
    PQclear(checked(connection, PQprepare(connection, statements[i][0], statements[i][1], 0, NULL), statements[i][0]));
  return connection;
}

static void *write_batches(void *argument) {
  struct writer *w = argument;
  PGconn *connection = connect_writer();
  unsigned seed = run_id * 7919 + w->number;
  static __thread struct event events[MAX_BATCH];
  long number = 0;
  while (now() < deadline) {
    for (int i = 0; i < batch_size; i++) make_event(&events[i], w, ++number, &seed);
    qsort(events, batch_size, sizeof *events, by_lock_order);
    double started = now();
    begin_finding_stored(connection, events, batch_size);
    for (int i = 0; i < batch_size; i++) record(connection, &events[i]);
    finish(connection, events, batch_size);
    if (w->batches == w->latency_capacity) {
      w->latency_capacity = w->latency_capacity ? w->latency_capacity * 2 : 1024;
      w->latencies = realloc(w->latencies, w->latency_capacity * sizeof *w->latencies);
    }
    w->latencies[w->batches++] = (now() - started) * 1000;
    w->events += batch_size;
  }
  PQfinish(connection);
  return NULL;
}

/* ---- serve: the same statements behind HTTP ---- */

struct request {
  struct MHD_Connection *connection;
  char body[MAX_BODY];
  size_t size;
  int state; /* 0 reading, 1 queued, 2 committed, 3 failed */
  char answer[512];
  struct request *next;
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queued = PTHREAD_COND_INITIALIZER;
static struct request *head, *tail;
static long served_events, served_batches;

/* The value of "key":"…" in body (no escapes in the benchmark's bodies) copied into out. */
static void field(const struct request *r, const char *key, char *out, size_t size) {
  char pattern[64];
  int length = snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
  const char *start = memmem(r->body, r->size, pattern, (size_t)length);
  out[0] = 0;
  if (!start) return;
  start += length;
  const char *end = memchr(start, '"', r->size - (size_t)(start - r->body));
  if (!end || (size_t)(end - start) >= size) return;
  memcpy(out, start, (size_t)(end - start));
  out[end - start] = 0;
}

/* The object value of "notification":{…}, braces matched (none inside the benchmark's strings). */
static void notification_field(const struct request *r, char *out, size_t size) {
  const char *start = memmem(r->body, r->size, "\"notification\":", 15);
  out[0] = 0;
  if (!start || !(start = memchr(start, '{', r->size - (size_t)(start - r->body)))) return;
  int depth = 0;
  for (const char *at = start; at < r->body + r->size; at++) {
    if (*at == '{') depth++;
    if (*at == '}' && --depth == 0) {
      if ((size_t)(at - start + 1) < size) {
        memcpy(out, start, (size_t)(at - start + 1));
        out[at - start + 1] = 0;
      }
      return;
    }
  }
}

static void event_of(struct event *e, const struct request *r, unsigned *seed, long number) {
  field(r, "id", e->id, sizeof e->id);
  field(r, "userId", e->user, sizeof e->user);
  field(r, "actionIdentifier", e->action, sizeof e->action);
  field(r, "postId", e->post, sizeof e->post);
  field(r, "userText", e->text, sizeof e->text);
  notification_field(r, e->notification, sizeof e->notification);
  snprintf(e->reply_id, sizeof e->reply_id, "%08x-%04x-4%03x-8%03x-%012lx", rand_r(seed), rand_r(seed) % 65536,
           rand_r(seed) % 4096, rand_r(seed) % 4096, number);
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256((const unsigned char *)r->body, r->size, digest);
  for (int i = 0; i < SHA256_DIGEST_LENGTH; i++) {
    e->fingerprint[2 * i] = "0123456789abcdef"[digest[i] >> 4];
    e->fingerprint[2 * i + 1] = "0123456789abcdef"[digest[i] & 15];
  }
  e->fingerprint[64] = 0;
  e->liked = e->replied = 0;
}

static void *serve_batches(void *argument) {
  unsigned seed = (unsigned)(uintptr_t)argument * 7919 + run_id;
  PGconn *connection = connect_writer();
  static __thread struct event events[MAX_BATCH];
  static __thread struct request *batch[MAX_BATCH];
  long number = 0;
  for (;;) {
    pthread_mutex_lock(&queue_lock);
    while (!head) pthread_cond_wait(&queued, &queue_lock);
    int count = 0;
    while (head && count < MAX_BATCH) {
      batch[count++] = head;
      head = head->next;
    }
    if (!head) tail = NULL;
    pthread_mutex_unlock(&queue_lock);

    for (int i = 0; i < count; i++) {
      event_of(&events[i], batch[i], &seed, ++number);
      events[i].slot = i;
    }
    qsort(events, count, sizeof *events, by_lock_order);
    jmp_buf failed;
    volatile int state = 2;
    if (setjmp(failed) == 0) {
      on_failure = &failed;
      begin_finding_stored(connection, events, count);
      for (int i = 0; i < count; i++) record(connection, &events[i]);
      finish(connection, events, count);
    } else {
      if (PQpipelineStatus(connection) != PQ_PIPELINE_OFF) {
        fprintf(stderr, "a statement could not be queued: %s", PQerrorMessage(connection));
        exit(1);
      }
      PQclear(PQexec(connection, "ROLLBACK"));
      state = 3;
    }
    on_failure = NULL;
    pthread_mutex_lock(&queue_lock);
    if (state == 2) {
      served_events += count;
      served_batches++;
    }
    pthread_mutex_unlock(&queue_lock);
    for (int i = 0; i < count; i++) {
      struct request *r = batch[events[i].slot];
      snprintf(r->answer, sizeof r->answer, "%s", events[i].body);
      r->state = state;
      MHD_resume_connection(r->connection);
    }
  }
  return NULL;
}

/* serve: PostgreSQLReader's page statements (Sources/PostgreSQLStore/PostgreSQLReader.swift). */
static const char *read_statements[][2] = {
    {"likes_page",
     "SELECT total.count, page.position, page.user_id, page.response_id, page.liked_at "
     "FROM (SELECT COALESCE((SELECT likes FROM post_counts WHERE post_id = $1), 0) AS count) AS total "
     "LEFT JOIN LATERAL ( SELECT position, user_id, response_id, liked_at FROM likes "
     "WHERE post_id = $1 AND position < $2 ORDER BY position DESC LIMIT $3 ) AS page ON true"},
    {"replies_page",
     "SELECT total.count, page.position, page.reply_id, page.user_id, page.text, page.response_id, page.created_at "
     "FROM (SELECT COALESCE((SELECT replies FROM post_counts WHERE post_id = $1), 0) AS count) AS total "
     "LEFT JOIN LATERAL ( SELECT position, reply_id, user_id, text, response_id, created_at FROM replies "
     "WHERE post_id = $1 AND position < $2 ORDER BY position DESC LIMIT $3 ) AS page ON true"},
    {"user_responses",
     "WITH RECURSIVE ranges (user_id, category, action) AS ( "
     "(SELECT user_id, category, action FROM responses "
     "WHERE user_id = $1 AND (category, action) >= (coalesce($3::text, ''), '') ORDER BY category, action LIMIT 1) "
     "UNION ALL SELECT next.user_id, next.category, next.action FROM ranges, LATERAL ( "
     "SELECT user_id, category, action FROM responses "
     "WHERE user_id = ranges.user_id AND (category, action) > (ranges.category, ranges.action) "
     "ORDER BY category, action LIMIT 1 ) AS next ) "
     "SELECT page.position, page.body FROM ranges, LATERAL ( SELECT position, body FROM responses "
     "WHERE user_id = ranges.user_id AND category = ranges.category AND action = ranges.action "
     "AND position < $2 ORDER BY position DESC LIMIT $5 ) AS page "
     "WHERE ($3::text IS NULL OR ranges.category = $3) AND ($4::text IS NULL OR ranges.action = $4) "
     "ORDER BY page.position DESC LIMIT $5"},
};

/* One read connection per server thread, its statements prepared on first use. */
static __thread PGconn *reader;

static PGconn *reader_connection(void) {
  if (reader) return reader;
  PGconn *connection = PQconnectdb(conninfo);
  if (PQstatus(connection) != CONNECTION_OK) {
    fprintf(stderr, "reader connect: %s", PQerrorMessage(connection));
    PQfinish(connection);
    return NULL;
  }
  for (size_t i = 0; i < sizeof read_statements / sizeof *read_statements; i++) {
    PGresult *prepared = PQprepare(connection, read_statements[i][0], read_statements[i][1], 0, NULL);
    int ok = PQresultStatus(prepared) == PGRES_COMMAND_OK;
    if (!ok) fprintf(stderr, "prepare %s: %s", read_statements[i][0], PQerrorMessage(connection));
    PQclear(prepared);
    if (!ok) {
      PQfinish(connection);
      return NULL;
    }
  }
  return reader = connection;
}

struct page_text {
  char *text;
  size_t length, capacity;
};

static int put(struct page_text *out, const char *text, size_t length) {
  if (out->length + length + 1 > out->capacity) {
    size_t capacity = (out->length + length + 1) * 2;
    char *grown = realloc(out->text, capacity);
    if (!grown) return 0;
    out->text = grown, out->capacity = capacity;
  }
  memcpy(out->text + out->length, text, length);
  out->length += length;
  out->text[out->length] = 0;
  return 1;
}

static int put_text(struct page_text *out, const char *text) { return put(out, text, strlen(text)); }

/* A JSON string: quotes, backslashes and control characters escaped. */
static int put_string(struct page_text *out, const char *text) {
  if (!put(out, "\"", 1)) return 0;
  const char *run = text;
  for (const char *c = text; *c; c++) {
    unsigned char byte = (unsigned char)*c;
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
    char escaped[8];
    snprintf(escaped, sizeof escaped, "\\u%04x", byte);
    if (!put(out, run, (size_t)(c - run)) || !put_text(out, escaped)) return 0;
    run = c + 1;
  }
  return put_text(out, run) && put(out, "\"", 1);
}

static int put_field(struct page_text *out, const char *name, const char *value) {
  return put(out, "\"", 1) && put_text(out, name) && put(out, "\":", 2) && put_string(out, value);
}

/* The page of likes or replies of a post, or of a user's responses, as JSON; 0 when unknown. */
static int read_page(PGconn *connection, const char *url, int limit, struct page_text *out) {
  char id[128], kind[16], page_limit[16], before[] = "9223372036854775807";
  snprintf(page_limit, sizeof page_limit, "%d", limit + 1);
  int consumed = 0;
  if (sscanf(url, "/v1/posts/%127[^/]/%15[a-z]%n", id, kind, &consumed) == 2 && !url[consumed]) {
    int likes = strcmp(kind, "likes") == 0;
    if (!likes && strcmp(kind, "replies") != 0) return 0;
    const char *values[] = {id, before, page_limit};
    PGresult *result = PQexecPrepared(connection, likes ? "likes_page" : "replies_page", 3, values, NULL, NULL, 0);
    if (PQresultStatus(result) != PGRES_TUPLES_OK) {
      fprintf(stderr, "%s: %s", kind, PQerrorMessage(connection));
      PQclear(result);
      return -1;
    }
    int rows = PQntuples(result), shown = 0, ok = 1;
    ok = put_text(out, "{\"total\":") && put_text(out, rows ? PQgetvalue(result, 0, 0) : "0") &&
         put_text(out, ",\"items\":[");
    for (int row = 0; ok && row < rows && shown < limit; row++) {
      if (PQgetisnull(result, row, 1)) continue;
      ok = put_text(out, shown++ ? ",{" : "{") &&
           (likes ? put_field(out, "userId", PQgetvalue(result, row, 2)) && put(out, ",", 1) &&
                        put_field(out, "responseId", PQgetvalue(result, row, 3)) && put(out, ",", 1) &&
                        put_field(out, "likedAt", PQgetvalue(result, row, 4))
                  : put_field(out, "replyId", PQgetvalue(result, row, 2)) && put(out, ",", 1) &&
                        put_field(out, "userId", PQgetvalue(result, row, 3)) && put(out, ",", 1) &&
                        put_field(out, "text", PQgetvalue(result, row, 4)) && put(out, ",", 1) &&
                        put_field(out, "responseId", PQgetvalue(result, row, 5)) && put(out, ",", 1) &&
                        put_field(out, "createdAt", PQgetvalue(result, row, 6))) &&
           put(out, "}", 1);
    }
    ok = ok && put(out, "]", 1) &&
         (rows > limit ? put(out, ",", 1) && put_field(out, "next", PQgetvalue(result, limit - 1, 1)) : 1) &&
         put(out, "}", 1);
    PQclear(result);
    return ok ? 1 : -1;
  }
  if (sscanf(url, "/v1/users/%127[^/]/%15[a-z]%n", id, kind, &consumed) == 2 && !url[consumed] &&
      strcmp(kind, "responses") == 0) {
    const char *values[] = {id, before, NULL, NULL, page_limit};
    PGresult *result = PQexecPrepared(connection, "user_responses", 5, values, NULL, NULL, 0);
    if (PQresultStatus(result) != PGRES_TUPLES_OK) {
      fprintf(stderr, "responses: %s", PQerrorMessage(connection));
      PQclear(result);
      return -1;
    }
    int rows = PQntuples(result), ok = put_text(out, "{\"items\":[");
    for (int row = 0; ok && row < rows && row < limit; row++)
      ok = (!row || put(out, ",", 1)) && put_text(out, PQgetvalue(result, row, 1));
    ok = ok && put(out, "]", 1) &&
         (rows > limit ? put(out, ",", 1) && put_field(out, "next", PQgetvalue(result, limit - 1, 0)) : 1) &&
         put(out, "}", 1);
    PQclear(result);
    return ok ? 1 : -1;
  }
  return 0;
}

static enum MHD_Result answer(struct MHD_Connection *connection, unsigned status, const char *text) {
  struct MHD_Response *response = MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_MUST_COPY);
  if (!response) return MHD_NO;
  MHD_add_response_header(response, "Content-Type", "application/json");
  enum MHD_Result result = MHD_queue_response(connection, status, response);
  MHD_destroy_response(response);
  return result;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size,
                              void **con_cls) {
  (void)cls, (void)version;
  struct request *r = *con_cls;
  if (!r) {
    if (!(r = calloc(1, sizeof *r))) return MHD_NO;
    r->connection = connection;
    *con_cls = r;
    return MHD_YES;
  }
  if (*upload_data_size) {
    if (r->size + *upload_data_size > MAX_BODY) return MHD_NO;
    memcpy(r->body + r->size, upload_data, *upload_data_size);
    r->size += *upload_data_size;
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (strcmp(method, "GET") == 0) {
    const char *limit_text = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "limit");
    int limit = limit_text ? atoi(limit_text) : 20;
    if (limit < 1 || limit > 100) return answer(connection, 400, "{}");
    PGconn *database = reader_connection();
    if (!database) return answer(connection, 503, "{}");
    struct page_text page = {0};
    int found = read_page(database, url, limit, &page);
    enum MHD_Result result = answer(connection, found > 0 ? 200 : found ? 503 : 404, found > 0 ? page.text : "{}");
    free(page.text);
    return result;
  }
  if (strcmp(method, "POST") != 0) return answer(connection, 405, "{}");
  if (r->state == 2) return answer(connection, 201, r->answer);
  if (r->state == 3) return answer(connection, 503, "{}");
  r->state = 1;
  MHD_suspend_connection(connection);
  pthread_mutex_lock(&queue_lock);
  if (tail) tail->next = r; else head = r;
  tail = r;
  pthread_cond_signal(&queued);
  pthread_mutex_unlock(&queue_lock);
  return MHD_YES;
}

static void completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                      enum MHD_RequestTerminationCode code) {
  (void)cls, (void)connection, (void)code;
  free(*con_cls);
  *con_cls = NULL;
}

static int serve(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s serve PORT CONNINFO WRITERS THREADS\n", argv[0]);
    return 2;
  }
  conninfo = argv[3];
  int writers = atoi(argv[4]), threads = atoi(argv[5]);
  if (writers < 1 || writers > 64 || threads < 1 || threads > 1024) {
    fprintf(stderr, "writers 1-64, threads 1-1024\n");
    return 2;
  }
  run_id = (unsigned)(wall_ms() / 1000 % 100000) + 0x100000;
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, NULL); /* every thread started below inherits the mask */
  for (int i = 0; i < writers; i++) {
    pthread_t thread;
    pthread_create(&thread, NULL, serve_batches, (void *)(uintptr_t)i);
  }
  struct MHD_Daemon *daemon = MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)atoi(argv[2]), NULL,
      NULL, handle, NULL, MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads, MHD_OPTION_NOTIFY_COMPLETED, completed,
      NULL, MHD_OPTION_CONNECTION_LIMIT, 4096u, MHD_OPTION_END);
  if (!daemon) {
    fprintf(stderr, "MHD_start_daemon failed\n");
    return 1;
  }
  printf("listening on http://127.0.0.1:%s\n", argv[2]);
  fflush(stdout);
  int sig;
  sigwait(&set, &sig);
  pthread_mutex_lock(&queue_lock);
  printf("%ld %ld\n", served_events, served_batches);
  fflush(stdout);
  /* Suspended connections make MHD_stop_daemon abort; every answered event is committed. */
  _exit(0);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "serve") == 0) return serve(argc, argv);
  if (argc < 5) {
    fprintf(stderr, "usage: %s CONNINFO WRITERS BATCH SECONDS [hot]\n", argv[0]);
    return 2;
  }
  conninfo = argv[1];
  int writers = atoi(argv[2]);
  batch_size = atoi(argv[3]);
  double seconds = atof(argv[4]);
  hot = argc > 5 && strcmp(argv[5], "hot") == 0;
  if (writers < 1 || writers > 64 || batch_size < 1 || batch_size > MAX_BATCH || seconds <= 0) {
    fprintf(stderr, "writers 1-64, batch 1-%d, seconds > 0\n", MAX_BATCH);
    return 2;
  }
  run_id = (unsigned)(wall_ms() / 1000 % 100000) + 0x100000;
  struct writer *all = calloc(writers, sizeof *all);
  double started = now();
  deadline = started + seconds;
  for (int i = 0; i < writers; i++) {
    all[i].number = i;
    pthread_create(&all[i].thread, NULL, write_batches, &all[i]);
  }
  long events = 0;
  int batches = 0;
  for (int i = 0; i < writers; i++) {
    pthread_join(all[i].thread, NULL);
    events += all[i].events;
    batches += all[i].batches;
  }
  double elapsed = now() - started;
  double *latencies = malloc((batches ? batches : 1) * sizeof *latencies);
  int at = 0;
  for (int i = 0; i < writers; i++)
    for (int b = 0; b < all[i].batches; b++) latencies[at++] = all[i].latencies[b];
  qsort(latencies, batches, sizeof *latencies, by_value);
  printf("%ld %.2fms %.2fms\n", (long)(events / elapsed), batches ? latencies[batches / 2] : 0,
         batches ? latencies[batches * 99 / 100] : 0);
  return 0;
}

// The ceiling for ActionHub's durable POST path: a minimal libmicrohttpd + SQLite server with
// group commit and no JSON. Connections are suspended while one writer thread commits batches
// (WAL, synchronous=FULL) and resumed after COMMIT. Two ways to store a POST:
// - minimal: the body as one row of a table with no index;
// - same-schema: into a database ActionHub created, the rows ActionHub writes for it (the event
//   with its id looked up first, the like or the reply, the post's counts through ActionHub's
//   triggers), with the fields cut out of bench/post-mix.lua's bodies by searching for their keys
//   instead of parsing JSON. The gap between the two is what storage costs; the gap between this
//   one and ActionHub is what everything else costs. In this mode GETs of /v1/posts/ID/likes,
//   /v1/posts/ID/replies and /v1/users/ID/responses (?limit=N) run ActionHub's queries on a
//   read-only connection per thread and print the rows as JSON without escaping them (the
//   benchmark's texts need none) and without authentication.
// - same-schema-stats: same-schema plus the stored aggregates' writes as ActionHub makes them
//   (store_stats): bench/stats compares it with same-schema, for what that storage work costs
//   SQLite alone.
// Built and run by bench/run and bench/stats; not part of the product.
#define _GNU_SOURCE /* memmem */
#include <microhttpd.h>
#include <pthread.h>
#include <time.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>

#define MAX_BODY 65536
#define MAX_BATCH 256

struct request {
  struct MHD_Connection *connection;
  char *body;
  size_t size;
  int state; /* 0 reading, 1 queued, 2 committed, 3 failed */
  struct request *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
static struct request *head, *tail;
static sqlite3 *db;

static void check(int rc, const char *what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE) {
    fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
  }
}

static sqlite3_stmt *prepare_on(sqlite3 *on, const char *sql) {
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2(on, sql, -1, &statement, NULL) != SQLITE_OK) {
    fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(on));
    exit(1);
  }
  return statement;
}

static sqlite3_stmt *prepare(const char *sql) { return prepare_on(db, sql); }

/* The value of "key":"…" in body (no escapes in the benchmark's bodies), or an empty text. */
static const char *field(const char *body, size_t size, const char *key, int *length) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
  const char *start = memmem(body, size, pattern, strlen(pattern));
  if (!start) { *length = 0; return ""; }
  start += strlen(pattern);
  const char *end = memchr(start, '"', size - (size_t)(start - body));
  *length = end ? (int)(end - start) : 0;
  return start;
}

/* The object value of "key":{…} in body, braces matched (no braces inside the benchmark's
   strings), or an empty text: the push ActionHub stores with each event for its feed. */
static const char *object_field(const char *body, size_t size, const char *key, int *length) {
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  const char *start = memmem(body, size, pattern, strlen(pattern));
  *length = 0;
  if (!start) return "";
  start = memchr(start, '{', size - (size_t)(start - body));
  if (!start) return "";
  int depth = 0;
  for (const char *at = start; at < body + size; at++) {
    if (*at == '{') depth++;
    if (*at == '}' && --depth == 0) { *length = (int)(at - start + 1); break; }
  }
  return start;
}

static int step(sqlite3_stmt *statement) {
  int rc = sqlite3_step(statement);
  sqlite3_reset(statement);
  return rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
}

static sqlite3_stmt *insert_event, *find_response, *insert_response, *insert_like, *count_likes, *insert_reply;

static int store_minimal(struct request *r) {
  sqlite3_bind_text(insert_event, 1, r->body, (int)r->size, SQLITE_STATIC);
  return step(insert_event);
}

static int store_same_schema(struct request *r) {
  int id_length, user_length, action_length, category_length, post_length, text_length;
  const char *id = field(r->body, r->size, "id", &id_length);
  const char *user = field(r->body, r->size, "userId", &user_length);
  const char *action = field(r->body, r->size, "actionIdentifier", &action_length);
  const char *category = field(r->body, r->size, "categoryIdentifier", &category_length);
  const char *post = field(r->body, r->size, "postId", &post_length);
  const char *text = field(r->body, r->size, "userText", &text_length);
  const char *date = "2026-11-30T09:00:00.000Z";
  sqlite3_bind_text(find_response, 1, id, id_length, SQLITE_STATIC);
  int found = sqlite3_step(find_response);
  sqlite3_reset(find_response);
  if (found == SQLITE_ROW) return SQLITE_OK;
  if (found != SQLITE_DONE) return found;
  int rc = SQLITE_OK;
  if (action_length == 4 && memcmp(action, "like", 4) == 0) {
    sqlite3_bind_text(insert_like, 1, post, post_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_like, 2, user, user_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_like, 3, id, id_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_like, 4, date, -1, SQLITE_STATIC);
    rc = step(insert_like);
    sqlite3_bind_text(count_likes, 1, post, post_length, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = step(count_likes);
  } else if (action_length == 5 && memcmp(action, "reply", 5) == 0) {
    sqlite3_bind_text(insert_reply, 1, id, id_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_reply, 2, post, post_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_reply, 3, user, user_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_reply, 4, text, text_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_reply, 5, id, id_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_reply, 6, date, -1, SQLITE_STATIC);
    rc = step(insert_reply);
  }
  if (rc != SQLITE_OK) return rc;
  /* The request body stands in for ActionHub's canonical fingerprint, which is about as long. */
  sqlite3_bind_text(insert_response, 1, id, id_length, SQLITE_STATIC);
  sqlite3_bind_text(insert_response, 2, user, user_length, SQLITE_STATIC);
  sqlite3_bind_text(insert_response, 3, category, category_length, SQLITE_STATIC);
  sqlite3_bind_text(insert_response, 4, action, action_length, SQLITE_STATIC);
  sqlite3_bind_text(insert_response, 5, r->body, (int)r->size, SQLITE_STATIC);
  sqlite3_bind_text(insert_response, 6, "{\"stored\":true}", -1, SQLITE_STATIC);
  int notification_length;
  const char *notification = object_field(r->body, r->size, "notification", &notification_length);
  sqlite3_bind_text(insert_response, 7, notification, notification_length, SQLITE_STATIC);
  return step(insert_response);
}

/* same-schema-stats: also what ActionHub's stored aggregates write, as it writes them: per event
   the user in the minute, then (when new there) the hour, then the day; per batch one count row
   update per bucket and action; per post one update of its likes and replies. */
static sqlite3_stmt *insert_user, *add_counts, *add_post;
static int with_stats;
struct count_key { long long start; int bucket; char action[64]; int responses, users; };
static struct count_key batch_counts[256];
static int batch_count_keys;

static void count(int bucket, long long start, const char *action, int action_length, int user_added) {
  for (int i = 0; i < batch_count_keys; i++) {
    struct count_key *k = &batch_counts[i];
    if (k->bucket == bucket && k->start == start && (int)strlen(k->action) == action_length &&
        memcmp(k->action, action, (size_t)action_length) == 0) {
      k->responses += !user_added; k->users += user_added;
      return;
    }
  }
  if (batch_count_keys == 256 || action_length >= 64) return;
  struct count_key *k = &batch_counts[batch_count_keys++];
  k->bucket = bucket; k->start = start; k->responses = !user_added; k->users = user_added;
  memcpy(k->action, action, (size_t)action_length); k->action[action_length] = 0;
}

static int store_stats(struct request *r) {
  int user_length, action_length, category_length, post_length;
  const char *user = field(r->body, r->size, "userId", &user_length);
  const char *action = field(r->body, r->size, "actionIdentifier", &action_length);
  const char *category = field(r->body, r->size, "categoryIdentifier", &category_length);
  const char *post = field(r->body, r->size, "postId", &post_length);
  long long now = (long long)time(NULL);
  static const long long widths[3] = {60, 3600, 86400};
  for (int bucket = 0; bucket < 3; bucket++) count(bucket, now - now % widths[bucket], action, action_length, 0);
  for (int bucket = 0; bucket < 3; bucket++) {
    sqlite3_bind_text(insert_user, 1, category, category_length, SQLITE_STATIC);
    sqlite3_bind_int(insert_user, 2, bucket);
    sqlite3_bind_int64(insert_user, 3, now - now % widths[bucket]);
    sqlite3_bind_text(insert_user, 4, action, action_length, SQLITE_STATIC);
    sqlite3_bind_text(insert_user, 5, user, user_length, SQLITE_STATIC);
    int rc = step(insert_user);
    if (rc != SQLITE_OK) return rc;
    if (sqlite3_changes(db) != 1) break;
    count(bucket, now - now % widths[bucket], action, action_length, 1);
  }
  int like = action_length == 4 && memcmp(action, "like", 4) == 0;
  int reply = action_length == 5 && memcmp(action, "reply", 5) == 0;
  if (!like && !reply) return SQLITE_OK;
  sqlite3_bind_text(add_post, 1, category, category_length, SQLITE_STATIC);
  sqlite3_bind_text(add_post, 2, post, post_length, SQLITE_STATIC);
  sqlite3_bind_int(add_post, 3, like);
  sqlite3_bind_int(add_post, 4, reply);
  return step(add_post);
}

static int flush_counts(void) {
  int rc = SQLITE_OK;
  for (int i = 0; i < batch_count_keys && rc == SQLITE_OK; i++) {
    struct count_key *k = &batch_counts[i];
    sqlite3_bind_text(add_counts, 1, "social_post", -1, SQLITE_STATIC);
    sqlite3_bind_int(add_counts, 2, k->bucket);
    sqlite3_bind_int64(add_counts, 3, k->start);
    sqlite3_bind_text(add_counts, 4, k->action, -1, SQLITE_STATIC);
    sqlite3_bind_int(add_counts, 5, k->responses);
    sqlite3_bind_int(add_counts, 6, k->users);
    rc = step(add_counts);
  }
  batch_count_keys = 0;
  return rc;
}

static int (*store_request)(struct request *);

static void *writer(void *unused) {
  (void)unused;
  sqlite3_stmt *begin = prepare("BEGIN IMMEDIATE"), *commit = prepare("COMMIT"), *rollback = prepare("ROLLBACK");
  for (;;) {
    pthread_mutex_lock(&lock);
    while (!head) pthread_cond_wait(&ready, &lock);
    struct request *batch = head, *last = head;
    int count = 1;
    while (last->next && count < MAX_BATCH) { last = last->next; count++; }
    head = last->next;
    if (!head) tail = NULL;
    last->next = NULL;
    pthread_mutex_unlock(&lock);

    int rc = step(begin);
    for (struct request *r = batch; r && rc == SQLITE_OK; r = r->next) {
      rc = store_request(r);
      if (rc == SQLITE_OK && with_stats) rc = store_stats(r);
    }
    if (rc == SQLITE_OK && with_stats) rc = flush_counts();
    batch_count_keys = 0;
    if (rc == SQLITE_OK) rc = step(commit);
    if (rc != SQLITE_OK) step(rollback);
    for (struct request *r = batch, *next; r; r = next) {
      next = r->next;
      r->state = rc == SQLITE_OK ? 2 : 3;
      MHD_resume_connection(r->connection);
    }
  }
  return NULL;
}

static const char *database_path;
static int serves_history;

struct reader {
  sqlite3 *db;
  sqlite3_stmt *begin, *commit, *like_count, *likes_page, *reply_count, *replies_page, *user_page;
};

static struct reader *thread_reader(void) {
  static __thread struct reader *reader;
  if (reader) return reader;
  reader = calloc(1, sizeof *reader);
  if (sqlite3_open_v2(database_path, &reader->db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
    fprintf(stderr, "open reader: %s\n", sqlite3_errmsg(reader->db));
    exit(1);
  }
  reader->begin = prepare_on(reader->db, "BEGIN");
  reader->commit = prepare_on(reader->db, "COMMIT");
  reader->like_count = prepare_on(reader->db, "SELECT likes FROM post_counts WHERE post_id = ?1");
  reader->reply_count = prepare_on(reader->db, "SELECT replies FROM post_counts WHERE post_id = ?1");
  reader->likes_page = prepare_on(reader->db, "SELECT position, user_id, response_id, liked_at FROM likes "
                                              "WHERE post_id = ?1 AND position < ?2 ORDER BY position DESC LIMIT ?3");
  reader->replies_page = prepare_on(reader->db, "SELECT position, reply_id, user_id, text, response_id, created_at "
                                                "FROM replies WHERE post_id = ?1 AND position < ?2 "
                                                "ORDER BY position DESC LIMIT ?3");
  reader->user_page = prepare_on(reader->db, "SELECT position, body FROM responses WHERE user_id = ?1 AND position < ?2 "
                                             "ORDER BY position DESC LIMIT ?3");
  return reader;
}

static long long count_of(sqlite3_stmt *count, const char *key, int length) {
  sqlite3_bind_text(count, 1, key, length, SQLITE_STATIC);
  long long value = sqlite3_step(count) == SQLITE_ROW ? sqlite3_column_int64(count, 0) : 0;
  sqlite3_reset(count);
  return value;
}

/* Writes one page as {"count":…,"items":[…],"more":…}; 404 for another path. */
static enum MHD_Result answer_history(struct MHD_Connection *connection, const char *url) {
  struct reader *reader = thread_reader();
  const char *key, *kind;
  if (strncmp(url, "/v1/posts/", 10) == 0) key = url + 10;
  else if (strncmp(url, "/v1/users/", 10) == 0) key = url + 10;
  else key = NULL;
  kind = key ? strchr(key, '/') : NULL;
  sqlite3_stmt *page = NULL, *count = NULL;
  if (kind && url[4] == 'p' && strcmp(kind, "/likes") == 0) { page = reader->likes_page; count = reader->like_count; }
  if (kind && url[4] == 'p' && strcmp(kind, "/replies") == 0) { page = reader->replies_page; count = reader->reply_count; }
  if (kind && url[4] == 'u' && strcmp(kind, "/responses") == 0) page = reader->user_page;
  const char *limit_text = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "limit");
  int limit = limit_text ? atoi(limit_text) : 20;
  if (!page || limit < 1 || limit > 100) {
    static const char missing[] = "{}";
    struct MHD_Response *response = MHD_create_response_from_buffer(2, (void *)missing, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result result = MHD_queue_response(connection, 404, response);
    MHD_destroy_response(response);
    return result;
  }
  int key_length = (int)(kind - key);
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  sqlite3_step(reader->begin);
  sqlite3_reset(reader->begin);
  fputc('{', out);
  if (count) fprintf(out, "\"count\":%lld,", count_of(count, key, key_length));
  fputs("\"items\":[", out);
  sqlite3_bind_text(page, 1, key, key_length, SQLITE_STATIC);
  sqlite3_bind_int64(page, 2, 9223372036854775807LL);
  sqlite3_bind_int(page, 3, limit + 1);
  int rows = 0, step_result;
  while ((step_result = sqlite3_step(page)) == SQLITE_ROW && rows < limit) {
    if (rows++) fputc(',', out);
    if (page == reader->user_page) {
      fputs((const char *)sqlite3_column_text(page, 1), out);
      continue;
    }
    fprintf(out, "{\"position\":%lld", sqlite3_column_int64(page, 0));
    for (int column = 1; column < sqlite3_column_count(page); column++)
      fprintf(out, ",\"%s\":\"%s\"", sqlite3_column_name(page, column), sqlite3_column_text(page, column));
    fputc('}', out);
  }
  fprintf(out, "],\"more\":%s}", step_result == SQLITE_ROW ? "true" : "false");
  sqlite3_reset(page);
  sqlite3_step(reader->commit);
  sqlite3_reset(reader->commit);
  fclose(out);
  struct MHD_Response *response = MHD_create_response_from_buffer(size, text, MHD_RESPMEM_MUST_FREE);
  MHD_add_response_header(response, "Content-Type", "application/json");
  enum MHD_Result result = MHD_queue_response(connection, 200, response);
  MHD_destroy_response(response);
  return result;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls) {
  (void)cls; (void)version;
  struct request *r = *con_cls;
  if (!r) {
    r = calloc(1, sizeof *r);
    r->connection = connection;
    *con_cls = r;
    return MHD_YES;
  }
  if (*upload_data_size) {
    if (r->size + *upload_data_size <= MAX_BODY) {
      r->body = realloc(r->body, r->size + *upload_data_size);
      memcpy(r->body + r->size, upload_data, *upload_data_size);
      r->size += *upload_data_size;
    }
    *upload_data_size = 0;
    return MHD_YES;
  }
  if (serves_history && strcmp(method, "GET") == 0) return answer_history(connection, url);
  if (strcmp(method, "POST") != 0 || r->state >= 2) {
    int status = strcmp(method, "POST") != 0 ? 200 : r->state == 2 ? 201 : 503;
    const char *text = status == 201 ? "{\"stored\":true}" : "{}";
    struct MHD_Response *response =
        MHD_create_response_from_buffer(strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
  }
  r->state = 1;
  MHD_suspend_connection(connection);
  pthread_mutex_lock(&lock);
  if (tail) tail->next = r; else head = r;
  tail = r;
  pthread_cond_signal(&ready);
  pthread_mutex_unlock(&lock);
  return MHD_YES;
}

static void completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                      enum MHD_RequestTerminationCode code) {
  (void)cls; (void)connection; (void)code;
  struct request *r = *con_cls;
  if (r) { free(r->body); free(r); *con_cls = NULL; }
}

int main(int argc, char **argv) {
  with_stats = argc == 5 && strcmp(argv[4], "same-schema-stats") == 0;
  int same_schema = argc == 5 && (strcmp(argv[4], "same-schema") == 0 || with_stats);
  if (argc != 4 && !same_schema) {
    fprintf(stderr, "usage: ceiling PORT DATABASE THREADS [same-schema|same-schema-stats]\n");
    return 2;
  }
  database_path = argv[2];
  serves_history = same_schema;
  check(sqlite3_open(argv[2], &db), "open");
  check(sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", NULL, NULL, NULL), "pragmas");
  if (same_schema) {
    find_response = prepare("SELECT fingerprint, body FROM responses WHERE id = ?1");
    insert_response = prepare(
        "INSERT INTO responses (id, user_id, category, action, fingerprint, body, notification) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    insert_like = prepare("INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES (?1, ?2, ?3, ?4) "
                          "ON CONFLICT (post_id, user_id) DO NOTHING");
    count_likes = prepare("SELECT likes FROM post_counts WHERE post_id = ?1");
    insert_reply = prepare("INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    if (with_stats) {
      insert_user = prepare("INSERT INTO stats_users (category, bucket, start, action, user_id) "
                            "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING");
      add_counts = prepare("INSERT INTO stats_counts (category, bucket, start, action, responses, users) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (category, bucket, start, action) "
                           "DO UPDATE SET responses = responses + excluded.responses, users = users + excluded.users");
      add_post = prepare("INSERT INTO stats_posts (category, post_id, likes, replies) VALUES (?1, ?2, ?3, ?4) "
                         "ON CONFLICT (category, post_id) DO UPDATE SET likes = likes + excluded.likes, "
                         "replies = replies + excluded.replies");
    }
  } else {
    check(sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, body TEXT NOT NULL)", NULL,
                       NULL, NULL), "schema");
    insert_event = prepare("INSERT INTO events (body) VALUES (?1)");
  }
  pthread_t thread;
  store_request = same_schema ? store_same_schema : store_minimal;
  pthread_create(&thread, NULL, writer, NULL);
  struct MHD_Daemon *daemon = MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)atoi(argv[1]),
      NULL, NULL, handle, NULL, MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)atoi(argv[3]),
      MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_CONNECTION_LIMIT, 4096u, MHD_OPTION_END);
  if (!daemon) { fprintf(stderr, "MHD_start_daemon failed\n"); return 1; }
  printf("listening on http://127.0.0.1:%s\n", argv[1]);
  fflush(stdout);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGINT);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
  int sig;
  sigwait(&set, &sig);
  // Suspended connections make MHD_stop_daemon abort; every answered row is committed already.
  _exit(0);
}

// The ceiling for ActionHub's durable POST path: a minimal libmicrohttpd + SQLite server with
// group commit and no JSON. Connections are suspended while one writer thread commits batches
// (WAL, synchronous=FULL) and resumed after COMMIT. Two ways to store a POST:
// - minimal: the body as one row of a table with no index;
// - same-schema: into a database ActionHub created, the rows ActionHub writes for it (the event
//   with its id looked up first, the like or the reply, the post's counts through ActionHub's
//   triggers), with the fields cut out of bench/post-mix.lua's bodies by searching for their keys
//   instead of parsing JSON. The gap between the two is what storage costs; the gap between this
//   one and ActionHub is what everything else costs.
// Built and run by bench/run; not part of the product.
#define _GNU_SOURCE /* memmem */
#include <microhttpd.h>
#include <pthread.h>
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

static sqlite3_stmt *prepare(const char *sql) {
  sqlite3_stmt *statement;
  check(sqlite3_prepare_v2(db, sql, -1, &statement, NULL), sql);
  return statement;
}

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
  return step(insert_response);
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
    for (struct request *r = batch; r && rc == SQLITE_OK; r = r->next) rc = store_request(r);
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

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **con_cls) {
  (void)cls; (void)url; (void)version;
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
  int same_schema = argc == 5 && strcmp(argv[4], "same-schema") == 0;
  if (argc != 4 && !same_schema) {
    fprintf(stderr, "usage: ceiling PORT DATABASE THREADS [same-schema]\n");
    return 2;
  }
  check(sqlite3_open(argv[2], &db), "open");
  check(sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", NULL, NULL, NULL), "pragmas");
  if (same_schema) {
    find_response = prepare("SELECT fingerprint, body FROM responses WHERE id = ?1");
    insert_response = prepare(
        "INSERT INTO responses (id, user_id, category, action, fingerprint, body) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    insert_like = prepare("INSERT INTO likes (post_id, user_id, response_id, liked_at) VALUES (?1, ?2, ?3, ?4) "
                          "ON CONFLICT (post_id, user_id) DO NOTHING");
    count_likes = prepare("SELECT likes FROM post_counts WHERE post_id = ?1");
    insert_reply = prepare("INSERT INTO replies (reply_id, post_id, user_id, text, response_id, created_at) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
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

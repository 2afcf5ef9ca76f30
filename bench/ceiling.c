// The ceiling for ActionHub's durable POST path: a minimal libmicrohttpd + SQLite server with
// group commit and no JSON. Each POST body is stored as one row; connections are suspended while
// one writer thread commits batches (WAL, synchronous=FULL) and resumed after COMMIT.
// Built and run by bench/run; not part of the product.
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

static void *writer(void *unused) {
  (void)unused;
  sqlite3_stmt *insert;
  check(sqlite3_prepare_v2(db, "INSERT INTO events (body) VALUES (?1)", -1, &insert, NULL), "prepare");
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

    int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    for (struct request *r = batch; r && rc == SQLITE_OK; r = r->next) {
      sqlite3_bind_text(insert, 1, r->body, (int)r->size, SQLITE_STATIC);
      rc = sqlite3_step(insert) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
      sqlite3_reset(insert);
    }
    if (rc == SQLITE_OK) rc = sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    if (rc != SQLITE_OK) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
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
  if (argc != 4) { fprintf(stderr, "usage: ceiling PORT DATABASE THREADS\n"); return 2; }
  check(sqlite3_open(argv[2], &db), "open");
  check(sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
                         "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, body TEXT NOT NULL);",
                     NULL, NULL, NULL), "schema");
  pthread_t thread;
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

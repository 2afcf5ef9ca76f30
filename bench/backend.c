/* A team's backend for bench/calls: answers every POST with 200 and a small JSON object once its
 * body is read, after DELAY_MS (0: at once), one thread per connection so that slow answers do
 * not hold each other up. It checks nothing: the tests verify signatures with standardwebhooks.
 * Usage: backend PORT DELAY_MS — prints "listening" once it accepts connections. */
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static long delay_ms;
static const char result[] = "{\"accepted\":true,\"seat\":\"12A\"}";
static struct MHD_Response *accepted;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*state == NULL) { *state = (void *)1; return MHD_YES; }
    if (*upload_data_size != 0) { *upload_data_size = 0; return MHD_YES; }
    if (delay_ms > 0) usleep((useconds_t)delay_ms * 1000);
    return MHD_queue_response(connection, MHD_HTTP_OK, accepted);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: backend PORT DELAY_MS\n"); return 2; }
    delay_ms = atol(argv[2]);
    accepted = MHD_create_response_from_buffer(strlen(result), (void *)result, MHD_RESPMEM_PERSISTENT);
    if (accepted == NULL || MHD_add_response_header(accepted, "Content-Type", "application/json") != MHD_YES) {
        fprintf(stderr, "making the response failed\n");
        return 1;
    }
    unsigned int flags = delay_ms > 0 ? MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD
                                      : MHD_USE_EPOLL_INTERNAL_THREAD;
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, (uint16_t)atoi(argv[1]), NULL, NULL, answer, NULL,
                                                 MHD_OPTION_CONNECTION_LIMIT, 1024, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "MHD_start_daemon failed\n"); return 1; }
    printf("listening\n");
    fflush(stdout);
    pause();
    return 0;
}

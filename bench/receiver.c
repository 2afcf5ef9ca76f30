/* A webhook receiver for bench/webhooks: answers 204 to every request once its body is read, on
 * libmicrohttpd's epoll thread, keep-alive. It checks nothing: the benchmark measures ActionHub's
 * side (the tests verify signatures with the standardwebhooks package).
 * Usage: receiver PORT — prints "listening" once it accepts connections; counts requests and
 * prints the count on SIGTERM. */
#include <microhttpd.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static atomic_long received;
static struct MHD_Response *no_content;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **state) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    if (*state == NULL) { *state = (void *)1; return MHD_YES; }
    if (*upload_data_size != 0) { *upload_data_size = 0; return MHD_YES; }
    atomic_fetch_add(&received, 1);
    return MHD_queue_response(connection, MHD_HTTP_NO_CONTENT, no_content);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: receiver PORT\n"); return 2; }
    no_content = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
    if (no_content == NULL) { fprintf(stderr, "MHD_create_response_from_buffer failed\n"); return 1; }
    struct MHD_Daemon *daemon = MHD_start_daemon(MHD_USE_EPOLL_INTERNAL_THREAD, (uint16_t)atoi(argv[1]), NULL, NULL,
                                                 answer, NULL, MHD_OPTION_CONNECTION_LIMIT, 1024, MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "MHD_start_daemon failed on port %s\n", argv[1]); return 1; }
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigprocmask(SIG_BLOCK, &stop, NULL);
    printf("listening\n");
    fflush(stdout);
    int signal_number;
    sigwait(&stop, &signal_number);
    MHD_stop_daemon(daemon);
    printf("received %ld\n", atomic_load(&received));
    return 0;
}

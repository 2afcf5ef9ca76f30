/* The same-work reference for bench/webhooks: what a delivery must do at least, in C and nothing
 * else — sign a body like a delivery's (HMAC-SHA256, base64) and POST it with libcurl over a
 * kept-alive connection, from THREADS threads, at RATE requests a second in all, for SECONDS.
 * Run beside ActionHub's POST load without webhooks, it shows what that much delivery work costs
 * the POSTs on this machine. Usage: sender URL RATE SECONDS THREADS; prints what it sent. */
#include <curl/curl.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *url;
static double interval;
static double seconds;
static long sent[64];
static long failed[64];

static size_t discard(char *data, size_t size, size_t count, void *context) {
    (void)data; (void)context;
    return size * count;
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

static void *send_loop(void *argument) {
    long index = (long)argument;
    CURL *curl = curl_easy_init();
    if (curl == NULL) { fprintf(stderr, "curl_easy_init failed\n"); exit(1); }
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 10000L);
    static const unsigned char key[32] = "reference-secret-reference-secr";
    char body[700];
    memset(body, 'x', sizeof body);
    memcpy(body, "{\"type\":\"response.recorded\",\"data\":\"", 36);
    memcpy(body + sizeof body - 2, "\"}", 2);
    double start = now(), next = start;
    for (long number = 0; now() - start < seconds; number++) {
        char message[800], signature[128], id[64], stamp[32], header[3][200];
        snprintf(id, sizeof id, "msg_%ld_%ld", index, number);
        snprintf(stamp, sizeof stamp, "%ld", (long)time(NULL));
        int length = snprintf(message, sizeof message, "%s.%s.", id, stamp);
        memcpy(message + length, body, sizeof body);
        unsigned char mac[32];
        unsigned int mac_length = 0;
        HMAC(EVP_sha256(), key, sizeof key, (unsigned char *)message, length + sizeof body, mac, &mac_length);
        EVP_EncodeBlock((unsigned char *)signature, mac, (int)mac_length);
        snprintf(header[0], sizeof header[0], "webhook-id: %s", id);
        snprintf(header[1], sizeof header[1], "webhook-timestamp: %s", stamp);
        snprintf(header[2], sizeof header[2], "webhook-signature: v1,%s", signature);
        struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
        headers = curl_slist_append(headers, "Expect:");
        for (int i = 0; i < 3; i++) headers = curl_slist_append(headers, header[i]);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)sizeof body);
        long status = 0;
        if (curl_easy_perform(curl) == CURLE_OK) curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        curl_slist_free_all(headers);
        if (status / 100 == 2) sent[index]++; else failed[index]++;
        next += interval;
        double wait = next - now();
        if (wait > 0) {
            struct timespec pause = {(time_t)wait, (long)((wait - (time_t)wait) * 1e9)};
            nanosleep(&pause, NULL);
        }
    }
    curl_easy_cleanup(curl);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: sender URL RATE SECONDS THREADS\n"); return 2; }
    url = argv[1];
    double rate = atof(argv[2]);
    seconds = atof(argv[3]);
    int threads = atoi(argv[4]);
    if (rate <= 0 || seconds <= 0 || threads < 1 || threads > 64) { fprintf(stderr, "bad arguments\n"); return 2; }
    interval = threads / rate;
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) { fprintf(stderr, "curl_global_init failed\n"); return 1; }
    pthread_t thread[64];
    for (long i = 0; i < threads; i++) pthread_create(&thread[i], NULL, send_loop, (void *)i);
    long total = 0, failures = 0;
    for (long i = 0; i < threads; i++) {
        pthread_join(thread[i], NULL);
        total += sent[i];
        failures += failed[i];
    }
    printf("sent %ld (%.0f/s), failed %ld\n", total, total / seconds, failures);
    return 0;
}

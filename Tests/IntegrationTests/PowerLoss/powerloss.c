/* Power-loss recorder for the power-loss test, loaded into the server with LD_PRELOAD. Every
 * write, truncate and sync of a file under $POWERLOSS_DIR (through any descriptor: SQLite's own
 * and the WAL syncer's) is appended to the log $POWERLOSS_LOG as it happens. After a kill -9 the
 * test rebuilds the files from the log keeping only what a sync of that file made durable: what a
 * power cut would have left. Record: type (W write, T truncate, S sync), path length (u32), path,
 * offset or length (i64), data length (i64), data. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_FDS 65536

static const char *watched;
static size_t watched_length;
static int log_fd = -1;
static char *tracked[MAX_FDS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_close)(int);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off64_t);
static int (*real_ftruncate)(int, off_t);
static int (*real_ftruncate64)(int, off64_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

static void load(void) {
    if (real_open) return;
    real_open = dlsym(RTLD_NEXT, "open");
    real_open64 = dlsym(RTLD_NEXT, "open64");
    real_openat = dlsym(RTLD_NEXT, "openat");
    real_close = dlsym(RTLD_NEXT, "close");
    real_write = dlsym(RTLD_NEXT, "write");
    real_pwrite = dlsym(RTLD_NEXT, "pwrite");
    real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
    real_ftruncate = dlsym(RTLD_NEXT, "ftruncate");
    real_ftruncate64 = dlsym(RTLD_NEXT, "ftruncate64");
    real_fsync = dlsym(RTLD_NEXT, "fsync");
    real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
}

__attribute__((constructor)) static void start(void) {
    load();
    watched = getenv("POWERLOSS_DIR");
    watched_length = watched ? strlen(watched) : 0;
    const char *path = getenv("POWERLOSS_LOG");
    if (path) log_fd = real_open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

static void append_all(const void *bytes, size_t count) {
    const char *next = bytes;
    while (count > 0) {
        ssize_t written = real_write(log_fd, next, count);
        if (written <= 0) abort(); /* a lost record would make the test lie */
        next += written;
        count -= (size_t)written;
    }
}

static void record(char type, int fd, int64_t position, const void *data, int64_t length) {
    if (log_fd < 0 || fd < 0 || fd >= MAX_FDS) return;
    pthread_mutex_lock(&lock);
    const char *path = tracked[fd];
    if (path) {
        /* One write per record: a kill -9 leaves whole records, or at worst a cut last one, which
         * the reader drops (its write or sync had not returned to the server yet). */
        uint32_t path_length = (uint32_t)strlen(path);
        size_t size = 21 + path_length + (size_t)(length > 0 ? length : 0);
        char *buffer = malloc(size);
        if (!buffer) abort();
        buffer[0] = type;
        memcpy(buffer + 1, &path_length, 4);
        memcpy(buffer + 5, path, path_length);
        memcpy(buffer + 5 + path_length, &position, 8);
        memcpy(buffer + 13 + path_length, &length, 8);
        if (length > 0) memcpy(buffer + 21 + path_length, data, (size_t)length);
        append_all(buffer, size);
        free(buffer);
    }
    pthread_mutex_unlock(&lock);
}

static void track(int fd, const char *path) {
    if (fd < 0 || fd >= MAX_FDS || !watched || strncmp(path, watched, watched_length) != 0) return;
    pthread_mutex_lock(&lock);
    free(tracked[fd]);
    tracked[fd] = strdup(path);
    pthread_mutex_unlock(&lock);
}

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(arguments, int) : 0;
}

int open(const char *path, int flags, ...) {
    load();
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    int fd = real_open(path, flags, mode);
    track(fd, path);
    return fd;
}

int open64(const char *path, int flags, ...) {
    load();
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    int fd = real_open64(path, flags, mode);
    track(fd, path);
    return fd;
}

int openat(int directory, const char *path, int flags, ...) {
    load();
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    int fd = real_openat(directory, path, flags, mode);
    if (path[0] == '/') track(fd, path);
    return fd;
}

int close(int fd) {
    load();
    if (fd >= 0 && fd < MAX_FDS) {
        pthread_mutex_lock(&lock);
        free(tracked[fd]);
        tracked[fd] = NULL;
        pthread_mutex_unlock(&lock);
    }
    return real_close(fd);
}

ssize_t write(int fd, const void *data, size_t count) {
    load();
    off_t position = (fd >= 0 && fd < MAX_FDS && tracked[fd]) ? lseek(fd, 0, SEEK_CUR) : -1;
    ssize_t written = real_write(fd, data, count);
    if (written > 0 && position >= 0) record('W', fd, position, data, written);
    return written;
}

ssize_t pwrite(int fd, const void *data, size_t count, off_t position) {
    load();
    ssize_t written = real_pwrite(fd, data, count, position);
    if (written > 0) record('W', fd, position, data, written);
    return written;
}

ssize_t pwrite64(int fd, const void *data, size_t count, off64_t position) {
    load();
    ssize_t written = real_pwrite64(fd, data, count, position);
    if (written > 0) record('W', fd, position, data, written);
    return written;
}

int ftruncate(int fd, off_t length) {
    load();
    int result = real_ftruncate(fd, length);
    if (result == 0) record('T', fd, length, NULL, 0);
    return result;
}

int ftruncate64(int fd, off64_t length) {
    load();
    int result = real_ftruncate64(fd, length);
    if (result == 0) record('T', fd, length, NULL, 0);
    return result;
}

int fsync(int fd) {
    load();
    int result = real_fsync(fd);
    if (result == 0) record('S', fd, 0, NULL, 0);
    return result;
}

int fdatasync(int fd) {
    load();
    int result = real_fdatasync(fd);
    if (result == 0) record('S', fd, 0, NULL, 0);
    return result;
}

// What a durable write costs on this machine's disk, below SQLite: the time fdatasync takes after
// N 4 KB pages of a file were rewritten, at random places (what a checkpoint writes for index
// pages) or one after another (what appending to the WAL writes). Built and run by bench/disk.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096
#define FILE_PAGES 16384 /* 64 MB */
#define ROUNDS 21

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void must(int ok, const char *what) {
  if (!ok) { perror(what); exit(1); }
}

int main(int argc, char **argv) {
  must(argc == 2, "usage: disk <scratch file>");
  int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0600);
  must(fd >= 0, "open");
  char page[PAGE];
  memset(page, 'x', sizeof page);
  /* Written and synced once, so later rounds overwrite allocated blocks, as SQLite mostly does. */
  for (long i = 0; i < FILE_PAGES; i++) must(pwrite(fd, page, PAGE, i * PAGE) == PAGE, "pwrite");
  must(fdatasync(fd) == 0, "fdatasync");
  const int counts[] = {1, 8, 64, 256, 1024};
  long next = 0;
  srand(42);
  printf("%-8s %18s %18s\n", "pages", "random: ms (p50)", "in order: ms (p50)");
  for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
    double random_ms[ROUNDS], ordered_ms[ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      for (int i = 0; i < counts[c]; i++)
        must(pwrite(fd, page, PAGE, (long)(rand() % FILE_PAGES) * PAGE) == PAGE, "pwrite");
      double started = now_ms();
      must(fdatasync(fd) == 0, "fdatasync");
      random_ms[round] = now_ms() - started;
      for (int i = 0; i < counts[c]; i++, next = (next + 1) % FILE_PAGES)
        must(pwrite(fd, page, PAGE, next * PAGE) == PAGE, "pwrite");
      started = now_ms();
      must(fdatasync(fd) == 0, "fdatasync");
      ordered_ms[round] = now_ms() - started;
    }
    qsort(random_ms, ROUNDS, sizeof(double), by_value);
    qsort(ordered_ms, ROUNDS, sizeof(double), by_value);
    printf("%-8d %18.2f %18.2f\n", counts[c], random_ms[ROUNDS / 2], ordered_ms[ROUNDS / 2]);
  }
  close(fd);
  unlink(argv[1]);
  return 0;
}

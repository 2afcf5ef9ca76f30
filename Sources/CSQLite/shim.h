#ifndef ACTIONHUB_CSQLITE_SHIM_H
#define ACTIONHUB_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: it tells SQLite to copy the bytes at once.
static inline int actionhub_sqlite3_bind_text_transient(sqlite3_stmt *statement, int index,
                                                        const char *text, int byteCount) {
  return sqlite3_bind_text(statement, index, text, byteCount, SQLITE_TRANSIENT);
}

#endif

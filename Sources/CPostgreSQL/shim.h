#ifndef ACTIONHUB_CPOSTGRESQL_SHIM_H
#define ACTIONHUB_CPOSTGRESQL_SHIM_H

#include <libpq-fe.h>

/// PG_DIAG_SQLSTATE is a character-literal macro, which Swift does not import.
static const int actionhub_pg_diag_sqlstate = PG_DIAG_SQLSTATE;

#endif

#ifndef PROACTIVE_CLIBPQ_SHIM_H
#define PROACTIVE_CLIBPQ_SHIM_H
/* PostgreSQL's C client (Debian's libpq-dev): the PostgreSQL storage's reads, in pipeline mode. */
#include <libpq-fe.h>
#endif

// The round trips of a read transaction through libpq, PostgreSQL's own C client, as the
// baseline of the engine's driver (postgres-nio): ServiceBenchmark's "round trips" line reads
// the same statement for the same user through `storage.read`. Built and run by run.sh.
//
//   1. the statement alone, waited for (one round trip);
//   2. BEGIN, the statement, COMMIT, each waited for (three round trips: what postgres-nio
//      sends, one statement once the one before it is answered);
//   3. the same three pipelined (libpq's pipeline mode: one round trip).
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double milliseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *name, double *v, int n) {
    qsort(v, n, sizeof(double), ascending);
    printf("libpq: %-62s p50 %.3f / p99 %.3f ms (n=%d)\n", name, v[n / 2], v[(int)(n * 0.99)], n);
}

static void check(PGconn *c, PGresult *r) {
    ExecStatusType s = PQresultStatus(r);
    if (s != PGRES_TUPLES_OK && s != PGRES_COMMAND_OK && s != PGRES_PIPELINE_SYNC) {
        fprintf(stderr, "%s: %s", PQresStatus(s), PQerrorMessage(c));
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s POSTGRES-URL [USER]\n", argv[0]);
        return 2;
    }
    PGconn *c = PQconnectdb(argv[1]);
    if (PQstatus(c) != CONNECTION_OK) {
        fprintf(stderr, "%s", PQerrorMessage(c));
        return 1;
    }
    const char *user[1] = {argc > 2 ? argv[2] : "u0000"};
    enum { N = 1000, WARMUP = 200 };
    double v[N];
    PQclear(PQprepare(c, "read", "SELECT count FROM context_log_deletion WHERE user_id = $1", 1, NULL));
    const char *begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";

    for (int i = 0; i < N + WARMUP; i++) {
        double t = milliseconds();
        PGresult *r = PQexecPrepared(c, "read", 1, user, NULL, NULL, 1);
        check(c, r);
        PQclear(r);
        if (i >= WARMUP) v[i - WARMUP] = milliseconds() - t;
    }
    report("the statement alone (one round trip)", v, N);

    for (int i = 0; i < N + WARMUP; i++) {
        double t = milliseconds();
        PGresult *r = PQexec(c, begin);
        check(c, r);
        PQclear(r);
        r = PQexecPrepared(c, "read", 1, user, NULL, NULL, 1);
        check(c, r);
        PQclear(r);
        r = PQexec(c, "COMMIT");
        check(c, r);
        PQclear(r);
        if (i >= WARMUP) v[i - WARMUP] = milliseconds() - t;
    }
    report("BEGIN, the statement, COMMIT, each waited for (three)", v, N);

    PQenterPipelineMode(c);
    for (int i = 0; i < N + WARMUP; i++) {
        double t = milliseconds();
        PQsendQueryParams(c, begin, 0, NULL, NULL, NULL, NULL, 1);
        PQsendQueryPrepared(c, "read", 1, user, NULL, NULL, 1);
        PQsendQueryParams(c, "COMMIT", 0, NULL, NULL, NULL, NULL, 1);
        PQpipelineSync(c);
        for (int k = 0; k < 3; k++) {
            PGresult *r;
            while ((r = PQgetResult(c)) != NULL) {
                check(c, r);
                PQclear(r);
            }
        }
        PGresult *r = PQgetResult(c);  // the pipeline's sync
        check(c, r);
        PQclear(r);
        if (i >= WARMUP) v[i - WARMUP] = milliseconds() - t;
    }
    report("BEGIN, the statement, COMMIT pipelined (one)", v, N);
    PQexitPipelineMode(c);
    PQfinish(c);
    return 0;
}

/* store_fixture.h: what the findings-store tests share: a scratch directory, a database filled
 * with known batches, and checks that those batches are all still there, worked out by hand. */
#ifndef ISAPROBE_TEST_STORE_FIXTURE_H
#define ISAPROBE_TEST_STORE_FIXTURE_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/store.h"

/* A fresh directory under $TMPDIR (or /tmp); the caller removes it with fixture_rmdir. */
char *fixture_tmpdir(const char *tag);

void fixture_rmdir(char *dir);

char *fixture_path(const char *dir, const char *name);

/* The printed form of a diagnostic: what a user would see. */
const char *fixture_diag_text(const struct ip_diag *d);

/* One int64 from SQL on a raw handle; -1 when the query fails or gives no row. */
int64_t fixture_int(sqlite3 *db, const char *sql);

/* The known data set: campaign "walk" of probe "p" on sim:t860, three batches of 4 runs.
 * Batch b (0..2) runs values 0x0100+b (twice, outcome A), 0x0200 (outcome B) and 0x0300+b
 * (outcome A); cursor 4, 8, 12. By hand: runs 12; variants 0x100,0x101,0x102 (2 runs each),
 * 0x200 (3 runs, one row of count 3), 0x300,0x301,0x302 (1 each): 7 rows; outcomes 2. */
extern const uint8_t fixture_out_a[4], fixture_out_b[1]; /* {1, 2, 3, 4} and {9} */

int fixture_fill(struct ip_store *s, struct ip_diag *d, int64_t *campaign);

/* Creates path (anew) with the known data set. */
void fixture_create(const char *path);

/* Checks, reading the file read-only, that the known data set is all there. */
void fixture_check_intact(const char *path, const char *when);

/* A new, empty findings database at path (a file there, and its -wal and -shm, removed
 * first); exits when it cannot be made. */
struct ip_store *fixture_fresh_store(const char *path);

/* A toy's campaign for inference tests: probe `name` (strategy pairs) with contexts labels[0..n)
 * whose one-byte seed value is 0, 64 bytes of planted registers no output comes from, and an
 * observed varyings_out of out_bytes. Its id; exits when it cannot be made. */
int64_t fixture_toy_campaign(struct ip_store *s, const char *name,
                             const char *const *labels, unsigned n,
                             size_t out_bytes);

/* The rows of an SQL query on db as text: a line per row, its columns joined by '|'
 * (malloc'd; "cannot query: ..." when the query does not prepare). */
char *fixture_rows(sqlite3 *db, const char *sql);

/* The same on the database file at path, opened read-only. */
char *fixture_file_rows(const char *path, const char *sql);

/* The whole file's bytes, to show that a refused file was not touched. */
char *fixture_slurp(const char *path, size_t *len);

int fixture_same_bytes(const char *path, const char *before, size_t len);

#endif

/* toy_store.h: what the inference tests on hand-made campaigns share: a fresh store with one
 * campaign of a layout (runs are then recorded by the test), the Markdown report as text (and
 * a check of a line in it), and the first column of the first row of a query. */
#ifndef ISAPROBE_TEST_TOY_STORE_H
#define ISAPROBE_TEST_TOY_STORE_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/report.h"
#include "isaprobe/store.h"
#include "store_fixture.h"

/* A new store at path (any old one removed) holding probe `name` (ISA "toy") and one
 * exhaustive campaign on runner (model "toy") with layout lay; *id gets the campaign. The test
 * stops when the store cannot be opened. */
struct ip_store *toy_store(const char *path, const char *runner, const char *name,
                           const struct ip_campaign_layout *lay, int64_t *id);

/* The Markdown report of the store, malloc'd. */
char *toy_report_md(struct ip_store *s);

/* Checks that the Markdown report holds text (what: the case, for the failure message). */
void toy_report_has(struct ip_store *s, const char *text, const char *what);

/* The first column of the first row sql gives, as text ("" when none), malloc'd. */
char *toy_one(sqlite3 *db, const char *sql);

#endif

/* fault_db.h: what the fault tests share: the campaign they hurt (fake_device.h's probe, auto,
 * as `isaprobe campaign` runs it) and comparing a database with the one an uninterrupted run
 * made: runs, campaigns, layouts, findings, and no lock left behind. */
#ifndef ISAPROBE_TEST_FAULT_DB_H
#define ISAPROBE_TEST_FAULT_DB_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fake_device.h"
#include "isaprobe/internal/campaign.h"
#include "store_fixture.h"

extern struct ip_probe probe;
/* The device the campaigns run on (a test may put a wrapper of it here). */
extern const struct ip_runner_backend *fault_backend;

/* campaign fake.probe --strategy auto --seed 3 --jobs 2 --batch 8 [--shard I/4] [--resume] */
int campaign(const char *db, int shard, int resume, struct ip_campaign_result *r,
             struct ip_diag *d);

/* What must be equal: runs (by variant and outcome contents), campaigns (by key, with cursor
 * and state), layouts, findings; and no lock left. Ids and timestamps may differ. */
int same_db(const char *a, const char *b, const char *what);

void copy_file(const char *from, const char *to);

#endif

/* fault_db.c: what fault_db.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "fault_db.h"

static const char *const compare_sql[] = {
	"SELECT c.strategy, c.shard_index, r.context, hex(r.value), o.status, o.fault, hex(o.data),"
	" sum(r.count) FROM run r JOIN outcome o ON o.id = r.outcome_id JOIN campaign c"
	" ON c.id = r.campaign_id GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7",
	"SELECT p.name, c.strategy, c.seed, c.shard_index, c.shard_count, c.cursor, c.state"
	" FROM campaign c JOIN probe p ON p.id = c.probe_id ORDER BY 1, 2, 3, 4, 5",
	"SELECT count(*), (SELECT count(*) FROM target), (SELECT count(*) FROM buffer) FROM context",
	"SELECT context, format, lo, hi, kind, details, confidence, support, against, variants"
	" FROM finding ORDER BY 1, 2, 3, 4, 5",
	"SELECT count(*) FROM campaign_lock",
};

struct ip_probe probe;

const struct ip_runner_backend *fault_backend = &fake_backend;

int campaign(const char *db, int shard, int resume, struct ip_campaign_result *r,
             struct ip_diag *d)
{
	struct ip_store *s;
	struct ip_campaign_opts o;
	int rc;
	memset(&o, 0, sizeof o);
	o.backend = fault_backend;
	o.strategy = IP_STRATEGY_AUTO;
	o.seed = 3;
	o.jobs = 2;
	o.batch = 8;
	o.shard_index = shard < 0 ? 0 : (uint32_t)shard;
	o.shard_count = shard < 0 ? 1 : 4;
	o.resume = resume;
	ip_diag_init(d, db);
	if (ip_store_open(db, IP_STORE_READ_WRITE_CREATE, &s, d))
		return -1;
	rc = ip_campaign_run(s, &probe, &o, r, d);
	ip_store_close(s);
	return rc;
}

int same_db(const char *a, const char *b, const char *what)
{
	int same = 1;
	for (size_t i = 0; i < sizeof compare_sql / sizeof compare_sql[0]; i++) {
		char *x = fixture_file_rows(a, compare_sql[i]), *y = fixture_file_rows(b, compare_sql[i]);
		if (strcmp(x, y) != 0) {
			CHECK(0, "%s: differs from the uninterrupted run in: %s\n--- got:\n%.400s\n"
			         "--- want:\n%.400s", what, compare_sql[i], x, y);
			same = 0;
		}
		free(x);
		free(y);
	}
	return same;
}

void copy_file(const char *from, const char *to)
{
	size_t len;
	char *bytes = fixture_slurp(from, &len);
	FILE *f = fopen(to, "wb");
	if (!f || fwrite(bytes, 1, len, f) != len || fclose(f))
		abort();
	free(bytes);
}

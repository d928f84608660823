/* test_infer_stops.c: a field some of whose single-bit flips stop (fault, unmodeled) while values
 * with several of its bits flipped run: random toy devices with a 6-bit opcode, a third of whose
 * values (two single flips of the seed's among them) fault or are unmodeled, beside a 2-bit
 * select of a planted word, every value run. The opcode is one field, 0-5, and the select another, 6-7. */
#include <math.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/store.h"
#include "toy_store.h"

#define NOPS 10

/* Operation op of the toy on a, b. */
static float toy_op(unsigned op, float a, float b)
{
	switch (op) {
	case 0: return a + b;
	case 1: return a * b;
	case 2: return a - b;
	case 3: return b - a;
	case 4: return fminf(a, b);
	case 5: return fmaxf(a, b);
	case 6: return a;
	case 7: return b;
	case 8: return -(a + b);
	default: return a * b + a;
	}
}

/* A device: value bits 0-5 the opcode, out[k] = op(a[0][k], b[k]) for k = 0, 1; bits 6-7 a
 * select, out[2] = a[sel][0]. table[op]: the operation, or -1 a fault, -2 unmodeled. */
struct toy {
	int table[64];
};

static const float toy_a[4][2] = {{3.0f, -0.5f}, {7.25f, 1.5f}, {-2.0f, 0.75f}, {5.5f, -9.0f}};
static const float toy_b[2] = {11.5f, -2.0f};

static void make_toy(struct toy *t, uint64_t *rng)
{
	unsigned a = (unsigned)(test_rand(rng) % 6), b;
	do
		b = (unsigned)(test_rand(rng) % 6);
	while (b == a);
	for (unsigned v = 0; v < 64; v++)
		t->table[v] = test_rand(rng) % 2 == 0 ? -1 - (int)(test_rand(rng) % 2)
		                                      : (int)(test_rand(rng) % NOPS);
	/* the seed's opcode runs; the other single flips of it run other operations, each its own
	 * (every bit acts at the seed, as an opcode's do), but two: one faults, one the runner
	 * cannot say */
	unsigned perm[NOPS];
	for (unsigned i = 0; i < NOPS; i++)
		perm[i] = i;
	for (unsigned i = NOPS - 1; i > 0; i--) {
		unsigned j = (unsigned)(test_rand(rng) % (i + 1)), x = perm[i];
		perm[i] = perm[j], perm[j] = x;
	}
	t->table[0] = (int)perm[0];
	for (unsigned k = 0; k < 6; k++)
		t->table[1u << k] = (int)perm[k + 1];
	t->table[1u << a] = -1;
	t->table[1u << b] = -2;
}

/* One device: every value run, inferred; returns the fields found ("0-5 enum, 6-7 ..."). */
static char *run_toy(const char *path, const struct toy *t)
{
	struct ip_store *s;
	struct ip_diag d;
	int64_t id;
	uint8_t in[40], seed = 0;
	static uint8_t vals[256];
	static uint32_t outs[256][3];
	static struct ip_run runs[256];
	ip_diag_init(&d, path);
	memcpy(in, toy_a, 32);
	memcpy(in + 32, toy_b, 8);
	struct ip_layout_context ctx = {"plain", &seed, 1};
	struct ip_layout_buffer bufs[2] = {{0, "attributes", 0, in, sizeof in, 0, NULL},
	                                   {1, "varyings_out", 0, NULL, 12, 0, NULL}};
	struct ip_campaign_layout lay = {&ctx, 1, NULL, 0, bufs, 2};
	if (!(s = toy_store(path, "sim", "stops", &lay, &id)))
		exit(1);
	for (unsigned v = 0; v < 256; v++) {
		int op = t->table[v & 63], st = op >= 0 ? IP_STATUS_OK
		                                : op == -1 ? IP_STATUS_FAULT : IP_STATUS_UNMODELED;
		for (unsigned k = 0; k < 2 && op >= 0; k++) {
			float r = toy_op((unsigned)op, toy_a[0][k], toy_b[k]);
			memcpy(&outs[v][k], &r, 4);
		}
		memcpy(&outs[v][2], &toy_a[v >> 6][0], 4);
		vals[v] = (uint8_t)v;
		runs[v] = (struct ip_run){0, &vals[v], 1,
		                          {st, st == IP_STATUS_FAULT ? 0x51 : 0,
		                           st == IP_STATUS_OK ? (const uint8_t *)outs[v] : NULL,
		                           st == IP_STATUS_OK ? 12 : 0}};
	}
	CHECK(ip_store_record(s, id, runs, 256, 256, &d) == 0, "runs");
	int rc = ip_infer(s, NULL, NULL, &d);
	if (rc)
		ip_diag_print(&d, stderr);
	CHECK(rc == 0, "infer");
	char *got = toy_one(ip_store_sqlite(s), "SELECT group_concat(lo || '-' || hi || ' ' || kind,"
	                                    " ', ') FROM (SELECT * FROM finding ORDER BY lo)");
	ip_store_close(s);
	unlink(path);
	return got;
}

int main(void)
{
	char path[256];
	uint64_t rng = test_seed(0x5709);
	unsigned long trials = test_scaled(40);
	snprintf(path, sizeof path, "/tmp/isaprobe_test_infer_stops_%d.db", (int)getpid());
	for (unsigned long i = 0; i < trials || i < 2; i++) {
		struct toy t;
		make_toy(&t, &rng);
		char *got = run_toy(path, &t);
		/* the opcode whole, the select cut off from it */
		CHECK(!strncmp(got, "0-5 enum, 6-7 ", 14), "device %lu: fields %s (opcodes: %d %d %d %d "
		      "%d %d %d %d ...)", i, got, t.table[0], t.table[1], t.table[2], t.table[3],
		      t.table[4], t.table[5], t.table[6], t.table[7]);
		free(got);
	}
	return check_report("test_infer_stops");
}

/* target_db_merge.c: the fuzz target of a damaged findings database read without being
 * written: opened read-only and reported (with --since or --diff), then given to `db merge`,
 * which must refuse it or merge it so that merging it again counts nothing twice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_input.h"
#include "isaprobe/report.h"
#include "isaprobe/store.h"
#include "targets.h"

/* Input: one mode byte, then the rest.
 *   bit 0 set: the rest is cell edits of the sound database (db_input.h);
 *          clear, bit 1 clear: the rest is the database file's bytes;
 *          clear, bit 1 set: two bytes (little-endian) times 16 give an offset into the sound
 *          database (modulo its length), and the rest is written over it from there;
 *   bits 2-3: the report's format (Markdown, JSON, HTML, Markdown);
 *   bit 4: the report only of findings first seen in campaign 2 or later (--since 2);
 *   bit 5: the report of what differs from the sound database (--diff). */
void fuzz_run_db_merge(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	static const enum ip_report_format formats[] = {IP_REPORT_MD, IP_REPORT_JSON, IP_REPORT_HTML,
	                                                IP_REPORT_MD};
	static FILE *null;
	const char *work = fuzz_db_path(FUZZ_DB_WORK), *out = fuzz_db_path(FUZZ_DB_OUT);
	const char *const inputs[1] = {work};
	unsigned mode = len ? data[0] : 1;
	size_t sound_len;
	const uint8_t *sound = fuzz_db_template(&sound_len);
	struct ip_store *s = NULL, *old = NULL;
	struct ip_merge_stats first, again;
	struct ip_diag d;
	int rc;
	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	if (len)
		data++, len--;
	if (mode & 1) {
		rc = fuzz_db_write(sound, sound_len);
		fuzz_db_edit(data, len);
	} else if (mode & 2) {
		size_t at = len >= 2 ? ((size_t)data[0] | (size_t)data[1] << 8) * 16 % sound_len : 0;
		rc = fuzz_db_write_over(at, data + (len >= 2 ? 2 : len), len >= 2 ? len - 2 : 0);
	} else {
		rc = fuzz_db_write(data, len);
	}
	if (rc != 0)
		abort();
	/* what `isaprobe report` does with it (a reader: it opens read-only) */
	ip_diag_init(&d, work);
	if (ip_store_open(work, IP_STORE_READ_ONLY, &s, &d) == 0) {
		struct ip_report_options o = {formats[mode >> 2 & 3], "fuzz", mode & 16 ? 2 : 0, NULL,
		                              NULL, NULL, NULL};
		ip_diag_init(&d, fuzz_db_path(FUZZ_DB_SOUND));
		if (mode & 32 &&
		    ip_store_open(fuzz_db_path(FUZZ_DB_SOUND), IP_STORE_READ_ONLY, &old, &d) == 0) {
			o.old = old;
			o.old_title = "sound";
		}
		ip_diag_init(&d, work);
		(void)ip_report(s, &o, null, &d);
		ip_store_close(old);
		ip_store_close(s);
	}
	/* what `isaprobe db merge OUT IN` does with it, twice */
	fuzz_db_remove(FUZZ_DB_OUT);
	ip_diag_init(&d, NULL);
	if (ip_store_merge(out, inputs, 1, &first, &d) != 0)
		return;
	ip_diag_init(&d, NULL);
	if (ip_store_merge(out, inputs, 1, &again, &d) != 0)
		fuzz_fail(t, "a database that merged once is refused the second time: %s", d.msg);
	if (again.campaigns_added || again.campaigns_updated || again.runs || again.findings)
		fuzz_fail(t, "merging the same database again added %u campaigns, updated %u, copied "
		             "%llu runs and %u findings",
		          again.campaigns_added, again.campaigns_updated,
		          (unsigned long long)again.runs, again.findings);
	if (again.campaigns_same != first.campaigns_added + first.campaigns_updated +
	                                first.campaigns_same)
		fuzz_fail(t, "merged %u campaigns, then found %u of them again",
		          first.campaigns_added + first.campaigns_updated + first.campaigns_same,
		          again.campaigns_same);
}

/* One edit, named: the table, its row (in key order), the column and the value. */
struct named_edit {
	const char *table;
	unsigned row;
	const char *column;
	unsigned type, vlen;
	uint8_t vbyte;
	const char *value; /* text and blobs: vlen bytes (NULL: zeros) */
};

/* A seed of edits (mode 1 | extra): each edit's 8 bytes and its value. */
static int seed_edits(struct fuzz_seed_ctx *c, const char *name, unsigned extra,
                      const struct named_edit *e, size_t n)
{
	uint8_t buf[1 + 4 * (8 + 255)];
	size_t len = 0;
	buf[len++] = (uint8_t)(1 | extra);
	for (size_t i = 0; i < n; i++) {
		if (fuzz_db_edit_encode(buf + len, 0, e[i].table, e[i].row, e[i].column, e[i].type,
		                        e[i].vlen, e[i].vbyte) != 0)
			return -1;
		len += 8;
		if (e[i].type == FUZZ_DB_TEXT || e[i].type == FUZZ_DB_BLOB) {
			if (e[i].value)
				memcpy(buf + len, e[i].value, e[i].vlen);
			else
				memset(buf + len, 0, e[i].vlen);
			len += e[i].vlen;
		}
	}
	return fuzz_seed_write(c, name, buf, len);
}

int fuzz_seed_db_merge(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	/* cells the readers check, each set to what no campaign writes (edge ints: 5 is 65536,
	 * 6 is 2^31 - 1, 8 is 2^63 - 1) */
	static const struct {
		const char *name;
		struct named_edit e[2];
		size_t n;
	} edits[] = {
		{"buffer-len", {{"buffer", 0, "len", FUZZ_DB_EDGE_INT, 0, 8, NULL}}, 1},
		{"campaign-cursor", {{"campaign", 0, "cursor", FUZZ_DB_SMALL_INT, 0, (uint8_t)-5, NULL}},
		 1},
		{"context-seed", {{"context", 0, "seed_value", FUZZ_DB_BLOB, 255, 0, NULL}}, 1},
		{"finding-details", {{"finding", 0, "details", FUZZ_DB_TEXT, 4, 0, "[1\0"}}, 1},
		{"finding-hi", {{"finding", 0, "hi", FUZZ_DB_EDGE_INT, 0, 8, NULL}}, 1},
		{"outcome-status", {{"outcome", 0, "status", FUZZ_DB_SMALL_INT, 0, 9, NULL}}, 1},
		{"run-context", {{"run_block", 0, "context", FUZZ_DB_SMALL_INT, 0, 77, NULL}}, 1},
		{"run-outcome", {{"run_block", 0, "outs", FUZZ_DB_TEXT, 4, 0, "[99]"}}, 1},
		{"run-value", {{"run_block", 1, "vals", FUZZ_DB_BLOB, 255, 0, NULL}}, 1},
		{"run-count", {{"run_block", 0, "runs", FUZZ_DB_EDGE_INT, 0, 5, NULL}}, 1},
		{"target-lo", {{"target", 0, "lo", FUZZ_DB_EDGE_INT, 0, 6, NULL}}, 1},
		{"two-edits",
		 {{"run_block", 0, "n", FUZZ_DB_SMALL_INT, 0, 1, NULL},
		  {"context", 1, "idx", FUZZ_DB_SMALL_INT, 0, 7, NULL}},
		 2},
	};
	/* the file's bytes over the sound database's: its header (4 KiB pages, WAL), then 64
	 * bytes from offset 16 */
	static const uint8_t header[] = {2, 0, 0, 'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r',
	                                 'm', 'a', 't', ' ', '3', 0, 0x10, 0, 2, 2};
	/* the sound database in Markdown; in HTML with --since and --diff (the slowest inputs:
	 * few, since afl-fuzz runs each seed several times before it starts) */
	static const uint8_t sound[2] = {1, 1 | 2 << 2 | 16 | 32};
	uint8_t page[3 + 64];
	(void)t;
	for (int i = 0; i < 2; i++)
		if (fuzz_seed_write(c, "sound", &sound[i], 1) != 0)
			return -1;
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++)
		if (seed_edits(c, edits[i].name, (unsigned)(i % 4) << 2, edits[i].e, edits[i].n) != 0)
			return -1;
	if (fuzz_seed_write(c, "raw-header", header, sizeof header) != 0)
		return -1;
	page[0] = 2;
	page[1] = 1;
	page[2] = 0;
	for (int i = 0; i < 64; i++)
		page[3 + i] = (uint8_t)i;
	return fuzz_seed_write(c, "raw-page", page, sizeof page);
}

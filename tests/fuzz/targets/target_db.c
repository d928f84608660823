/* target_db.c: the fuzz target of a damaged findings database: the file as bytes, or a sound
 * database edited cell by cell (db_input.c), then opened, inferred, reported and queried like
 * the CLI does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "db_input.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"
#include "targets.h"

void fuzz_run_db(const struct fuzz_target *t, const uint8_t *data, size_t len)
{
	static FILE *null;
	struct ip_store *s = NULL;
	struct ip_diag d;
	const char *db_path = fuzz_db_path(FUZZ_DB_WORK);
	size_t sound_len;
	const uint8_t *sound = fuzz_db_template(&sound_len);
	(void)t;
	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	if (len && data[0] % 2 == 0) {
		if (fuzz_db_write(data + 1, len - 1) != 0)
			abort();
	} else {
		if (fuzz_db_write(sound, sound_len) != 0)
			abort();
		if (len)
			fuzz_db_edit(data + 1, len - 1);
	}
	/* what `isaprobe infer`, `report` and `query` do with it: the mode byte's bits 1-2 pick
	 * the report's format, bits 3-5 the question, bits 6-7 query's --format (one of each per
	 * input keeps inputs fast) */
	ip_diag_init(&d, db_path);
	if (ip_store_open(db_path, IP_STORE_READ_WRITE, &s, &d) == 0) {
		static const enum ip_report_format formats[] = {IP_REPORT_MD, IP_REPORT_JSON,
		                                                IP_REPORT_HTML, IP_REPORT_MD};
		struct ip_report_options o = {0};
		if (ip_infer(s, NULL, NULL, &d) == 0)
			(void)ip_report_sentences(s, &d);
		o.format = formats[len ? data[0] >> 1 & 3 : 0];
		o.title = "fuzz";
		ip_diag_init(&d, db_path);
		(void)ip_report(s, &o, null, &d);
		ip_store_close(s);
	}
	{
		static const char *const questions[][3] = {
			{"campaigns", NULL, NULL},       {"new-findings", NULL, NULL},
			{"unknown-fields", "midgard", NULL}, {"field", "unk25", NULL},
			{"examples", "flags", "3"},
		};
		static const char *const query_formats[] = {"table", "md", "csv", "json"};
		unsigned q = len ? (unsigned)(data[0] >> 3 & 7) : 0;
		if (q < sizeof questions / sizeof questions[0]) {
			char *argv[10];
			int argc = 0;
			argv[argc++] = (char *)"query";
			argv[argc++] = (char *)"--db";
			argv[argc++] = (char *)db_path;
			argv[argc++] = (char *)"--format";
			argv[argc++] = (char *)query_formats[len ? data[0] >> 6 & 3 : 0];
			for (int k = 0; k < 3 && questions[q][k]; k++)
				argv[argc++] = (char *)questions[q][k];
			argv[argc] = NULL;
			(void)cmd_query(argc, argv);
		}
	}
	fflush(stdout);
}

int fuzz_seed_db(const struct fuzz_target *t, struct fuzz_seed_ctx *c)
{
	static const struct {
		size_t n;
		uint8_t b[17];
	} edits[] = {
		/* edits (mode bit 0), Markdown, campaigns: one UPDATE of an outcome's data to a
		 * short blob */
		{12, {1, 0, 5, 0, 0, 4, 5, 4, 2, 1, 2, 3}},
		/* JSON, new-findings: a run's value to NULL; a campaign's cursor to INT64_MAX */
		{17, {1 | 1 << 1 | 1 << 3, 0, 9, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 3, 1, 0, 8}},
		/* HTML, unknown-fields: a deleted context */
		{9, {1 | 2 << 1 | 2 << 3, 1, 1, 0, 0, 0, 0, 0, 0}},
		/* the sound database: field unk25, examples flags */
		{1, {1 | 3 << 3}},
		{1, {1 | 4 << 3}},
	};
	size_t sound_len;
	const uint8_t *sound = fuzz_db_template(&sound_len);
	uint8_t *raw;
	int rc;
	(void)t;
	for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++)
		if (fuzz_seed_write(c, "edits", edits[i].b, edits[i].n) != 0)
			return -1;
	raw = malloc(sound_len + 1);
	if (!raw)
		return -1;
	raw[0] = 0; /* mode bit 0 clear: the file's bytes */
	memcpy(raw + 1, sound, sound_len);
	rc = fuzz_seed_write(c, "file", raw, sound_len + 1);
	free(raw);
	return rc;
}

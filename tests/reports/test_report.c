/* test_report.c: reports of inference on the synthetic device (tests/support/infer_device.h): the
 * Markdown field map lines, JSON, HTML boxes, --since, and the diff against an older database.
 * With --write-db PATH it only writes the inferred synthetic database (for the CLI tests). */
#include <sqlite3.h>

#include "check.h"
#include "infer_device.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"
#include "store_fixture.h"

static int infer(struct ip_store *s)
{
	struct ip_diag d;
	ip_diag_init(&d, "test");
	if (ip_infer(s, NULL, NULL, &d)) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	return 0;
}

static char *render(struct ip_store *s, enum ip_report_format fmt, int64_t since,
                    struct ip_store *old)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct ip_report_options o = {fmt,  "synthetic.db", since, old, old ? "old.db" : NULL,
	                               NULL, NULL};
	struct ip_diag d;
	ip_diag_init(&d, "synthetic.db");
	if (ip_report(s, &o, f, &d))
		ip_diag_print(&d, stderr);
	fclose(f);
	return buf;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* The walk and pairs campaign of the synthetic device, inferred. */
static struct ip_store *synthetic(const char *path, int pairs)
{
	static uint32_t v[1 + DEV_WIDTH + DEV_WIDTH * DEV_WIDTH];
	struct ip_store *s = fixture_fresh_store(path);
	size_t n = dev_walk_pairs(v);
	if (!pairs)
		n = 1 + DEV_WIDTH;
	if (dev_campaign(s, "synth", pairs ? "pairs" : "walk", v, n, 1) < 0 || infer(s))
		exit(1);
	return s;
}

static void test_markdown(const char *path)
{
	struct ip_store *s = synthetic(path, 1);
	char *md = render(s, IP_REPORT_MD, 0, NULL);
	/* the field map lines of context 0, as the device lays it out (format bits = value + 32) */
	static const char *const lines[] = {
		"    [0.0] 32-34: register select: varyings_out[0] reads registers record v (1 word a "
		"step) (confidence ",
		"    [0.0] 35-38: offset: varyings_out[1] reads uniforms at v (1 word a step, v signed, "
		"from word 8) (confidence ",
		"    [0.0] 39: reserved (must be the seed's value): must be 0: other values fault",
		"    [0.0] 40-41: ignored: no effect seen",
		"    [0.0] 42-43: enum / opcode: 0: add, 1: mul, 2: min, 3: max",
		"    [0.0] 44: modifier: 0: none, 1: neg",
		"    [0.0] 45-47: write mask: 0: varyings_out[0], 1: varyings_out[1], 2: varyings_out[4]",
		"    [0.0] 48-51: shift: shifts varyings_out[5] left by v",
		"    [0.0] 39-43: ignored: no effect seen",
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		CHECK(strstr(md, lines[i]), "markdown lacks '%s':\n%s", lines[i], md);
	CHECK(strstr(md, "## synth: probe `synth`"), "probe heading");
	/* no overlay for the synthetic ISA: every finding is new to public knowledge */
	CHECK(strstr(md, "Against public knowledge (docs/public-overlay.md): 0 differ, 14 new, 0 "
	                 "refine, 0 agree, 0 open, 0 known to the notes."), "verdict counts:\n%s", md);
	CHECK(count(md, " [public: new: no public overlay for this ISA]\n") == 14, "verdicts:\n%s",
	      md);
	CHECK(strstr(md, "| synth | synth | ops | 8 | 0 | 8 | 0 | 0 | 0 | 0 | 211 | 2^20 |"),
	      "summary row:\n%s", md);
	CHECK(strstr(md, "### Context 0 `ops`") && strstr(md, "### Context 1 `plain`"),
	      "context headings");
	/* 1 + 20 + 190 variants, each run once, against 2^20 */
	CHECK(strstr(md, "Runs: 211 on 211 variants; an exhaustive sweep of the 20 target bits is "
	                 "2^20 = 1048576 runs"), "runs line:\n%s", md);
	CHECK(count(md, "\n    ") == 14, "%zu finding lines", count(md, "\n    "));

	char *js = render(s, IP_REPORT_JSON, 0, NULL);
	sqlite3 *mem;
	sqlite3_stmt *st;
	sqlite3_open(":memory:", &mem);
	sqlite3_prepare_v2(mem, "SELECT json_valid(?1), json_array_length(?1, '$.probes[0].contexts'),"
	                        " json_extract(?1, '$.probes[0].contexts[0].findings[4].kind'),"
	                        " json_extract(?1, '$.probes[0].contexts[0].findings[4].details.values.\"1\"'),"
	                        " json_extract(?1, '$.probes[0].contexts[0].bits[7].effect'),"
	                        " json_extract(?1, '$.findings')", -1, &st, NULL);
	sqlite3_bind_text(st, 1, js, -1, SQLITE_STATIC);
	CHECK(sqlite3_step(st) == SQLITE_ROW, "json query");
	CHECK(sqlite3_column_int(st, 0) == 1, "json not valid:\n%s", js);
	CHECK(sqlite3_column_int(st, 1) == 2, "json contexts %d", sqlite3_column_int(st, 1));
	CHECK(!strcmp((const char *)sqlite3_column_text(st, 2), "enum"), "json 5th finding kind");
	CHECK(!strcmp((const char *)sqlite3_column_text(st, 3), "mul"), "json enum value 1");
	CHECK(!strcmp((const char *)sqlite3_column_text(st, 4), "fault"), "json bit 7 effect");
	CHECK(sqlite3_column_int(st, 5) == 14, "json findings %d", sqlite3_column_int(st, 5));
	sqlite3_finalize(st);
	sqlite3_close(mem);

	char *html = render(s, IP_REPORT_HTML, 0, NULL);
	CHECK(count(html, "<rect class=\"field\"") == 14, "html field boxes %zu",
	      count(html, "<rect class=\"field\""));
	CHECK(count(html, "<rect class=\"bit\"") == 2 * DEV_WIDTH, "html heat map cells %zu",
	      count(html, "<rect class=\"bit\""));
	CHECK(strstr(html, "data-bit=\"39\" data-effect=\"fault\""), "heat map fault bit");

	/* --since after the only campaign: nothing */
	char *since = render(s, IP_REPORT_MD, 2, NULL);
	CHECK(strstr(since, "0 findings.") && !strstr(since, "\n    "), "since:\n%s", since);

	/* a second campaign of the same probe (a few random variants): the findings stay, first
	 * seen in campaign 1, last seen in 2, and --since 2 still shows none of them */
	uint32_t more[3] = {DEV_SEED ^ 0x30005u, DEV_SEED ^ 0x1u, DEV_SEED ^ 0xc0300u};
	CHECK(dev_campaign(s, "synth", "random", more, 3, 1) == 2, "second campaign");
	CHECK(infer(s) == 0, "infer after the second campaign");
	sqlite3_stmt *fs;
	sqlite3_prepare_v2(ip_store_sqlite(s), "SELECT count(*), min(first_seen), max(first_seen),"
	                   " min(last_seen), max(last_seen) FROM finding", -1, &fs, NULL);
	CHECK(sqlite3_step(fs) == SQLITE_ROW && sqlite3_column_int(fs, 0) == 14 &&
	      sqlite3_column_int(fs, 1) == 1 && sqlite3_column_int(fs, 2) == 1 &&
	      sqlite3_column_int(fs, 3) == 2 && sqlite3_column_int(fs, 4) == 2,
	      "first/last seen: %d findings, first %d-%d, last %d-%d", sqlite3_column_int(fs, 0),
	      sqlite3_column_int(fs, 1), sqlite3_column_int(fs, 2), sqlite3_column_int(fs, 3),
	      sqlite3_column_int(fs, 4));
	sqlite3_finalize(fs);
	char *since2 = render(s, IP_REPORT_MD, 2, NULL), *since1 = render(s, IP_REPORT_MD, 1, NULL);
	CHECK(strstr(since2, "0 findings."), "since 2:\n%s", since2);
	CHECK(strstr(since1, "14 findings."), "since 1:\n%s", since1);
	free(md), free(js), free(html), free(since), free(since2), free(since1);
	ip_store_close(s);
	dev_remove(path);
}

/* Last night only walked (so the enum and others were weaker or different); tonight added the
 * pairs: the diff names what is new or changed and what is gone. */
static void test_diff(const char *path)
{
	char oldpath[300];
	snprintf(oldpath, sizeof oldpath, "%s.old", path);
	struct ip_store *old = synthetic(oldpath, 0);
	struct ip_store *s = synthetic(path, 1);
	char *md = render(s, IP_REPORT_MD, 0, old);
	char *same = render(s, IP_REPORT_MD, 0, s);
	CHECK(strstr(md, "Changes against old.db"), "diff header");
	CHECK(strstr(md, "    NEW [0.0] 42-43: enum / opcode: 0: add, 1: mul, 2: min, 3: max"),
	      "diff lacks the new enum:\n%s", md);
	/* the nightly mail leads with what is new to public knowledge, probe and context named */
	const char *lead = strstr(md, "\n## New to public knowledge\n\n");
	const char *line = strstr(md, "\n    synth synth `ops` NEW [0.0] 42-43: enum / opcode: 0: "
	                              "add, 1: mul, 2: min, 3: max");
	CHECK(lead && line && lead < line && line < strstr(md, "\n## synth: probe"),
	      "diff does not lead with new:\n%s", md);
	CHECK(count(md, "\n    GONE ") >= 1, "diff has nothing gone:\n%s", md);
	CHECK(strstr(same, "0 new, 0 changed, 0 gone (0 findings)") && !strstr(same, "\n    "),
	      "self diff:\n%s", same);
	char *js = render(s, IP_REPORT_JSON, 0, old);
	CHECK(strstr(js, "\"change\":\"new\""), "json diff");
	free(md), free(same), free(js);
	ip_store_close(s);
	ip_store_close(old);
	dev_remove(oldpath);

	/* Last night the opcode's value 2 was not named and value 3 had not run: the changed line
	 * says which values were renamed and gained, not just the new text. */
	old = synthetic(oldpath, 1);
	s = synthetic(path, 1);
	CHECK(sqlite3_exec(ip_store_sqlite(old),
	                   "UPDATE finding SET details = json_remove(json_set(details,"
	                   " '$.values.\"2\"', 'unidentified'), '$.values.\"3\"')"
	                   " WHERE kind = 'enum' AND lo = 42", NULL, NULL, NULL) == SQLITE_OK,
	      "editing last night's enum");
	if (s) {
		md = render(s, IP_REPORT_MD, 0, old);
		CHECK(strstr(md, "values 2 unidentified -> min, 3 gained: max"),
		      "the changed line lacks the values gained and renamed:\n%s", md);
		free(md);
		ip_store_close(s);
	}
	ip_store_close(old);
	dev_remove(path);
	dev_remove(oldpath);
}

int main(int argc, char **argv)
{
	char path[256];
	if (argc == 3 && !strcmp(argv[1], "--write-db")) {
		ip_store_close(synthetic(argv[2], 1));
		return 0;
	}
	snprintf(path, sizeof path, "/tmp/isaprobe_test_report_%d.db", (int)getpid());
	test_markdown(path);
	test_diff(path);
	return check_report("test_report");
}

/* test_report_scale.c: reports of a generated store of 1,000 findings (10 probes of two ISAs,
 * 10 contexts each, 10 findings a context, as a load/store campaign gives them: selects with
 * register names and undetermined values, long undetermined regions, enums): every finding is
 * in the Markdown, HTML and JSON once, the HTML stays small (no repeated per-format drawing) and
 * grows linearly with the findings (4 times the findings: about 4 times the bytes), and an ISA
 * or probe narrows it. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/report.h"
#include "store_fixture.h"

/* nprobes probes (even: midgard load/store, odd: bifrost header), 10 contexts each, 10
 * findings a context. */
static void fill(sqlite3 *db, unsigned nprobes)
{
	char *sql = sqlite3_mprintf(
		"INSERT INTO device (id, runner, model) VALUES (1, 'sim', 't760');"
		"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < %u)"
		" INSERT INTO probe (id, name, isa, source_text, source_hash) SELECT i + 1,"
		" printf('p%%03d', i), CASE i %% 2 WHEN 0 THEN 'midgard' ELSE 'bifrost' END, 'text',"
		" zeroblob(16) FROM n;"
		"INSERT INTO campaign (id, probe_id, device_id, probe_hash, probe_text, strategy, origin)"
		" SELECT id, id, 1, zeroblob(16), 'text', 'auto', zeroblob(16) FROM probe;"
		"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 10)"
		" INSERT INTO context SELECT c.id, n.i, printf('ctx_%%d', n.i), zeroblob(4) FROM campaign c, n;"
		"INSERT INTO target SELECT c.id, 0, CASE p.isa WHEN 'midgard' THEN 26 ELSE 15 END,"
		" CASE p.isa WHEN 'midgard' THEN 'midgard.load_store' ELSE 'bifrost.header' END, '',"
		" 0, 1, CASE p.isa WHEN 'midgard' THEN 25 ELSE 0 END FROM campaign c JOIN probe p ON"
		" p.id = c.probe_id;"
		"CREATE TEMP TABLE pattern (k, isa, lo, hi, kind, details);"
		"INSERT INTO temp.pattern VALUES"
		" (0, 'midgard', 25, 26, 'component', '{\"index\":\"indirect\",\"of\":\"attributes\","
		"\"per_unit\":\"1028\",\"names\":{\"0\":\"r27.x\",\"1\":\"r27.y\",\"2\":\"r27.z\","
		"\"3\":\"r27.w\"},\"examples\":[{\"value\":1,\"status\":\"ok\",\"changed\":"
		"{\"registers[0]\":\"0x450d3d0d\"}}]}'),"
		" (1, 'midgard', 27, 29, 'register', '{\"index\":\"indirect\",\"of\":\"attributes\","
		"\"per_unit\":\"1028\",\"names\":{\"0\":\"r26\",\"1\":\"r27\",\"7\":\"zero\"},"
		"\"unmodeled\":[2,3,4,5],\"runner\":\"sim\"}'),"
		" (2, 'midgard', 30, 30, 'enum', '{\"values\":{\"0\":\"mov attributes[4]\","
		"\"1\":\"mov attributes[1032]\"}}'),"
		" (3, 'midgard', 31, 31, 'unmodeled', '{\"unmodeled\":[1],\"runner\":\"sim\","
		"\"seed_value\":0,\"values_seen\":2}'),"
		" (4, 'midgard', 32, 32, 'enum', '{\"values\":{\"0\":\"mov attributes[4]\","
		"\"1\":\"mov varyings_in[4]\"}}'),"
		" (5, 'midgard', 33, 34, 'component', '{\"index\":\"indirect\",\"of\":\"attributes\","
		"\"per_unit\":\"4\",\"names\":{\"0\":\"r27.x\",\"1\":\"r27.y\",\"2\":\"r27.z\","
		"\"3\":\"r27.w\"}}'),"
		" (6, 'midgard', 35, 37, 'register', '{\"index\":\"indirect\",\"of\":\"attributes\","
		"\"per_unit\":\"4\",\"names\":{\"0\":\"r26\",\"1\":\"r27\",\"7\":\"zero\"},"
		"\"unmodeled\":[2,3,4,5],\"runner\":\"sim\"}'),"
		" (7, 'midgard', 38, 41, 'shift', '{\"input\":\"attributes\",\"index\":\"0 + 4<<v\","
		"\"output\":\"registers[0]\",\"unmodeled\":[9,10,11,12,13,14,15],\"runner\":\"sim\"}'),"
		" (8, 'midgard', 42, 50, 'unmodeled', '{\"unmodeled\":[1,2,3,4,5,6,8,9,10,12,16,17,18,"
		"20,24,32,33,34,36,40,48,64,65,66,68,72,80,96,128,129,130,132,136,144,160,192,256],"
		"\"runner\":\"sim\",\"seed_value\":0,\"values_seen\":46}'),"
		" (9, 'midgard', 45, 48, 'ignored', '{}'),"
		" (0, 'bifrost', 0, 4, 'reserved', '{\"must_be\":\"0\"}'),"
		" (1, 'bifrost', 5, 6, 'modifier', '{\"values\":{\"0\":\"none\",\"1\":\"ftz_f32\","
		"\"2\":\"ftz\",\"3\":\"unmodeled\"},\"unmodeled\":[3],\"runner\":\"sim\"}'),"
		" (2, 'bifrost', 7, 7, 'modifier', '{\"values\":{\"0\":\"none\",\"1\":"
		"\"suppress_inf\"}}'),"
		" (3, 'bifrost', 8, 8, 'modifier', '{\"values\":{\"0\":\"none\",\"1\":"
		"\"suppress_nan\"}}'),"
		" (4, 'bifrost', 9, 10, 'unmodeled', '{\"unmodeled\":[1,2,3],\"runner\":\"sim\","
		"\"seed_value\":0,\"values_seen\":4}'),"
		" (5, 'bifrost', 11, 11, 'enum', '{\"values\":{\"0\":\"keeps\",\"1\":\"add\"}}'),"
		" (6, 'bifrost', 12, 12, 'ignored', '{}'),"
		" (7, 'bifrost', 13, 14, 'unmodeled', '{\"unmodeled\":[1,2,3],\"runner\":\"sim\","
		"\"seed_value\":0,\"values_seen\":4}'),"
		" (8, 'bifrost', 39, 39, 'ignored', '{}'),"
		" (9, 'bifrost', 44, 44, 'ignored', '{}');"
		"INSERT INTO finding (probe_id, context, bundle, slot, format, lo, hi, kind, cond,"
		" details, confidence, support, against, variants, first_seen, last_seen)"
		" SELECT p.id, x.idx, 0, 1, CASE p.isa WHEN 'midgard' THEN 'midgard.load_store' ELSE"
		" 'bifrost.header' END, t.lo, t.hi, t.kind, '', t.details, 1.0, 4, 0, 4, p.id, p.id"
		" FROM probe p JOIN context x ON x.campaign_id = p.id JOIN temp.pattern t ON"
		" t.isa = p.isa;",
		nprobes);
	CHECK(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK, "fill: %s", sqlite3_errmsg(db));
	sqlite3_free(sql);
}

static char *render(struct ip_store *s, enum ip_report_format fmt, const char *isa,
                    const char *probe, size_t *len)
{
	struct ip_report_options o = {fmt, "scale", 0, NULL, NULL, isa, probe};
	struct ip_diag d;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	ip_diag_init(&d, "report");
	CHECK(f && ip_report(s, &o, f, &d) == 0, "report: %s", d.msg);
	if (f)
		fclose(f);
	return buf ? buf : strdup("");
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

int main(void)
{
	char path[256];
	size_t len, md_len, small_len, json_len;
	snprintf(path, sizeof path, "/tmp/isaprobe_test_report_scale_%d.db", (int)getpid());
	struct ip_store *s = fixture_fresh_store(path);
	fill(ip_store_sqlite(s), 10);
	char *md = render(s, IP_REPORT_MD, NULL, NULL, &md_len);
	CHECK(strstr(md, "\n1000 findings.\n"), "markdown count");
	/* every finding once: a line in a context, or a region said once per probe naming its
	 * 10 contexts */
	CHECK(count(md, "\n    [0.1] ") == 1000 - 2 * 100 + 2 * 10,
	      "%zu finding lines", count(md, "\n    [0.1] "));
	CHECK(count(md, " (contexts: ctx_0, ctx_1, ctx_2, ctx_3, ctx_4, ctx_5, ctx_6, ctx_7, ctx_8, "
	                "ctx_9)\n") == 2 * 10,
	      "regions said once");
	/* the bifrost probes' bits 39 and 44 have no effect, in public enum fields of 5 bits
	 * (message types): two of their values act alike there, which refines; bit 12 is one the
	 * notes describe (not the end of the shader): known to the notes */
	CHECK(strstr(md, "Against public knowledge (docs/public-overlay.md): 0 differ, 0 new, 250 "
	                 "refine, ") && strstr(md, " open, 50 known to the notes."),
	      "verdicts:\n%.2000s", md);
	char *html = render(s, IP_REPORT_HTML, NULL, NULL, &len);
	CHECK(count(html, "<tr><td>[0.1] ") == 1000, "%zu table rows", count(html, "<tr><td>[0.1] "));
	CHECK(count(html, "<svg class=\"word\"") == 100, "%zu diagrams",
	      count(html, "<svg class=\"word\""));
	/* the notes' and public rows are drawn once per format and used by every diagram */
	CHECK(count(html, "<g id=\"word-") == 2 && count(html, "<use href=\"#word-") == 100,
	      "known rows defined %zu times, used %zu times", count(html, "<g id=\"word-"),
	      count(html, "<use href=\"#word-"));
	CHECK(len < 3u * 1024 * 1024, "1,000 findings make %zu bytes of HTML", len);
	/* a quarter of the findings: a quarter of the page, give or take the fixed part */
	struct ip_store *q;
	char qpath[300];
	snprintf(qpath, sizeof qpath, "%s.q", path);
	q = fixture_fresh_store(qpath);
	fill(ip_store_sqlite(q), 2);
	free(render(q, IP_REPORT_HTML, NULL, NULL, &small_len));
	ip_store_close(q);
	ip_store_remove(qpath);
	CHECK(len > 3 * small_len && len < 6 * small_len, "html of 1,000 findings %zu bytes, of 200 "
	      "%zu: not linear", len, small_len);
	printf("1,000 findings: %zu bytes of Markdown, %zu of HTML (200 findings: %zu)\n", md_len,
	       len, small_len);
	char *json = render(s, IP_REPORT_JSON, NULL, NULL, &json_len);
	CHECK(count(json, "\"public_verdict\":") == 1000, "json findings");
	/* narrowed: one ISA, one probe */
	char *mid = render(s, IP_REPORT_MD, "midgard", NULL, &len);
	CHECK(strstr(mid, "\n500 findings.\n") && !strstr(mid, "bifrost"), "--isa midgard");
	char *one = render(s, IP_REPORT_HTML, NULL, "p003", &len);
	CHECK(count(one, "<tr><td>[0.1] ") == 100 && strstr(one, "bifrost"), "--probe p003");
	free(md), free(html), free(json), free(mid), free(one);
	ip_store_close(s);
	ip_store_remove(path);
	return check_report("test_report_scale");
}

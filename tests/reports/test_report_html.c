/* test_report_html.c: the HTML report of the synthetic device renders in headless Chromium, and
 * the rendered DOM holds one SVG field box per inferred finding. Skips (exit 77) without
 * Chromium (Debian's `chromium`; $CHROMIUM names another binary). */
#include <sqlite3.h>
#include <sys/stat.h>

#include "check.h"
#include "infer_device.h"
#include "isaprobe/infer.h"
#include "isaprobe/report.h"

#define SKIP 77

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc((size_t)len + 1, 1);
	if (fread(buf, 1, (size_t)len, f) != (size_t)len)
		buf[0] = 0;
	fclose(f);
	return buf;
}

int main(void)
{
	const char *chromium = getenv("CHROMIUM") ? getenv("CHROMIUM") : "/usr/bin/chromium";
	static uint32_t v[1 + DEV_WIDTH + DEV_WIDTH * DEV_WIDTH];
	char dir[] = "/tmp/isaprobe_html_XXXXXX", path[300], html[300], dom[300], png[300];
	char cmd[2048];
	struct ip_store *s;
	struct ip_diag d;
	struct stat stt;
	if (access(chromium, X_OK)) {
		printf("test_report_html: %s not found: skipped (apt-get install chromium)\n", chromium);
		return SKIP;
	}
	if (!mkdtemp(dir))
		return 1;
	snprintf(path, sizeof path, "%s/synth.db", dir);
	snprintf(html, sizeof html, "%s/report.html", dir);
	snprintf(dom, sizeof dom, "%s/dom.html", dir);
	snprintf(png, sizeof png, "%s/shot.png", dir);
	ip_diag_init(&d, path);
	if (ip_store_open(path, IP_STORE_READ_WRITE_CREATE, &s, &d)) {
		ip_diag_print(&d, stderr);
		return 1;
	}
	size_t n = dev_walk_pairs(v);
	CHECK(dev_campaign(s, "synth", "pairs", v, n, 1) > 0, "campaign");
	CHECK(ip_infer(s, NULL, NULL, &d) == 0, "infer");
	int findings = -1;
	sqlite3_stmt *st;
	sqlite3_prepare_v2(ip_store_sqlite(s), "SELECT count(*) FROM finding", -1, &st, NULL);
	if (sqlite3_step(st) == SQLITE_ROW)
		findings = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	FILE *f = fopen(html, "w");
	struct ip_report_options o = {IP_REPORT_HTML, "synthetic", 0, NULL, NULL, NULL, NULL};
	CHECK(f && ip_report(s, &o, f, &d) == 0, "report");
	if (f)
		fclose(f);
	ip_store_close(s);

	const char *flags = "--headless --no-sandbox --disable-gpu --disable-background-networking "
	                    "--disable-component-update --disable-sync --no-first-run";
	snprintf(cmd, sizeof cmd, "timeout 180 %s %s --user-data-dir=%s/profile --dump-dom file://%s "
	                          ">%s 2>/dev/null", chromium, flags, dir, html, dom);
	CHECK(system(cmd) == 0, "chromium --dump-dom failed: %s", cmd);
	char *text = slurp(dom);
	CHECK(text && strstr(text, "</svg>"), "no rendered DOM");
	if (text) {
		/* one box per finding, inside the SVG diagrams the browser parsed */
		CHECK(findings == 14, "findings %d", findings);
		CHECK(count(text, "<rect class=\"field\"") == (size_t)findings,
		      "%zu field boxes in the rendered DOM, %d findings",
		      count(text, "<rect class=\"field\""), findings);
		CHECK(count(text, "<svg class=\"word\"") == 2, "%zu diagrams",
		      count(text, "<svg class=\"word\""));
	}
	free(text);
	snprintf(cmd, sizeof cmd, "timeout 180 %s %s --user-data-dir=%s/profile2 --screenshot=%s "
	                          "--window-size=1200,1600 file://%s >/dev/null 2>&1",
	         chromium, flags, dir, png, html);
	CHECK(system(cmd) == 0 && stat(png, &stt) == 0 && stt.st_size > 1000,
	      "chromium --screenshot made no image");
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", dir);
	return check_report("test_report_html");
}

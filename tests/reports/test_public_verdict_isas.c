/* test_public_verdict_isas.c: the Utgard GP, a3xx and CTM overlays against findings. Shipped probes
 * run on the simulator, on a device that does what public work says where the simulator does not
 * model it, and on a device that departs from public work in one field: only that field differs.
 * (Hand-made findings' verdicts are in test_public_verdict, the overlays' coverage of every bit in
 * test_public_coverage.) */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/internal/campaign.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/isa.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/internal/public.h"
#include "isaprobe/internal/report.h"
#include "isaprobe/runner.h"
#include "reports/report_internal.h"
#include "edited_sim.h"
#include "store_fixture.h"

/* ---- devices: the simulator with each job's code edited before it runs --------------------- */

/* Where the probe's target instruction starts in the packed code (bit of its bit 0). */
static unsigned word_bit;

static uint64_t bits_of(const uint8_t *code, unsigned lo, unsigned n)
{
	return ip_bytes_get_bits(code, word_bit + lo, n).w[0];
}

static void set_bits(uint8_t *code, unsigned lo, unsigned n, uint64_t v)
{
	ip_word w = {{v, 0}};
	ip_bytes_put_bits(code, word_bit + lo, n, &w);
}

static const struct ip_runner_backend device = {
	.name = "edited_sim",
	.summary = "the simulator running edited code",
	.open = edited_sim_open,
	.run_batch = edited_sim_run,
	.close = edited_sim_close,
	.model = edited_sim_model,
};

/* Utgard GP, departing: the passthrough opcode is bits 103-104 only, and bit 105 negates the
 * result (lima reads 103-105 as one opcode). */
static int gp_bit105_negates(uint8_t *code, size_t len)
{
	if (len * 8 < word_bit + 128 || !bits_of(code, 105, 1))
		return 0;
	set_bits(code, 105, 1, 0);
	return 1;
}

/* a3xx, as Mesa's isaspec reads ldg: bits 40-48 are not looked at (the probe moves 41-48). */
static int a3xx_dont_care41(uint8_t *code, size_t len)
{
	if (len * 8 < word_bit + 64)
		return 0;
	set_bits(code, 41, 8, 0);
	return 0;
}

/* a3xx, departing: the same, but bit 45 adds 4 to the load's byte offset (bits 1-13). */
static int a3xx_bit45_offsets(uint8_t *code, size_t len)
{
	if (len * 8 < word_bit + 64)
		return 0;
	uint64_t b45 = bits_of(code, 45, 1);
	set_bits(code, 41, 8, 0);
	if (b45)
		set_bits(code, 1, 13, bits_of(code, 1, 13) + 4);
	return 0;
}

/* ---- campaigns ------------------------------------------------------------------------------ */

/* The shipped probe at probes/REL, loaded; word_bit set from its first target, whose seed bits
 * lo..lo+n-1 must hold want (so the devices edit the bits meant; n 0: a probe no device edits). */
static int load(const char *rel, unsigned lo, unsigned n, uint64_t want, struct ip_probe *p)
{
	char path[512];
	struct ip_diag d;
	uint8_t *bytes = NULL;
	size_t len = 0;
	snprintf(path, sizeof path, "%s/probes/%s", ISAPROBE_SRC, rel);
	ip_diag_init(&d, path);
	if (ip_probe_load(path, p, &d)) {
		ip_diag_print(&d, stderr);
		CHECK(0, "probe %s", rel);
		return -1;
	}
	const struct ip_program *prog = &p->contexts[0].prog;
	const struct ip_bundle *bu = &prog->bundles[p->targets[0].bundle];
	word_bit = bu->byte_offset * 8 + bu->slots[p->targets[0].slot].bit_offset;
	CHECK(!n || (p->isa->pack(prog, &bytes, &len, &d) == 0 && bits_of(bytes, lo, n) == want),
	      "%s: the target word is not where the test looks", rel);
	free(bytes);
	return 0;
}

/* The probe's campaign into dir/name.db (edited_sim_campaign). */
static struct ip_store *campaign(const char *dir, const char *name, const struct ip_probe *p,
                                 const struct ip_runner_backend *b)
{
	char path[600];
	snprintf(path, sizeof path, "%s/%s.db", dir, name);
	return edited_sim_campaign(path, p, b);
}

static char *rows(struct ip_store *s, const char *sql)
{
	return fixture_rows(ip_store_sqlite(s), sql);
}

#define DIFFERS "SELECT context, bits, kind, public_verdict FROM finding_text WHERE " \
                "public_verdict LIKE 'differs%' ORDER BY finding_id"

static void utgard_gp(const char *dir)
{
	struct ip_probe p;
	char *t;
	if (load("utgard_gp/pass_op.probe", 103, 3, 2, &p))
		return;
	/* the simulator models the passthrough opcode: where the input lies outside the clamp
	 * bounds (3, -0.5) every value it models acts otherwise: 2 and 6, which the notes name */
	struct ip_store *sim = campaign(dir, "gp_sim", &p, NULL);
	t = rows(sim, "SELECT context FROM finding_text WHERE public_verdict ="
	              " 'known: notes pass_op 103-105 (values 2, 6)' ORDER BY finding_id");
	CHECK(!strcmp(t, "plain\nnegative\nnegative_fraction\neight\ninf\nminus_inf\nnan\n"
	                 "not_power_of_two\nbig\n"), "agreeing contexts on the simulator:\n%s", t);
	free(t);
	t = rows(sim, DIFFERS);
	CHECK(!strcmp(t, ""), "on the simulator these differ:\n%s", t);
	free(t);
	/* inside the bounds, clamp acts as pass: bit 105 alone does nothing, on a field the notes
	 * describe */
	t = rows(sim, "SELECT count(*) FROM finding_text WHERE CAST(bits AS TEXT) = '105' AND"
	              " public_verdict = 'known: notes pass_op 103-105'");
	CHECK(!strcmp(t, "7\n"), "refining contexts: %s", t);
	free(t);

	/* bit 105 a negate: every context but the two whose input is a zero (negated, still a zero)
	 * differs there, and only there */
	edited_sim_edit = gp_bit105_negates;
	struct ip_store *dev = campaign(dir, "gp_dev", &p, &device);
	t = rows(dev, "SELECT group_concat(context, ' ') FROM finding_text WHERE"
	              " CAST(bits AS TEXT) = '105' AND public_verdict = 'differs from pass_op 103-105:"
	              " public work reads an opcode field'");
	CHECK(!strcmp(t, "plain negative fraction negative_fraction eight one inf minus_inf half denormal"
	                 " nan not_power_of_two big other_load\n"), "differing contexts:\n%s", t);
	free(t);
	t = rows(dev, "SELECT context, bits, kind, public_verdict FROM finding_text WHERE"
	              " public_verdict LIKE 'differs%' AND CAST(bits AS TEXT) <> '105'");
	CHECK(!strcmp(t, ""), "differing outside bit 105:\n%s", t);
	free(t);
	ip_store_close(dev);
	ip_store_close(sim);
	ip_probe_free(&p);
}

static void a3xx(const char *dir)
{
	struct ip_probe p;
	char *t;
	if (load("a3xx/cat6_unknown.probe", 61, 3, 6, &p))
		return;
	static const char open41[] = "open: public work reads x40 40-48 (ldg)",
	                  open53[] = "open: public work reads zero52 52-53 (ldg)";
	char want[512];
	/* the simulator does not model the bits: nothing to compare, public work named */
	struct ip_store *sim = campaign(dir, "a3xx_sim", &p, NULL);
	t = rows(sim, "SELECT bits, public_verdict FROM finding_text ORDER BY finding_id");
	snprintf(want, sizeof want, "41-48|%s\n53|%s\n", open41, open53);
	CHECK(!strcmp(t, want), "on the simulator:\n%s", t);
	free(t);
	/* a device that does not look at them, as Mesa's isaspec: the finding refines ldg's 40-48
	 * (bit 40 is the offset form, which the probe does not move) */
	edited_sim_edit = a3xx_dont_care41;
	struct ip_store *pub = campaign(dir, "a3xx_pub", &p, &device);
	t = rows(pub, "SELECT bits, kind, public_verdict FROM finding_text ORDER BY finding_id");
	snprintf(want, sizeof want, "41-48|ignored|refines x40 40-48: no effect in these bits"
	                            " (ldg)\n53|unmodeled|%s\n", open53);
	CHECK(!strcmp(t, want), "on the public reading's device:\n%s", t);
	free(t);
	/* bit 45 an offset bit: it alone differs; the bits around it, ignored, refine */
	edited_sim_edit = a3xx_bit45_offsets;
	struct ip_store *dev = campaign(dir, "a3xx_dev", &p, &device);
	t = rows(dev, "SELECT bits, public_verdict FROM finding_text WHERE public_verdict LIKE"
	              " 'differs%'");
	CHECK(!strcmp(t, "45|differs from x40 40-48: public work reads a padding field (ldg)\n"),
	      "differing on the departing device:\n%s", t);
	free(t);
	t = rows(dev, "SELECT group_concat(bits, ' ') FROM finding_text WHERE kind = 'ignored' AND"
	              " public_verdict = 'refines x40 40-48: no effect in these bits (ldg)'");
	CHECK(!strcmp(t, "41-44 46-48\n"), "refining: %s", t);
	free(t);
	ip_store_close(dev);
	ip_store_close(pub);
	ip_store_close(sim);
	ip_probe_free(&p);
}

/* The report of s (format fmt) since campaign 1, or against old: malloc'd text. */
static char *report(struct ip_store *s, enum ip_report_format fmt, struct ip_store *old)
{
	struct ip_report_options o = {fmt, "t", old ? 0 : 1, old, "old", NULL, NULL};
	struct ip_diag d;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ip_diag_init(&d, "report");
	CHECK(f && ip_report(s, &o, f, &d) == 0, "report: %s", d.msg);
	if (f)
		fclose(f);
	return text ? text : strdup("");
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* How often needle occurs in hay before the first `end`. */
static size_t count_until(const char *hay, const char *end, const char *needle)
{
	const char *stop = strstr(hay, end);
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)) && (!stop || p < stop); p++)
		n++;
	return n;
}

/* A nightly diff leads with what differs and what is new, in HTML as in Markdown: the same
 * findings, before the first probe's section. */
static void leads(const char *dir)
{
	struct ip_probe p, q;
	if (load("ctm/fc_unknown.probe", 0, 0, 0, &q) || load("a3xx/cat6_unknown.probe", 61, 3, 6,
	                                                       &p))
		return;
	/* new: six groups of flow-control bits no source reads (r300_reg.h, AMD's register
	 * reference) */
	struct ip_store *fc = campaign(dir, "ctm_fc", &q, NULL);
	char *md = report(fc, IP_REPORT_MD, NULL), *html = report(fc, IP_REPORT_HTML, NULL);
	const char *mnew = strstr(md, "\n## New to public knowledge\n"),
	           *hnew = strstr(html, "<h2 id=\"lead-new\">New to public knowledge</h2>");
	CHECK(mnew && mnew < strstr(md, "\n## ctm: probe"), "markdown:\n%s", md);
	CHECK(hnew && hnew < strstr(html, "<h2 id=\"ctm-fc_unknown\">"), "html: %.3000s", html);
	CHECK(!strstr(md, "Differs from public") && !strstr(html, "lead-differs"), "nothing differs");
	size_t in_html = hnew ? count_until(hnew, "</table>", "<td>fc_unknown</td>") : 0;
	CHECK(count(md, "    ctm fc_unknown `") == 6 && in_html == 6,
	      "new findings: %zu in markdown, %zu in html", count(md, "    ctm fc_unknown `"),
	      in_html);
	CHECK(hnew && strstr(hnew, "<td>ctm</td><td>fc_unknown</td><td><a href=\"#ctm-"
	                           "fc_unknown-0\">seed</a></td>"),
	      "a row: %.3000s", html);
	free(md);
	free(html);
	ip_store_close(fc);
	/* differs: the departing device against the public reading's, bit 45 alone */
	edited_sim_edit = a3xx_dont_care41;
	struct ip_store *pub = campaign(dir, "a3xx_lead_pub", &p, &device);
	edited_sim_edit = a3xx_bit45_offsets;
	struct ip_store *dev = campaign(dir, "a3xx_lead_dev", &p, &device);
	md = report(dev, IP_REPORT_MD, pub);
	html = report(dev, IP_REPORT_HTML, pub);
	const char *hdiff = strstr(html, "<h2 id=\"lead-differs\">Differs from public knowledge</h2>");
	CHECK(strstr(md, "\n## Differs from public knowledge\n\n    a3xx cat6_unknown `seed` NEW"
	                 " [0.0] 45: "), "markdown diff:\n%s", md);
	CHECK(hdiff && hdiff < strstr(html, "<h2 id=\"a3xx-cat6_unknown\">") &&
	          count_until(hdiff, "</table>", "<td>cat6_unknown</td>") == 1 &&
	          strstr(hdiff, "<td>new</td><td>[0.0] 45</td>"), "html diff: %.4000s", html);
	free(md);
	free(html);
	ip_store_close(dev);
	ip_store_close(pub);
	ip_probe_free(&p);
	ip_probe_free(&q);
}

/* The mail says a finding once for the contexts that agree: bit 105 differs in fourteen of the
 * sixteen contexts of pass_op, new in nine and gained from "ignored" in five: two lines in
 * Markdown and two rows in HTML, each naming its contexts. */
static void grouped_lead(const char *dir)
{
	struct ip_probe p;
	if (load("utgard_gp/pass_op.probe", 103, 3, 2, &p))
		return;
	struct ip_store *sim = campaign(dir, "gp_lead_sim", &p, NULL);
	edited_sim_edit = gp_bit105_negates;
	struct ip_store *dev = campaign(dir, "gp_lead_dev", &p, &device);
	char *md = report(dev, IP_REPORT_MD, sim), *html = report(dev, IP_REPORT_HTML, sim);
	const char *mdiff = strstr(md, "\n## Differs from public knowledge\n"),
	           *hdiff = strstr(html, "<h2 id=\"lead-differs\">");
	CHECK(mdiff && count_until(mdiff + 1, "\n## ", "utgard_gp pass_op ") == 2 &&
	          strstr(mdiff, "utgard_gp pass_op `plain`, `negative`, `negative_fraction`, "
	                        "`eight`, `inf`, `minus_inf`, `nan`, `not_power_of_two`, `big` NEW "
	                        "[0.0] 105: modifier") &&
	          strstr(mdiff, "utgard_gp pass_op `fraction`, `one`, `half`, `denormal`, "
	                        "`other_load` NEW (was ignored"),
	      "markdown lead:\n%s", md);
	CHECK(hdiff && count_until(hdiff, "</table>", "<td>pass_op</td>") == 2,
	      "html lead: %.4000s", hdiff ? hdiff : html);
	free(md);
	free(html);
	ip_store_close(dev);
	ip_store_close(sim);
	ip_probe_free(&p);
}

int main(void)
{
	char *dir = fixture_tmpdir("isaprobe_public_isas");
	utgard_gp(dir);
	a3xx(dir);
	leads(dir);
	grouped_lead(dir);
	fixture_rmdir(dir);
	return check_report("test_public_verdict_isas");
}

/* test_isa_checklist.c: include/isaprobe/isa.h's checklist for a new ISA, checked for every ISA of
 * the registry: entry points, docs pages, golden rows, and for each runner part a part or a
 * stated "none"; then descriptors broken on purpose, each caught by the check it breaks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runners/drm/drm_job.h"
#include "runners/sim/sim.h"
#include "check.h"
#include "isaprobe/internal/export.h"
#include "isaprobe/internal/harness.h"
#include "isaprobe/isa.h"
#include "isaprobe/internal/mesa.h"
#include "isaprobe/internal/public.h"

static char top[4096]; /* the source tree */

static int file_exists(const char *rel)
{
	char path[8192];
	struct stat st;
	snprintf(path, sizeof path, "%s/%s", top, rel);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

/* The source tree: the first directory above this file holding include/isaprobe/isa.h. */
static int find_top(void)
{
	snprintf(top, sizeof top, "%s", __FILE__);
	for (char *slash; (slash = strrchr(top, '/')) != NULL;) {
		*slash = '\0';
		if (file_exists("include/isaprobe/isa.h"))
			return 0;
	}
	return -1;
}

static unsigned problems;
static FILE *report;

static void problem(const struct ip_isa *isa, const char *what)
{
	problems++;
	fprintf(report, "%s: %s\n", isa->name ? isa->name : "(no name)", what);
}

/* Exactly one of a part and the reason it has none. */
static void one_of(const struct ip_isa *isa, const void *part, const char *none, const char *what)
{
	char msg[256];
	if (!part == !none) {
		snprintf(msg, sizeof msg, "%s: %s", what,
		         part ? "both a part and a reason for none"
		              : "neither a part nor \"none\"");
		problem(isa, msg);
	} else if (none && !none[0]) {
		snprintf(msg, sizeof msg, "%s: an empty reason for none", what);
		problem(isa, msg);
	}
}

static void page(const struct ip_isa *isa, const char *kind)
{
	char rel[256], msg[300];
	snprintf(rel, sizeof rel, "docs/%s-%s.md", isa->docs, kind);
	if (!file_exists(rel)) {
		snprintf(msg, sizeof msg, "no %s", rel);
		problem(isa, msg);
	}
}

/* Every item of isa.h's checklist for isa; the problems found (also written to out). */
static unsigned checklist(const struct ip_isa *isa, FILE *out)
{
	enum ip_export_format f;
	report = out;
	problems = 0;
	if (!isa->name || !isa->name[0] || !isa->title || !isa->title[0])
		problem(isa, "a name and a title");
	if (!isa->seed || !file_exists(isa->seed))
		problem(isa, "no seed notes file (.seed)");
	if (!isa->formats || !isa->nformats)
		problem(isa, "no word formats");
	if (!isa->unpack || !isa->pack || !isa->assemble || !isa->disassemble)
		problem(isa, "an entry point missing (unpack, pack, assemble, disassemble)");
	if (ip_isa_find(isa->name) != isa && ip_isa_find(isa->name))
		problem(isa, "another ISA of the registry has its name");
	/* docs pages */
	if (!isa->docs) {
		problem(isa, "no docs prefix (.docs)");
	} else {
		page(isa, "asm");
		page(isa, "sources");
		page(isa, "simulator");
		page(isa, "probes");
		if (isa->mesa)
			page(isa, "mesa-names");
	}
	/* golden rows */
	one_of(isa, isa->golden, isa->no_golden, "golden rows");
	if (isa->golden && !file_exists(isa->golden))
		problem(isa, "its golden rows file does not exist");
	/* the other encoder-side parts name the ISA they belong to */
	if (isa->mesa && strcmp(isa->mesa->isa, isa->name))
		problem(isa, "its Mesa names are another ISA's");
	if (isa->public_overlay && strcmp(isa->public_overlay->isa, isa->name))
		problem(isa, "its public overlay is another ISA's");
	if (isa->export_format && ip_export_format_parse(isa->export_format, &f))
		problem(isa, "an export format `isaprobe export` does not know");
	if (isa->regs && (!isa->regs->bytes || isa->regs->bytes % 4))
		problem(isa, "a registers role of no whole words");
	/* the runners' parts */
	one_of(isa, isa->sim, isa->no_sim, "simulator");
	if (isa->sim && (!isa->sim->open || !isa->sim->run || !isa->sim->close ||
	                 !isa->sim->model || !isa->sim->models || !isa->sim->models[0]))
		problem(isa, "a simulator without its operations or a default model");
	if (isa->regs && !isa->sim)
		problem(isa, "a registers role but no simulator to fill it");
	one_of(isa, isa->drm_kind, isa->no_drm, "drm job kind");
	if (isa->drm_kind && (!isa->drm_kind->driver || !isa->drm_kind->check ||
	                      !isa->drm_kind->build || !isa->drm_kind->kick ||
	                      !isa->drm_kind->collect))
		problem(isa, "a drm job kind without its driver or operations");
	one_of(isa, isa->harness, isa->no_harness, "register harness");
	if (isa->harness && !isa->regs)
		problem(isa, "a register harness but no registers role");
	if (isa->harness && (!isa->harness->reserved || !isa->harness->records ||
	                     !isa->harness->check || !isa->harness->wrap || !isa->harness->unwrap))
		problem(isa, "a register harness without its operations");
	return problems;
}

/* Runs checklist on a copy of a registered ISA changed by `edit`; the problem text it reports. */
static char *broken(const struct ip_isa *isa, void (*edit)(struct ip_isa *), unsigned *n)
{
	struct ip_isa copy = *isa;
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		abort();
	edit(&copy);
	*n = checklist(&copy, mem);
	fclose(mem);
	return text;
}

static void no_sim(struct ip_isa *i) { i->sim = NULL; }
static void sim_and_none(struct ip_isa *i) { i->no_sim = "a reason"; }
static void no_drm(struct ip_isa *i) { i->drm_kind = NULL; }
static void no_harness(struct ip_isa *i) { i->harness = NULL; i->no_harness = NULL; }
static void no_golden(struct ip_isa *i) { i->golden = NULL; }
static void missing_golden(struct ip_isa *i) { i->golden = "tests/golden/none.txt"; }
static void missing_page(struct ip_isa *i) { i->docs = "nosuchisa"; }
static void no_regs(struct ip_isa *i) { i->regs = NULL; }
static void other_mesa(struct ip_isa *i) { i->mesa = ip_isa_find("bifrost")->mesa; }
static void bad_export(struct ip_isa *i) { i->export_format = "pdf"; }
static void no_pack(struct ip_isa *i) { i->pack = NULL; }

int main(void)
{
	static const struct {
		void (*edit)(struct ip_isa *);
		const char *says;
	} breaks[] = {
		{no_sim, "simulator: neither a part nor \"none\""},
		{sim_and_none, "simulator: both a part and a reason for none"},
		{no_drm, "drm job kind: neither"},
		{no_harness, "register harness: neither"},
		{no_golden, "golden rows: neither"},
		{missing_golden, "golden rows file does not exist"},
		{missing_page, "no docs/nosuchisa-asm.md"},
		{no_regs, "a register harness but no registers role"},
		{other_mesa, "Mesa names are another ISA's"},
		{bad_export, "an export format"},
		{no_pack, "an entry point missing"},
	};
	const struct ip_isa *midgard = ip_isa_find("midgard");
	unsigned nisas = 0;
	CHECK(find_top() == 0, "the source tree above %s", __FILE__);
	for (const struct ip_isa *const *i = ip_isa_all(); *i; i++, nisas++) {
		unsigned n = checklist(*i, stderr);
		CHECK(n == 0, "%s: %u items of isa.h's checklist missing (above)", (*i)->name, n);
		/* the look-ups answer with the descriptor's parts */
		CHECK(ip_sim_find((*i)->name) == (*i)->sim, "%s: ip_sim_find", (*i)->name);
		CHECK(ip_harness_find((*i)->name) == (*i)->harness, "%s: ip_harness_find",
		      (*i)->name);
		CHECK(ip_mesa_find((*i)->name) == (*i)->mesa, "%s: ip_mesa_find", (*i)->name);
		CHECK(ip_public_overlay((*i)->name) == (*i)->public_overlay,
		      "%s: ip_public_overlay", (*i)->name);
		CHECK(!(*i)->drm_kind ||
		          ip_drm_jobkind_find((*i)->name, (*i)->drm_kind->driver) == (*i)->drm_kind,
		      "%s: ip_drm_jobkind_find", (*i)->name);
	}
	CHECK(nisas >= 6, "the registry holds %u ISAs", nisas);
	/* The checks can fail: each broken copy of midgard is caught, by the check it breaks. */
	CHECK(midgard != NULL, "midgard is registered");
	for (size_t k = 0; midgard && k < sizeof breaks / sizeof breaks[0]; k++) {
		unsigned n;
		char *text = broken(midgard, breaks[k].edit, &n);
		CHECK(n >= 1 && strstr(text, breaks[k].says), "broken copy %zu: %u problems: %s", k,
		      n, text);
		free(text);
	}
	return check_report("test_isa_checklist");
}

/* test_infer_synth.c: inference on synthetic devices drawn at random in the test from a seed
 * (layouts and operations the engine has never seen: bench/synth_trial.c scores what it infers
 * against what the device was drawn with, reading nothing but the stored runs and layout),
 * without noise and with 1 % and 5 % of runs flaky (timeout / runner_error):
 *   boundaries found and right >= 99 %, kinds >= 95 %, operations named right >= 95 %,
 *   register names right >= 95 %, operand sources right >= 95 % (a select of a register word,
 *   a uniforms word and an immediate, where max and min of the two words equal the moves: the
 *   move is named, with its word, and the immediate matches no operation), no reserved
 *   verdict on bits that are not reserved (a lone flaky run must not make one), and at most
 *   twice the runs of the noiseless device;
 * a device whose layout is in two instructions keeps the findings of both (the key holds the
 * bundle and slot); campaigns with --seed 1 and --seed 7 give the same field list; and a
 * random-order campaign of 20000 variants besides the walk keeps the thresholds.
 * Devices: 20 (ISAPROBE_TEST_SCALE scales them), the first ISAPROBE_SEED (default 1).
 * Usage: test_infer_synth [--scenario NAME] [DEVICES [FIRST]] (prints the figures either
 * way); with ISAPROBE_VERBOSE set, every miss is printed to stderr; with ISAPROBE_SYNTH_KEEP=DIR
 * the scenarios' databases are left in DIR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "runners/synth/synth.h"
#include "synth_trial.h"

static int verbose;

static void report(const char *what, const struct synth_score *s)
{
	printf("%-15s %u devices: boundaries found %.4f right %.4f, kinds %.4f (%llu fields), "
	       "operations %.4f (%llu), sources %.4f (%llu), registers %.4f (%llu), reserved wrong "
	       "%llu, runs %llu\n",
	       what, s->trials, synth_ratio(s->cuts_found, s->cuts_true),
	       synth_ratio(s->cuts_right, s->cuts_inferred), synth_ratio(s->kinds_right, s->fields),
	       (unsigned long long)s->fields, synth_ratio(s->ops_right, s->ops),
	       (unsigned long long)s->ops, synth_ratio(s->sources_right, s->sources),
	       (unsigned long long)s->sources, synth_ratio(s->regs_right, s->regs),
	       (unsigned long long)s->regs, (unsigned long long)s->reserved_wrong,
	       (unsigned long long)s->runs);
}

static void thresholds(const char *what, const struct synth_score *s)
{
	CHECK(s->trials > 0, "%s: no trial", what);
	CHECK(synth_ratio(s->cuts_found, s->cuts_true) >= 0.99, "%s: boundaries found %.4f < 0.99",
	      what, synth_ratio(s->cuts_found, s->cuts_true));
	CHECK(synth_ratio(s->cuts_right, s->cuts_inferred) >= 0.99,
	      "%s: boundaries right %.4f < 0.99", what, synth_ratio(s->cuts_right, s->cuts_inferred));
	CHECK(synth_ratio(s->kinds_right, s->fields) >= 0.95, "%s: kinds %.4f < 0.95", what,
	      synth_ratio(s->kinds_right, s->fields));
	CHECK(synth_ratio(s->ops_right, s->ops) >= 0.95, "%s: operations %.4f < 0.95", what,
	      synth_ratio(s->ops_right, s->ops));
	CHECK(synth_ratio(s->regs_right, s->regs) >= 0.95, "%s: registers %.4f < 0.95", what,
	      synth_ratio(s->regs_right, s->regs));
	/* operand sources (moves from registers and uniforms whose max and min coincide with
	 * them, an immediate planted nowhere): the move, never the chance binary operation */
	CHECK(synth_ratio(s->sources_right, s->sources) >= 0.95, "%s: sources %.4f < 0.95", what,
	      synth_ratio(s->sources_right, s->sources));
	CHECK(s->reserved_wrong == 0, "%s: %llu reserved verdicts on bits that are not reserved",
	      what, (unsigned long long)s->reserved_wrong);
}

/* Every scenario (bench/synth_trial.c: each shape alone and all together, noiseless, flaky,
 * faulting as a GPU does, with output bits flipped) on n devices from first (the new ones on
 * half as many: the test's time); only: the one scenario asked for (NULL: all). */
static void scenarios(unsigned n, uint64_t first, const char *only)
{
	struct synth_score sc[32];
	static uint64_t upto[32][64]; /* runs of each scenario's first i + 1 devices */
	char why[512];
	memset(sc, 0, sizeof sc);
	for (unsigned k = 0; k < synth_nscenarios && k < 32; k++) {
		const struct synth_scenario *sn = &synth_scenarios[k];
		struct synth_trial_opts o = {.pieces = 1, .campaign_seed = 1, .verbose = verbose,
		                             .dir = getenv("ISAPROBE_SYNTH_KEEP"),
		                             .keep = getenv("ISAPROBE_SYNTH_KEEP") != NULL};
		unsigned m = k < 3 ? n : (n + 1) / 2;
		if (only && strcmp(only, sn->name))
			continue;
		synth_scenario_opts(k, &o);
		for (unsigned i = 0; i < m; i++) {
			CHECK(synth_trial(first + i, &o, &sc[k], why, sizeof why) == 0, "%s", why);
			if (i < 64)
				upto[k][i] = sc[k].runs;
		}
		report(sn->name, &sc[k]);
		thresholds(sn->name, &sc[k]);
		if (!strcmp(sn->name, "noiseless"))
			CHECK(n < 10 || sc[k].sources > 0, "%s: %u devices drew no operand source select",
			      sn->name, n);
		CHECK(sc[k].loads == 0 || sc[k].alu_wrong == 0,
		      "%s: %llu of %llu values of table selects named by an operation", sn->name,
		      (unsigned long long)sc[k].alu_wrong, (unsigned long long)sc[k].loads);
		/* against the same devices without the noise (the base ran at least as many) */
		if (sn->base >= 0 && m && m <= 64 && sc[sn->base].trials >= m) {
			uint64_t b = upto[sn->base][m - 1];
			CHECK(sc[k].runs <= 2 * b, "%s: %llu runs, more than twice %s's %llu", sn->name,
			      (unsigned long long)sc[k].runs, synth_scenarios[sn->base].name,
			      (unsigned long long)b);
			printf("%-15s runs %.2fx %s's\n", sn->name, (double)sc[k].runs / (double)(b ? b : 1),
			       synth_scenarios[sn->base].name);
		}
	}
}

/* Devices whose layout is in two instructions: both instructions' fields are found (the
 * same bits of bundles 0 and 1 are two findings, not one). */
static void two_instructions(unsigned n, uint64_t first)
{
	struct synth_score sc;
	char why[512];
	memset(&sc, 0, sizeof sc);
	for (unsigned i = 0; i < n; i++) {
		char *fields = NULL;
		struct synth_trial_opts o = {.pieces = 2, .campaign_seed = 1, .verbose = verbose,
		                             .fields = &fields};
		CHECK(synth_trial(first + i, &o, &sc, why, sizeof why) == 0, "%s", why);
		if (!fields)
			continue;
		CHECK(strstr(fields, " 0.0 0-") && strstr(fields, " 1.0 0-"),
		      "device %llu in two instructions: findings of bundle 0 and 1 from bit 0, got\n%s",
		      (unsigned long long)(first + i), fields);
		free(fields);
	}
	report("2 instrs", &sc);
	thresholds("two instructions", &sc);
}

/* Devices whose walk is joined by a random-order campaign (variants far from the seeds, on
 * every bit at once, as a huge campaign stores them): the fields are found as well, inference
 * reading the variants near the seed among them (infer/infer_near.c). */
static void far_variants(unsigned n, uint64_t first)
{
	struct synth_score sc;
	char why[512];
	memset(&sc, 0, sizeof sc);
	for (unsigned i = 0; i < n; i++) {
		struct synth_trial_opts o = {.pieces = 1, .campaign_seed = 1, .verbose = verbose,
		                             .random_runs = 20000};
		CHECK(synth_trial(first + i, &o, &sc, why, sizeof why) == 0, "%s", why);
	}
	report("far", &sc);
	thresholds("with a random campaign", &sc);
}

/* The same field list whatever the campaign's seed. */
static void seed_stable(unsigned n, uint64_t first)
{
	struct synth_score sc;
	char why[512];
	memset(&sc, 0, sizeof sc);
	for (unsigned i = 0; i < n; i++) {
		char *f1 = NULL, *f7 = NULL;
		struct synth_trial_opts o1 = {.pieces = 1, .campaign_seed = 1, .verbose = verbose,
		                              .fields = &f1, .shapes = IP_SYNTH_SHAPES};
		struct synth_trial_opts o7 = {.pieces = 1, .campaign_seed = 7, .verbose = verbose,
		                              .fields = &f7, .shapes = IP_SYNTH_SHAPES};
		CHECK(synth_trial(first + i, &o1, &sc, why, sizeof why) == 0, "%s", why);
		CHECK(synth_trial(first + i, &o7, &sc, why, sizeof why) == 0, "%s", why);
		CHECK(f1 && f7 && !strcmp(f1, f7),
		      "device %llu: --seed 1 and --seed 7 give other fields:\n%s---\n%s",
		      (unsigned long long)(first + i), f1 ? f1 : "", f7 ? f7 : "");
		free(f1);
		free(f7);
	}
}

int main(int argc, char **argv)
{
	const char *only = NULL;
	if (argc > 2 && !strcmp(argv[1], "--scenario")) {
		only = argv[2];
		argc -= 2;
		argv += 2;
	}
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : (unsigned)test_scaled(20);
	uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : test_seed(1);
	unsigned few = n / 4 ? n / 4 : 1;
	verbose = getenv("ISAPROBE_VERBOSE") != NULL;
	scenarios(n, first, only);
	if (only)
		return check_report("test_infer_synth");
	two_instructions(few, first);
	seed_stable(few, first);
	far_variants(few, first);
	return check_report("test_infer_synth");
}

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
 * Usage: test_infer_synth [DEVICES [FIRST]] (prints the figures either way); with
 * ISAPROBE_VERBOSE set, every miss is printed to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "synth_trial.h"

static int verbose;

static void report(const char *what, const struct synth_score *s)
{
	printf("%-10s %u devices: boundaries found %.4f right %.4f, kinds %.4f (%llu fields), "
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

/* The three noise levels on n devices from first. */
static void noise_levels(unsigned n, uint64_t first)
{
	static const unsigned flaky[3] = {0, 10, 50};
	static const char *const what[3] = {"noiseless", "1% flaky", "5% flaky"};
	struct synth_score sc[3];
	char why[512];
	memset(sc, 0, sizeof sc);
	for (unsigned k = 0; k < 3; k++) {
		struct synth_trial_opts o = {1, flaky[k], 0, 1, NULL, verbose, 0, NULL, 0};
		for (unsigned i = 0; i < n; i++)
			CHECK(synth_trial(first + i, &o, &sc[k], why, sizeof why) == 0, "%s", why);
		report(what[k], &sc[k]);
		thresholds(what[k], &sc[k]);
		CHECK(n < 10 || sc[k].sources > 0, "%s: %u devices drew no operand source select",
		      what[k], n);
		CHECK(sc[k].runs <= 2 * sc[0].runs, "%s: %llu runs, more than twice the noiseless %llu",
		      what[k], (unsigned long long)sc[k].runs, (unsigned long long)sc[0].runs);
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
		struct synth_trial_opts o = {2, 0, 0, 1, NULL, verbose, 0, &fields, 0};
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
 * reading the variants near the seed among them (reports/infer_near.c). */
static void far_variants(unsigned n, uint64_t first)
{
	struct synth_score sc;
	char why[512];
	memset(&sc, 0, sizeof sc);
	for (unsigned i = 0; i < n; i++) {
		struct synth_trial_opts o = {1, 0, 0, 1, NULL, verbose, 0, NULL, 20000};
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
		struct synth_trial_opts o1 = {1, 0, 0, 1, NULL, verbose, 0, &f1, 0};
		struct synth_trial_opts o7 = {1, 0, 0, 7, NULL, verbose, 0, &f7, 0};
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
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : (unsigned)test_scaled(20);
	uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : test_seed(1);
	unsigned few = n / 4 ? n / 4 : 1;
	verbose = getenv("ISAPROBE_VERBOSE") != NULL;
	noise_levels(n, first);
	two_instructions(few, first);
	seed_stable(few, first);
	far_variants(few, first);
	return check_report("test_infer_synth");
}

/* test_infer_synth.c: inference on synthetic devices drawn at random in the test (layouts and
 * operations the engine has never seen), without noise and with 1 % and 5 % of runs flaky:
 * boundaries >= 99 %, kinds >= 95 %, operations named >= 95 % right, register names, no
 * reserved verdict from a lone flaky run, and at most twice the runs of the noiseless device. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "synth_trial.h"

static void report(const char *what, const struct synth_score *s)
{
	printf("%-10s %u devices: boundaries found %.4f right %.4f, kinds %.4f (%llu fields), "
	       "operations %.4f (%llu), registers %.4f (%llu), reserved wrong %llu, runs %llu\n",
	       what, s->trials, synth_ratio(s->cuts_found, s->cuts_true),
	       synth_ratio(s->cuts_right, s->cuts_inferred), synth_ratio(s->kinds_right, s->fields),
	       (unsigned long long)s->fields, synth_ratio(s->ops_right, s->ops),
	       (unsigned long long)s->ops, synth_ratio(s->regs_right, s->regs),
	       (unsigned long long)s->regs, (unsigned long long)s->reserved_wrong,
	       (unsigned long long)s->runs);
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 20;
	uint64_t first = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
	int verbose = argc > 3;
	unsigned only = argc > 4 ? (unsigned)atoi(argv[4]) : 3;
	static const unsigned flaky[3] = {0, 10, 50};
	struct synth_score sc[3] = {{0}};
	char why[512];
	for (unsigned k = 0; k < 3; k++) {
		struct synth_trial_opts o = {1, flaky[k], 0, 1, NULL, verbose, only < 3};
		if (only < 3 && k != only)
			continue;
		for (unsigned i = 0; i < n; i++)
			CHECK(synth_trial(first + i, &o, &sc[k], why, sizeof why) == 0, "%s", why);
		report(k == 0 ? "noiseless" : k == 1 ? "1% flaky" : "5% flaky", &sc[k]);
	}
	return check_report("test_infer_synth");
}

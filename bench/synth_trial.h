/* synth_trial.h: one trial of inference on a synthetic device (runners/synth/synth.h): an
 * `auto` campaign, `infer`, and the findings scored against the layout the device was drawn
 * with. Shared by tests/infer/test_infer_synth.c and `isaprobe bench infer`. */
#ifndef ISAPROBE_BENCH_SYNTH_TRIAL_H
#define ISAPROBE_BENCH_SYNTH_TRIAL_H

#include <stddef.h>
#include <stdint.h>

struct synth_trial_opts {
	unsigned pieces;          /* target pieces (instructions), 1 or 2 */
	unsigned flaky_permille;  /* runs answered timeout / runner_error, per thousand */
	unsigned confirm;         /* the campaign's --confirm (0: its default) */
	uint64_t campaign_seed;   /* the campaign's --seed */
	const char *dir;          /* where the trial's database goes */
	int verbose;              /* print every miss to stderr */
	int keep;                 /* leave the database (DIR/isaprobe-synth-PID-SEED.db) */
	char **fields;            /* if set: gets the field list inferred, one line a finding
	                           * ("context bundle.slot lo-hi kind [cond]"), malloc'd */
	uint64_t random_runs;     /* then a random-order campaign of this many variants too (far
	                           * from the seeds: evidence inference must read past) */
	unsigned shapes;          /* IP_SYNTH_SHAPE_* the device is drawn with */
	unsigned fault_permille;  /* jobs faulting at random, per thousand (as a GPU's) */
	unsigned dirty_permille;  /* a fault leaves the next job faulting, per thousand */
	unsigned flip_per10k;     /* ok runs with an output bit flipped, per ten thousand */
};

/* Sums over trials. Boundaries are cuts between value bits: found = true cuts inferred,
 * right = inferred cuts that are true (unconditional fields, and fields under a condition
 * inside the region the condition enables). */
struct synth_score {
	unsigned trials;
	uint64_t cuts_true, cuts_found, cuts_inferred, cuts_right;
	uint64_t fields, kinds_right;      /* true fields; of them inferred with their bits and kind */
	uint64_t ops, ops_right;           /* (context, opcode value) pairs of recovered opcodes */
	uint64_t regs, regs_right;         /* (context, value) pairs of recovered register selects */
	uint64_t sources, sources_right;   /* (context, value) pairs of operand source selects: a
	                                    * move named with the word it reads, an immediate
	                                    * (planted nowhere) not named as an operation */
	uint64_t loads, alu_wrong;         /* values of board-style table selects (moves); of them
	                                    * given an operation's name (add, ge, ...) */
	uint64_t reserved_wrong;           /* reserved verdicts on bits that are not reserved */
	uint64_t runs;                     /* runs the campaigns made */
	unsigned findings;                 /* findings written */
};

/* The conditions inference is measured under (tests/infer/test_infer_synth.c, `isaprobe bench
 * infer`): devices with each shape alone and all together, without noise, flaky (timeouts and
 * runner errors), and with faults as a GPU gives them (random, leaving the state dirty), output
 * bits flipped; `base` names the scenario whose runs its own are held to twice of (itself: -1). */
struct synth_scenario {
	const char *name;
	unsigned shapes, flaky, fault, dirty, flip;
	int base;
};
extern const struct synth_scenario synth_scenarios[];
extern const unsigned synth_nscenarios;
/* The options of scenario k (the rest of o as given). */
void synth_scenario_opts(unsigned k, struct synth_trial_opts *o);

/* Runs one trial of the device drawn from device_seed and adds it to *sc. 0, or -1 with why. */
int synth_trial(uint64_t device_seed, const struct synth_trial_opts *o, struct synth_score *sc,
                char *why, size_t whylen);

/* found / all as a fraction (1 when all is 0). */
double synth_ratio(uint64_t found, uint64_t all);

#endif

/* a3xx_sim_int.h: the a3xx simulator's inside: the register files with writes in flight
 * (latencies, (ss)/(sy) syncs), the run being executed, and each unit's entry point.
 * Behaviour and what is modelled: docs/a3xx-simulator.md. */
#ifndef ISAPROBE_A3XX_SIM_INT_H
#define ISAPROBE_A3XX_SIM_INT_H

#include <stdint.h>

#include "runners/sim/sim.h"
#include "a3xx/a3xx_ins.h"
#include "isaprobe/a3xx_sim.h"

#define A3XX_ALU_LATENCY 3 /* cat1-3 results are readable 3 instruction slots later */
#define A3XX_A0_LATENCY 6  /* a0.x: 5 slots between the write and a relative access */
#define A3XX_MAX_PENDING 512
#define A3XX_DEFAULT_BUDGET 100000

enum a3xx_file { FILE_FULL, FILE_HALF, FILE_A0, FILE_P0 };
/* When a write lands: at its slot, or at the next (ss) / (sy). */
enum a3xx_sync { SYNC_NONE, SYNC_SS, SYNC_SY };

struct a3xx_pending {
	uint64_t due;
	uint8_t file, sync;
	uint16_t idx;
	uint32_t val;
};

/* One invocation's state. */
struct a3xx_thread {
	uint32_t full[A3XX_FULL_REGS];
	uint16_t half[A3XX_HALF_REGS];
	int32_t a0;
	uint32_t p0[4];
	struct a3xx_pending pend[A3XX_MAX_PENDING];
	unsigned npend;
	int rel_on;         /* a0.x-relative access allowed: a0 written, no (ul) since */
	int varyings_ended; /* a bary.f with (ei) ran */
	uint64_t t;         /* the current instruction slot */
};

/* A decoded instruction with what the simulator found out about its word once. */
struct a3xx_sim_instr {
	struct a3xx_ins ins;
	ip_word w;
	enum ip_status check; /* OK, or UNMODELED / INVALID for the whole word */
	const char *why;
};

struct a3xx_state {
	const char *model;
	struct a3xx_sim_instr *code;
	size_t cap;
};

struct a3xx_run {
	struct a3xx_state *s;
	const struct a3xx_sim_io *io;
	struct ip_result *res;
	struct a3xx_thread th;
	uint32_t invocation;
	size_t pc, ninstr;
};

/* Stops the run with a status (the first one wins); returns -1. */
int a3xx_stop(struct a3xx_run *r, enum ip_status st, const char *why);

/* What the generic checks say of a word (unknown bits, unnamed values, the notes' const
 * rules): IP_STATUS_OK, or a status with a static reason in *why. */
enum ip_status a3xx_check_word(const ip_word *w, const char **why);

/* ---- registers (a3xx_regs.c) ---------------------------------------------------------- */

/* A source's 32 bits (16-bit values zero-extended) as seen at slot `when`; `half`: the
 * operand's precision; `rep`: the repetition (added where (r) steps). -1: stopped. */
int a3xx_read(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
              uint64_t when, uint32_t *out);
/* Writes a destination: due slot (or a sync) and 32 bits (16 for half). -1: stopped. */
int a3xx_write(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
               uint32_t val, uint64_t due, enum a3xx_sync sync);
/* A plain register index (num * 4 + comp) read/written at once by the memory units. */
int a3xx_read_reg(struct a3xx_run *r, unsigned idx, int half, uint64_t when, uint32_t *out);
int a3xx_write_reg(struct a3xx_run *r, unsigned idx, int half, uint32_t val, uint64_t due,
                   enum a3xx_sync sync);
/* Lands the writes due by slot t, or every write waiting for a sync. */
void a3xx_land_due(struct a3xx_thread *th, uint64_t t);
void a3xx_land_sync(struct a3xx_thread *th, enum a3xx_sync sync);
void a3xx_land_all(struct a3xx_thread *th);

/* ---- units: each returns 0, or -1 when the run stopped ----------------------------------- */

/* cat1 move/convert, repetition rep at the current slot (a3xx_alu.c). */
int a3xx_exec_cat1(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep);
/* cat2 (bary.f goes to a3xx_exec_bary), cat3, cat4. */
int a3xx_exec_cat2(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep);
int a3xx_exec_cat3(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep);
int a3xx_exec_cat4(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep);
/* bary.f, cat5 isam, cat6 ldg/stg (a3xx_mem.c). */
int a3xx_exec_bary(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep);
int a3xx_exec_cat5(struct a3xx_run *r, const struct a3xx_sim_instr *si);
int a3xx_exec_cat6(struct a3xx_run *r, const struct a3xx_sim_instr *si);

/* A float source with its (abs)/(neg) applied; NaN, denormal, an immediate or modifiers on a
 * const are unmodeled. */
int a3xx_read_float(struct a3xx_run *r, const struct a3xx_opnd *o, int half, unsigned rep,
                    uint64_t when, double *v);
/* A float result, rounded to the destination's precision (NaN and denormals: unmodeled). */
int a3xx_write_float(struct a3xx_run *r, const struct a3xx_ins *ins, unsigned rep, double v,
                     uint64_t due, enum a3xx_sync sync);

/* ---- values (a3xx_values.c) ---------------------------------------------------------------- */

/* Rounding of cat1 conversions: Mesa's order (0 toward zero, 1 nearest even, 2 up, 3 down). */
enum a3xx_round { ROUND_ZERO, ROUND_EVEN, ROUND_UP, ROUND_DOWN };

/* A float operand as a double (f32 bits, or f16 bits when half). */
double a3xx_to_double(uint32_t bits, int half);
/* A double rounded to f32 or f16 bits. */
uint32_t a3xx_from_double(double v, int half, enum a3xx_round mode);
/* Whether bits are a NaN or a denormal of their precision. */
int a3xx_is_nan(uint32_t bits, int half);
int a3xx_is_denormal(uint32_t bits, int half);

#endif

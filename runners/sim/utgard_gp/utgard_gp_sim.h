/* utgard_gp_sim.h: the Utgard GP reference simulator's pieces: values (plain floats, or the
 * symbolic partial results of the notes' complex sequences), unit semantics, output transforms.
 * Behaviour and buffer layout: docs/utgard-gp-simulator.md. */
#ifndef ISAPROBE_UTGARD_GP_SIM_H
#define ISAPROBE_UTGARD_GP_SIM_H

#include <stdint.h>

#include "runners/sim/sim.h"
#include "isaprobe/utgard_gp_whatif.h"

/* What a unit result is. Only PLAIN values have a number; the others exist because the notes
 * describe some operations only as parts of a sequence (pass op 4 -> complex exp2 -> multiply
 * complex1): such a value may flow along the sequence, and anything else that reads it is
 * outside the public knowledge (the run is unmodeled). */
enum gp_kind {
	GP_PLAIN,
	GP_UNDEF,    /* no result: the unit did not run, or before the first instructions */
	GP_OPAQUE,   /* a result the notes do not describe (e.g. multiplier 1 of a wide op) */
	GP_PRE_EXP2, /* passthrough op 4 of x */
	GP_PARTIAL,  /* complex exp2/log2/rsqrt/rcp (partial) of x; fn says which */
	GP_COMPLEX2, /* multiply complex2 of (x, x); pre says whether x came through op 4 */
	GP_POST_LOG, /* multiply complex1 of a log2 sequence: needs passthrough op 5 */
};

struct gp_val {
	uint8_t kind;
	uint8_t fn;  /* GP_PARTIAL: the complex opcode */
	uint8_t pre; /* GP_PARTIAL, GP_COMPLEX2: x came through passthrough op 4 */
	float f;     /* GP_PLAIN: the value */
	float x;     /* symbolic kinds: the input of the sequence */
	const char *why; /* GP_UNDEF, GP_OPAQUE: what it is, for the unmodeled message */
};

/* A unit step's outcome: 0, or a static text saying why the simulator cannot go on. */
typedef const char *gp_err;

static inline struct gp_val gp_plain(float f)
{
	struct gp_val v = {GP_PLAIN, 0, 0, f, 0, 0};
	return v;
}

static inline struct gp_val gp_opaque(uint8_t kind, const char *why)
{
	struct gp_val v = {kind, 0, 0, 0, 0, why};
	return v;
}

/* Unit semantics (utgard_gp_units.c). Inputs are already selected; `used` tells whether the
 * unit runs. Each returns 0 and sets *out, or an explanation of why it is unmodeled. `w`: the
 * what-if hooks asked about opcode values the notes do not describe (NULL: none). */
gp_err gp_acc(unsigned op, unsigned unit, struct gp_val a, struct gp_val b,
              const struct ip_gp_whatif *w, struct gp_val *out);
/* Both multipliers: in[0..3] = mul0 a, b, mul1 a, b; used[k] says whether multiplier k runs. */
gp_err gp_mul(unsigned op, const struct gp_val in[4], const int used[2], const int neg[2],
              const struct ip_gp_whatif *w, struct gp_val out[2], struct gp_val *mul0_late);
gp_err gp_complex(unsigned op, struct gp_val in, struct gp_val *out);
/* ld_x, ld_y: the load unit's x and y of this instruction (clamp bounds). */
gp_err gp_pass(unsigned op, struct gp_val in, float ld_x, float ld_y,
               const struct ip_gp_whatif *w, struct gp_val *out);

/* The notes' output transforms (utgard_gp_transform.c): what the compiler's code computes
 * from the shader's gl_Position / gl_PointSize and the driver's uniforms. */
void utgard_gp_position_transform(const float pos[4], const float viewport[8], float out[4]);
float utgard_gp_point_size_transform(float size, const float params[4]);


extern const struct ip_sim_isa utgard_gp_sim;

#endif

/* ctm_dpp.c: one DPP processor running the program at (i, j): ALU, output, texture (input) and
 * flow control instructions, read through the field tables; outputs and conditional output. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ctm/ctm.h"
#include "isaprobe/ctm_sim.h"
#include "common/float_bits.h"

#define LOOP_DEPTH 32
#define CALL_DEPTH 32

struct proc {
	struct ctm_machine *m;
	struct ctm_stop *stop;
	uint32_t i, j, pc;
	float t[CTM_TEMPS][4];
	uint8_t tw[CTM_TEMPS];  /* channels of each temporary written so far */
	float out[CTM_OUTPUTS][4];
	uint8_t ow[CTM_OUTPUTS];
	float w;                /* the depth (W) output: the conditional value */
	int w_written;
	int pred[4];
	int alu_result;         /* -1: none since the last flow control instruction */
	int aL;
	int active, counter, killed;
	struct { int count, aL, inc; } loops[LOOP_DEPTH];
	unsigned nloops;
	uint32_t calls[CALL_DEPTH];
	unsigned ncalls;
};

static int halt(struct proc *p, enum ip_status st, const char *why)
{
	p->stop->status = st;
	p->stop->why = why;
	p->stop->where = p->pc * CTM_INSTR_BYTES;
	return -1;
}

/* Field `name` of word k of the current instruction. A field is found by name in a scan of
 * its format, and a processor reads the same few dozen names at every instruction, tens of
 * thousands of processors a job: each thread keeps what it found (a fuzzed 64K-processor
 * domain took 0.7 s, 3 s in the fuzz build, the lookups and the names' formatting nearly all
 * of it). Every name is a string constant, so its address keys it. */
static uint32_t fld(const uint32_t *w, unsigned k, const char *name)
{
	static _Thread_local struct {
		const char *name;
		unsigned k;
		const struct ip_field *f;
	} seen[256];
	size_t h = (((uintptr_t)name >> 3) * 7 + k) & 255;
	ip_word x = {{w[k], 0}};
	if (seen[h].name != name || seen[h].k != k) {
		seen[h].name = name;
		seen[h].k = k;
		seen[h].f = ip_format_field(ctm_inst_formats[k], name);
	}
	return (uint32_t)ip_field_get(seen[h].f, &x);
}

static const char outside_memory[] = "memory access outside GPU memory";

static int read_mem(struct proc *p, long long a, unsigned n, void *out)
{
	if (a < 0 || a + n > (long long)p->m->mem_len)
		return halt(p, IP_STATUS_FAULT, outside_memory);
	memcpy(out, p->m->mem + a, n);
	return 0;
}

/* ---- sources ----------------------------------------------------------------------------- */

static float inline_float(unsigned x)
{
	unsigned e = (x >> 3) & 15, mant = x & 7;
	return e ? ldexpf(1.0f + mant / 8.0f, (int)e - 7) : ldexpf(mant / 8.0f, -6);
}

static int fconst(struct proc *p, int c, float out[4])
{
	const char *why = NULL;
	long long a;
	uint32_t u[4];
	if (c < 0 || c >= CTM_FCONSTS)
		return halt(p, IP_STATUS_UNMODELED, "a constant index outside 0-255 (through aL)");
	if (p->m->fconst_regs) {
		if ((unsigned)c >= p->m->nfconst)
			return halt(p, IP_STATUS_FAULT, outside_memory);
		for (unsigned k = 0; k < 4; k++)
			out[k] = ip_f32_from_bits(p->m->fconst_regs[4 * c + k]);
		return 0;
	}
	if (p->m->constf.set && p->m->constf.format != 4)
		return halt(p, IP_STATUS_UNMODELED, "float constants in a format other than float32_4");
	if ((a = ctm_element_address(&p->m->constf, (uint32_t)c, 0, &why)) < 0)
		return halt(p, IP_STATUS_UNMODELED, why);
	if (read_mem(p, a, 16, u) != 0)
		return -1;
	for (unsigned k = 0; k < 4; k++)
		out[k] = ip_f32_from_bits(u[k]);
	return 0;
}

/* Source `addr` as the ALU reads it: a temporary, a constant or an inline float. */
static int source(struct proc *p, unsigned addr, unsigned is_const, unsigned rel, float out[4],
                  int *temp)
{
	*temp = -1;
	if (is_const)
		return fconst(p, (int)addr + (rel ? p->aL : 0), out);
	if (addr & 0x80) {
		if (rel)
			return halt(p, IP_STATUS_UNMODELED, "an inline constant with relative addressing");
		out[0] = out[1] = out[2] = out[3] = inline_float(addr & 0x7F);
		return 0;
	}
	{
		int r = (int)addr + (rel ? p->aL : 0);
		if (r < 0 || r >= CTM_TEMPS)
			return halt(p, IP_STATUS_UNMODELED, "a temporary outside 0-127 (through aL)");
		memcpy(out, p->t[r], sizeof p->t[r]);
		*temp = r;
	}
	return 0;
}

/* The three sources and srcp, as 4-vectors: rgb from the RGB addresses, alpha from the alpha
 * addresses (the guide: a unit swizzling in the other unit's channel reads the other address). */
struct srcs {
	float v[4][4];
	int rgb_temp[3], a_temp[3];
};

static float presub(unsigned op, float s0, float s1)
{
	switch (op) {
	case 0: return 1.0f - 2.0f * s0;
	case 1: return s1 - s0;
	case 2: return s1 + s0;
	default: return 1.0f - s0;
	}
}

static int read_sources(struct proc *p, const uint32_t *w, struct srcs *s)
{
	static const char *const rgb[3][3] = {{"rgb_addr0", "rgb_addr0_const", "rgb_addr0_rel"},
	                                     {"rgb_addr1", "rgb_addr1_const", "rgb_addr1_rel"},
	                                     {"rgb_addr2", "rgb_addr2_const", "rgb_addr2_rel"}};
	static const char *const alp[3][3] = {{"alpha_addr0", "alpha_addr0_const", "alpha_addr0_rel"},
	                                     {"alpha_addr1", "alpha_addr1_const", "alpha_addr1_rel"},
	                                     {"alpha_addr2", "alpha_addr2_const", "alpha_addr2_rel"}};
	for (unsigned k = 0; k < 3; k++) {
		float c[4], a[4];
		if (source(p, fld(w, 1, rgb[k][0]), fld(w, 1, rgb[k][1]), fld(w, 1, rgb[k][2]), c,
		           &s->rgb_temp[k]) != 0 ||
		    source(p, fld(w, 2, alp[k][0]), fld(w, 2, alp[k][1]), fld(w, 2, alp[k][2]), a,
		           &s->a_temp[k]) != 0)
			return -1;
		s->v[k][0] = c[0];
		s->v[k][1] = c[1];
		s->v[k][2] = c[2];
		s->v[k][3] = a[3];
	}
	for (unsigned ch = 0; ch < 3; ch++)
		s->v[3][ch] = presub(fld(w, 1, "rgb_srcp_op"), s->v[0][ch], s->v[1][ch]);
	s->v[3][3] = presub(fld(w, 2, "alpha_srcp_op"), s->v[0][3], s->v[1][3]);
	return 0;
}

/* Channel `ch` (a swizzle value) of source select `sel`; checks that a temporary channel read
 * was written before. */
static int pick(struct proc *p, const struct srcs *s, unsigned sel, unsigned swz, float *out)
{
	static const float k[3] = {0.0f, 0.5f, 1.0f};
	if (swz >= 4 && swz <= 6) {
		*out = k[swz - 4];
		return 0;
	}
	if (swz == 7)
		return halt(p, IP_STATUS_UNMODELED, "swizzle 7 (\"unused\") is not described");
	{
		int temps[2] = {-1, -1};
		if (sel < 3) {
			temps[0] = swz == 3 ? s->a_temp[sel] : s->rgb_temp[sel];
		} else { /* srcp reads sources 0 and 1 */
			temps[0] = swz == 3 ? s->a_temp[0] : s->rgb_temp[0];
			temps[1] = swz == 3 ? s->a_temp[1] : s->rgb_temp[1];
		}
		for (unsigned t = 0; t < 2; t++)
			if (temps[t] >= 0 && !((p->tw[temps[t]] >> swz) & 1))
				return halt(p, IP_STATUS_UNMODELED, "reads a temporary channel the program "
				                                    "never wrote (initial contents not described)");
	}
	*out = s->v[sel][swz];
	return 0;
}

static float modify(unsigned mod, float x)
{
	switch (mod) {
	case 1: return -x;
	case 2: return fabsf(x);
	case 3: return -fabsf(x);
	default: return x;
	}
}

/* An RGB input (A, B or C: x 0-2): three channels, plus the alpha unit's input of the same
 * letter as channel 3 (DP4 reads it). */
static int rgb_input(struct proc *p, const uint32_t *w, const struct srcs *s, unsigned x,
                     float out[4])
{
	static const char *const sel_name[3] = {"rgb_sel_a", "rgb_sel_b", "rgb_sel_c"};
	static const char *const mod_name[3] = {"rgb_mod_a", "rgb_mod_b", "rgb_mod_c"};
	static const char *const swiz_name[3][3] = {
		{"rgb_swiz_a_r", "rgb_swiz_a_g", "rgb_swiz_a_b"},
		{"rgb_swiz_b_r", "rgb_swiz_b_g", "rgb_swiz_b_b"},
		{"rgb_swiz_c_r", "rgb_swiz_c_g", "rgb_swiz_c_b"}};
	unsigned word = x == 2 ? 5 : 3, sel, mod;
	sel = fld(w, word, sel_name[x]);
	mod = fld(w, word, mod_name[x]);
	for (unsigned c = 0; c < 3; c++) {
		if (pick(p, s, sel, fld(w, word, swiz_name[x][c]), &out[c]) != 0)
			return -1;
		out[c] = modify(mod, out[c]);
	}
	return 0;
}

static int alpha_input(struct proc *p, const uint32_t *w, const struct srcs *s, unsigned x,
                       float *out)
{
	static const char *const sel_name[3] = {"alpha_sel_a", "alpha_sel_b", "alpha_sel_c"};
	static const char *const swiz_name[3] = {"alpha_swiz_a", "alpha_swiz_b", "alpha_swiz_c"};
	static const char *const mod_name[3] = {"alpha_mod_a", "alpha_mod_b", "alpha_mod_c"};
	unsigned word = x == 2 ? 5 : 4;
	if (pick(p, s, fld(w, word, sel_name[x]), fld(w, word, swiz_name[x]), out) != 0)
		return -1;
	*out = modify(fld(w, word, mod_name[x]), *out);
	return 0;
}

/* ---- the output modifier ---------------------------------------------------------------- */

/* The guide: with the output modifier on, NaN results are standardised (to a value the extract
 * does not give) and denormal results flush to zero; omod 7 copies the result exactly. */
static int output_modifier(struct proc *p, unsigned omod, unsigned op_exact_ok, int clamp, float *x)
{
	static const float scale[7] = {1, 2, 4, 8, 0.5f, 0.25f, 0.125f};
	if (omod == 7) {
		if (!op_exact_ok)
			return halt(p, IP_STATUS_UNMODELED, "output modifier disabled on an operation "
			                                    "other than MIN/MAX/CMP/CND");
		return 0;
	}
	*x *= scale[omod];
	if (isnan(*x))
		return halt(p, IP_STATUS_UNMODELED, "a NaN result through the output modifier (its "
		                                    "standardised value is not in the extract)");
	if (fpclassify(*x) == FP_SUBNORMAL)
		*x = copysignf(0.0f, *x);
	if (clamp)
		*x = fminf(fmaxf(*x, 0.0f), 1.0f);
	return 0;
}

/* ---- predicates ---------------------------------------------------------------------------- */

static int compare(unsigned test, float x)
{
	if (fpclassify(x) == FP_SUBNORMAL)
		x = 0.0f; /* the guide: denormals compare equal to zero */
	switch (test) {
	case 0: return x == 0.0f;
	case 1: return x < 0.0f;
	case 2: return x >= 0.0f;
	default: return x != 0.0f;
	}
}

/* Whether channel c passes predication `sel` (inverted by inv). */
static int predicated(const struct proc *p, unsigned sel, unsigned inv, unsigned c, int *ok)
{
	int v;
	*ok = 1;
	switch (sel) {
	case 0: return 1;
	case 1: v = p->pred[c]; break;
	case 2: case 3: case 4: case 5: v = p->pred[sel - 2]; break;
	default: *ok = 0; return 0;
	}
	return inv ? !v : v;
}

/* ---- ALU and output instructions ---------------------------------------------------------- */

static int exec_alu(struct proc *p, const uint32_t *w, unsigned type)
{
	struct srcs s;
	float a[4], b[4], c[4], aa, ab, ac, res[4], dot = 0;
	unsigned rgb_op = fld(w, 5, "rgb_op"), alpha_op = fld(w, 4, "alpha_op");
	int trans = alpha_op >= 8 && alpha_op <= 13, dotop = rgb_op >= 1 && rgb_op <= 3;
	int ok;

	if (read_sources(p, w, &s) != 0 || rgb_input(p, w, &s, 0, a) != 0 ||
	    rgb_input(p, w, &s, 1, b) != 0 || rgb_input(p, w, &s, 2, c) != 0 ||
	    alpha_input(p, w, &s, 0, &aa) != 0 || alpha_input(p, w, &s, 1, &ab) != 0 ||
	    alpha_input(p, w, &s, 2, &ac) != 0)
		return -1;
	/* alpha unit */
	switch (alpha_op) {
	case 0: res[3] = aa * ab + ac; break;
	case 1: break; /* the dot product, below */
	case 2: res[3] = aa < ab ? aa : ab; break;
	case 3: res[3] = aa >= ab ? aa : ab; break;
	case 5: res[3] = ac > 0.5f ? aa : ab; break;
	case 6: res[3] = ac >= 0.0f ? aa : ab; break;
	case 7: res[3] = aa - floorf(aa); break;
	case 8: res[3] = exp2f(aa); break;
	case 9: res[3] = log2f(aa); break;
	case 10: res[3] = 1.0f / aa; break;
	case 11: res[3] = 1.0f / sqrtf(aa); break;
	case 12: res[3] = sinf(aa * 6.2831853f); break;
	case 13: res[3] = cosf(aa * 6.2831853f); break;
	case 4: return halt(p, IP_STATUS_UNMODELED, "alpha opcode 4 is reserved");
	default: return halt(p, IP_STATUS_UNMODELED, "MDH/MDV read neighbouring processors, which "
	                                             "this array of independent processors lacks");
	}
	/* RGB unit */
	switch (rgb_op) {
	case 0: for (unsigned k = 0; k < 3; k++) res[k] = a[k] * b[k] + c[k]; break;
	case 1: dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; break;
	case 2: dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + aa * ab; break;
	case 3: dot = a[0] * b[0] + a[1] * b[1] + c[2]; break;
	case 4: for (unsigned k = 0; k < 3; k++) res[k] = a[k] < b[k] ? a[k] : b[k]; break;
	case 5: for (unsigned k = 0; k < 3; k++) res[k] = a[k] >= b[k] ? a[k] : b[k]; break;
	case 7: for (unsigned k = 0; k < 3; k++) res[k] = c[k] > 0.5f ? a[k] : b[k]; break;
	case 8: for (unsigned k = 0; k < 3; k++) res[k] = c[k] >= 0.0f ? a[k] : b[k]; break;
	case 9: for (unsigned k = 0; k < 3; k++) res[k] = a[k] - floorf(a[k]); break;
	case 10:
		if (!trans)
			return halt(p, IP_STATUS_UNMODELED, "RGB SOP without a transcendental alpha op");
		res[0] = res[1] = res[2] = res[3];
		break;
	case 11: case 12:
		return halt(p, IP_STATUS_UNMODELED, "MDH/MDV read neighbouring processors, which this "
		                                    "array of independent processors lacks");
	default: return halt(p, IP_STATUS_UNMODELED, "RGB opcode 6 or 13-15 is not described");
	}
	if (dotop)
		res[0] = res[1] = res[2] = dot;
	if (alpha_op == 1) {
		if (!dotop)
			return halt(p, IP_STATUS_UNMODELED, "alpha DP without an RGB dot product");
		res[3] = dot;
	}
	{
		unsigned romod = fld(w, 3, "rgb_omod"), aomod = fld(w, 4, "alpha_omod");
		int rexact = rgb_op == 4 || rgb_op == 5 || rgb_op == 7 || rgb_op == 8;
		int aexact = alpha_op == 2 || alpha_op == 3 || alpha_op == 5 || alpha_op == 6;
		for (unsigned k = 0; k < 3; k++)
			if (output_modifier(p, romod, rexact, (int)fld(w, 0, "rgb_clamp"), &res[k]) != 0)
				return -1;
		if (output_modifier(p, aomod, aexact, (int)fld(w, 0, "alpha_clamp"), &res[3]) != 0)
			return -1;
	}
	if (fld(w, 3, "alu_wmask")) {
		float x = fld(w, 0, "alu_result_sel") ? res[3] : res[0];
		p->alu_result = compare(fld(w, 0, "alu_result_op"), x);
	}
	if (!p->active && !fld(w, 0, "write_inactive"))
		return 0;
	/* temporaries, predicated per channel */
	{
		unsigned rmask = fld(w, 0, "rgb_wmask"), amask = fld(w, 0, "alpha_wmask");
		unsigned rsel = fld(w, 0, "rgb_pred_sel"), rinv = fld(w, 0, "rgb_pred_inv");
		unsigned asel = fld(w, 0, "alpha_pred_sel"), ainv = fld(w, 0, "alpha_pred_inv");
		int rd = (int)fld(w, 5, "rgb_addrd") + (fld(w, 5, "rgb_addrd_rel") ? p->aL : 0);
		int ad = (int)fld(w, 4, "alpha_addrd") + (fld(w, 4, "alpha_addrd_rel") ? p->aL : 0);
		if ((rmask && (rd < 0 || rd >= CTM_TEMPS)) || (amask && (ad < 0 || ad >= CTM_TEMPS)))
			return halt(p, IP_STATUS_UNMODELED, "a destination outside 0-127 (through aL)");
		for (unsigned k = 0; k < 3; k++) {
			if (!((rmask >> k) & 1))
				continue;
			if (!predicated(p, rsel, rinv, k, &ok) && ok)
				continue;
			if (!ok)
				return halt(p, IP_STATUS_UNMODELED, "predicate select 6-7 is not described");
			p->t[rd][k] = res[k];
			p->tw[rd] |= (uint8_t)(1u << k);
		}
		if (amask) {
			int pass = predicated(p, asel == 1 ? 5 : asel, ainv, 3, &ok);
			if (!ok)
				return halt(p, IP_STATUS_UNMODELED, "predicate select 6-7 is not described");
			if (pass) {
				p->t[ad][3] = res[3];
				p->tw[ad] |= 8;
			}
		}
		/* ALU: predicate bits; OUT: output registers and the conditional value */
		if (type == CTM_TYPE_ALU) {
			unsigned ro = fld(w, 0, "rgb_omask"), ao = fld(w, 0, "alpha_omask");
			for (unsigned k = 0; k < 3; k++)
				if ((ro >> k) & 1)
					p->pred[k] = compare(fld(w, 3, "rgb_target"), res[k]);
			if (ao)
				p->pred[3] = compare(fld(w, 4, "alpha_target"), res[3]);
			if (fld(w, 4, "w_omask"))
				return halt(p, IP_STATUS_UNMODELED, "W output from an ALU (not OUT) instruction");
		} else {
			unsigned ro = fld(w, 0, "rgb_omask"), ao = fld(w, 0, "alpha_omask");
			unsigned rt = fld(w, 3, "rgb_target"), at = fld(w, 4, "alpha_target");
			for (unsigned k = 0; k < 3; k++)
				if ((ro >> k) & 1) {
					p->out[rt][k] = res[k];
					p->ow[rt] |= (uint8_t)(1u << k);
				}
			if (ao) {
				p->out[at][3] = res[3];
				p->ow[at] |= 8;
			}
			if (fld(w, 4, "w_omask")) {
				p->w = res[3];
				p->w_written = 1;
			}
		}
	}
	return 0;
}

/* ---- texture (input) instructions ----------------------------------------------------------- */

static int exec_tex(struct proc *p, const uint32_t *w)
{
	unsigned op = fld(w, 1, "tex_op"), id = fld(w, 1, "tex_id");
	int src = (int)fld(w, 2, "src_addr") + (fld(w, 2, "src_addr_rel") ? p->aL : 0);
	int dst = (int)fld(w, 2, "dst_addr") + (fld(w, 2, "dst_addr_rel") ? p->aL : 0);
	static const char *const sw[4] = {"src_s_swiz", "src_t_swiz", "src_r_swiz", "src_q_swiz"};
	static const char *const dw[4] = {"dst_r_swiz", "dst_g_swiz", "dst_b_swiz", "dst_a_swiz"};
	const struct ctm_surface *in = &p->m->input[id];
	float coord[4], texel[4] = {0, 0, 0, 0};
	unsigned have = 0; /* channels the format returns */
	uint32_t mask = fld(w, 0, "rgb_wmask") | fld(w, 0, "alpha_wmask") << 3;

	if (fld(w, 1, "tex_unk0") || fld(w, 1, "tex_unk20") || fld(w, 1, "tex_unk28") ||
	    fld(w, 4, "w4_unused") || fld(w, 5, "w5_unused"))
		return halt(p, IP_STATUS_UNMODELED, "undescribed bits of a texture instruction set");
	if (op == 0)
		return 0;
	if (src < 0 || src >= CTM_TEMPS || dst < 0 || dst >= CTM_TEMPS)
		return halt(p, IP_STATUS_UNMODELED, "a texture temporary outside 0-127 (through aL)");
	for (unsigned k = 0; k < 4; k++) {
		unsigned ch = fld(w, 2, sw[k]);
		coord[k] = p->t[src][ch];
		if ((k < 2 || op == 2 || op == 3) && !((p->tw[src] >> ch) & 1))
			return halt(p, IP_STATUS_UNMODELED, "texture coordinates from a temporary channel "
			                                    "the program never wrote");
	}
	if (op == 2) { /* texkill */
		if (coord[0] < 0 || coord[1] < 0 || coord[2] < 0 || coord[3] < 0)
			p->killed = 1;
		return 0;
	}
	if (op >= 4)
		return halt(p, IP_STATUS_UNMODELED, "LOD-based lookups (lodbias, lod, dxdy) and op 7: "
		                                    "inputs have no mip levels described");
	if (op == 3) {
		coord[0] /= coord[3];
		coord[1] /= coord[3];
	}
	if (!in->set)
		return halt(p, IP_STATUS_UNMODELED, "a lookup in an input no set_inp_fmt described");
	if (!fld(w, 1, "tex_unscaled")) {
		coord[0] *= (float)in->pitch;
		coord[1] *= (float)in->height;
	}
	if (!(coord[0] >= 0 && coord[1] >= 0 && coord[0] < (float)in->pitch &&
	      coord[1] < (float)in->height))
		return halt(p, IP_STATUS_UNMODELED, "a lookup outside the input (its addressing mode "
		                                    "there is not described)");
	{
		uint32_t x = (uint32_t)floorf(coord[0]), y = (uint32_t)floorf(coord[1]);
		const char *why = NULL;
		if (in->format < 2 || in->format > 4)
			return halt(p, IP_STATUS_UNMODELED, "input formats other than float32_1/2/4: their "
			                                    "conversion to floats is not described");
		if (in->tiling >= 2) { /* 2x2: (x+1,y), (x,y+1), (x+1,y+1), (x,y) into c0..c3 */
			static const uint32_t dx[4] = {1, 0, 1, 0}, dy[4] = {0, 1, 1, 0};
			if (in->format != 2)
				return halt(p, IP_STATUS_UNMODELED, "2x2 fetches of multi-channel inputs are "
				                                    "undefined (the guide)");
			for (unsigned k = 0; k < 4; k++) {
				struct ctm_surface lin = *in;
				long long a;
				uint32_t u;
				lin.tiling -= 2;
				if ((a = ctm_element_address(&lin, x + dx[k], y + dy[k], &why)) < 0)
					return halt(p, IP_STATUS_UNMODELED, why);
				if (read_mem(p, a, 4, &u) != 0)
					return -1;
				texel[k] = ip_f32_from_bits(u);
			}
			have = 0xF;
		} else {
			long long a = ctm_element_address(in, x, y, &why);
			uint32_t u[4];
			unsigned n = in->format == 2 ? 1 : in->format == 3 ? 2 : 4;
			if (a < 0)
				return halt(p, IP_STATUS_UNMODELED, why);
			if (read_mem(p, a, 4 * n, u) != 0)
				return -1;
			for (unsigned k = 0; k < n; k++)
				texel[k] = ip_f32_from_bits(u[k]);
			have = (1u << n) - 1;
		}
	}
	if (!p->active && !fld(w, 0, "write_inactive"))
		return 0;
	for (unsigned k = 0; k < 4; k++) {
		unsigned ch = fld(w, 2, dw[k]);
		if (!((mask >> k) & 1))
			continue;
		if (!((have >> ch) & 1))
			return halt(p, IP_STATUS_UNMODELED, "a channel the input's format does not hold "
			                                    "(its fill value is not described)");
		p->t[dst][k] = texel[ch];
		p->tw[dst] |= (uint8_t)(1u << k);
	}
	return 0;
}

/* ---- flow control ----------------------------------------------------------------------------- */

static int bool_const(struct proc *p, unsigned idx, int *v)
{
	const char *why = NULL;
	long long a;
	uint32_t u;
	if (p->m->bconst_in_reg) {
		if (idx >= p->m->nbconst)
			return halt(p, IP_STATUS_FAULT, outside_memory);
		*v = (int)(p->m->bconst_reg >> idx & 1);
		return 0;
	}
	if (!p->m->constb.set || ctm_element_size(p->m->constb.format) != 4)
		return halt(p, IP_STATUS_UNMODELED, "a boolean constant without a 4-byte-element "
		                                    "set_constb_fmt (its layout is not described)");
	if ((a = ctm_element_address(&p->m->constb, idx, 0, &why)) < 0)
		return halt(p, IP_STATUS_UNMODELED, why);
	if (read_mem(p, a, 4, &u) != 0)
		return -1;
	*v = u != 0;
	return 0;
}

static int int_const(struct proc *p, unsigned idx, int *count, int *init, int *inc)
{
	const char *why = NULL;
	long long a;
	uint8_t b[4];
	if (p->m->iconst_regs) {
		if (idx >= p->m->niconst)
			return halt(p, IP_STATUS_FAULT, outside_memory);
		*count = (int)(p->m->iconst_regs[idx] & 0xff);
		*init = (int)(p->m->iconst_regs[idx] >> 8 & 0xff);
		*inc = (int8_t)(p->m->iconst_regs[idx] >> 16 & 0xff);
		return 0;
	}
	if (!p->m->consti.set || p->m->consti.format != 1)
		return halt(p, IP_STATUS_UNMODELED, "an integer constant without a uint8_4 "
		                                    "set_consti_fmt (other layouts are not described)");
	if ((a = ctm_element_address(&p->m->consti, idx, 0, &why)) < 0)
		return halt(p, IP_STATUS_UNMODELED, why);
	if (read_mem(p, a, 4, b) != 0)
		return -1;
	*count = b[0];
	*init = b[1];
	*inc = (int8_t)b[2];
	return 0;
}

/* Returns the next pc (or -1 on a stop). */
static long exec_fc(struct proc *p, const uint32_t *w)
{
	unsigned op = fld(w, 2, "fc_op"), func = fld(w, 2, "jump_func");
	unsigned target = fld(w, 3, "jump_addr"), bop;
	int want = 0, jump, b = 0, sel_ok = 1;
	long next = (long)p->pc + 1;

	if (fld(w, 1, "fc_w1") || fld(w, 2, "fc_unk3") || fld(w, 2, "fc_unk21") ||
	    fld(w, 2, "fc_unk29") || fld(w, 3, "fc_unk5") || fld(w, 3, "fc_unk13") ||
	    fld(w, 3, "fc_unk25") || fld(w, 4, "w4_unused") || fld(w, 5, "w5_unused"))
		return halt(p, IP_STATUS_UNMODELED, "undescribed bits of a flow control instruction set");
	/* jump_global: CTM programs start at offset 0, so both kinds of address are the same */
	if (p->m->fc_mode == CTM_FC_PARTIAL && (op >= 1 || fld(w, 2, "a_op")))
		return halt(p, IP_STATUS_UNMODELED, "loops and subroutines in partial flow control");
	if (fld(w, 2, "b_else")) {
		if (p->active) {
			p->active = 0;
			p->counter = 0;
		} else if (p->counter == 0) {
			p->active = 1;
		}
	}
	/* the jump function: bit (alu_result << 2 | predicate << 1 | bool) */
	{
		unsigned psel = fld(w, 0, "rgb_pred_sel"), pinv = fld(w, 0, "rgb_pred_inv");
		int depends_alu = ((func >> 4) & 15) != (func & 15);
		int depends_pred = ((func >> 2) & 0x33) != (func & 0x33);
		int depends_bool = ((func >> 1) & 0x55) != (func & 0x55);
		int alu = p->alu_result < 0 ? 0 : p->alu_result;
		int pred = psel == 1 ? (sel_ok = 0) : predicated(p, psel, pinv, 0, &sel_ok);
		if (depends_alu && p->alu_result < 0)
			return halt(p, IP_STATUS_UNMODELED, "a jump function reads the ALU result, which "
			                                    "no ALU instruction wrote since the last flow "
			                                    "control instruction");
		if (depends_pred && (psel == 0 || !sel_ok))
			return halt(p, IP_STATUS_UNMODELED, "a jump function reads the predicate without "
			                                    "a (described) predicate select");
		if (depends_bool && bool_const(p, fld(w, 3, "bool_addr"), &b) != 0)
			return -1;
		want = (int)((func >> (alu << 2 | pred << 1 | b)) & 1);
	}
	p->alu_result = -1; /* not preserved across flow control */
	jump = p->active ? want : !fld(w, 2, "jump_any");
	switch (op) {
	case 0: case 5: case 6: case 7: break; /* jump, break, continue: the branch state below */
	case 1: case 3: { /* loop, rep */
		int count, init, inc;
		if (int_const(p, fld(w, 3, "int_addr"), &count, &init, &inc) != 0)
			return -1;
		if (count == 0) {
			jump = 1;
		} else if (!jump) {
			if (p->nloops == LOOP_DEPTH)
				return halt(p, IP_STATUS_UNMODELED, "loop stack overflow (undefined)");
			p->loops[p->nloops].count = count;
			p->loops[p->nloops].aL = p->aL;
			p->loops[p->nloops].inc = inc;
			p->nloops++;
			if (op == 1)
				p->aL = init;
		}
		break;
	}
	case 2: case 4: /* endloop, endrep */
		if (p->nloops == 0)
			return halt(p, IP_STATUS_UNMODELED, "loop stack underflow (undefined)");
		if (--p->loops[p->nloops - 1].count == 0) {
			jump = 0;
			p->nloops--;
			if (op == 2)
				p->aL = p->loops[p->nloops].aL;
		} else if (op == 2 && jump) {
			p->aL += p->loops[p->nloops - 1].inc;
		}
		break;
	}
	if (op >= 5 && jump) {
		if (op == 7)
			return halt(p, IP_STATUS_UNMODELED, "CONTINUE: pixel disabling up to the end of "
			                                    "the loop is not modelled");
		if (p->nloops == 0)
			return halt(p, IP_STATUS_UNMODELED, "loop stack underflow (undefined)");
		p->nloops--;
		if (op == 5)
			p->aL = p->loops[p->nloops].aL;
	}
	if (jump) {
		unsigned aop = fld(w, 2, "a_op");
		if (aop == 3)
			return halt(p, IP_STATUS_UNMODELED, "address stack operation 3 is not described");
		if (aop == 2) {
			if (p->ncalls == CALL_DEPTH)
				return halt(p, IP_STATUS_UNMODELED, "address stack overflow (undefined)");
			p->calls[p->ncalls++] = p->pc + 1;
		}
		if (aop == 1) {
			if (p->ncalls == 0)
				return halt(p, IP_STATUS_UNMODELED, "address stack underflow (undefined)");
			target = p->calls[--p->ncalls];
		}
		next = (long)target;
	}
	bop = jump ? fld(w, 2, "b_op1") : fld(w, 2, "b_op0");
	if (bop == 3)
		return halt(p, IP_STATUS_UNMODELED, "branch operation 3 is not described");
	if (!p->active) {
		if (bop == 2)
			p->counter += 1;
		else if (bop == 1 && (p->counter -= (int)fld(w, 2, "b_pop_cnt")) < 0)
			p->active = 1;
	}
	return next;
}

/* ---- one processor --------------------------------------------------------------------------- */

static int deliver(struct proc *p)
{
	struct ctm_machine *m = p->m;
	const char *why = NULL;
	if (p->killed)
		return 0;
	if (m->cond_enabled && m->cond_loc == 0) {
		float v = p->w_written ? p->w : m->pe_cond_value;
		int pass;
		if (ctm_cond_test(m, p->i, p->j, v, &pass, p->stop) != 0) {
			p->stop->where = p->pc * CTM_INSTR_BYTES;
			return -1;
		}
		if (!pass)
			return 0;
		if (m->cond_write) {
			long long a = ctm_element_address(&m->cond, p->i, p->j, &why);
			if (a < 0)
				return halt(p, IP_STATUS_UNMODELED, why);
			if (m->cond.format != 2)
				return halt(p, IP_STATUS_UNMODELED, "writing a conditional buffer not float32_1");
			if (a + 4 > (long long)m->mem_len)
				return halt(p, IP_STATUS_FAULT, "conditional buffer outside GPU memory");
			memcpy(m->mem + a, &v, 4);
		}
	}
	for (unsigned o = 0; o < CTM_OUTPUTS; o++) {
		const struct ctm_surface *s = &m->output[o];
		unsigned n;
		long long a;
		if (!s->set)
			continue;
		if (s->format < 2 || s->format > 4)
			return halt(p, IP_STATUS_UNMODELED, "output formats other than float32_1/2/4: "
			                                    "their conversion is not described");
		if (s->tiling >= 2)
			return halt(p, IP_STATUS_UNMODELED, "2x2 tiling on an output (the guide: inputs only)");
		n = s->format == 2 ? 1 : s->format == 3 ? 2 : 4;
		if ((a = ctm_element_address(s, p->i, p->j, &why)) < 0)
			return halt(p, IP_STATUS_UNMODELED, why);
		if (a + 4 * n > (long long)m->mem_len)
			return halt(p, IP_STATUS_FAULT, "an output element outside GPU memory");
		for (unsigned k = 0; k < n; k++) {
			if (!((m->out_mask >> k) & 1))
				continue;
			if (!((p->ow[o] >> k) & 1))
				return halt(p, IP_STATUS_UNMODELED, "an output channel the program never wrote "
				                                    "(the output register's contents are not "
				                                    "described)");
			memcpy(m->mem + a + 4 * k, &p->out[o][k], 4);
		}
	}
	return 0;
}

int ctm_run_processor(struct ctm_machine *m, uint32_t i, uint32_t j, struct ctm_stop *stop)
{
	static struct proc proto; /* zero */
	struct proc p = proto;
	uint64_t steps = 0;
	p.m = m;
	p.stop = stop;
	p.i = i;
	p.j = j;
	p.active = 1;
	p.alu_result = -1;
	/* (i, j) in temporary 0: the simulator's convention (docs/ctm-simulator.md) */
	p.t[0][0] = (float)i;
	p.t[0][1] = (float)j;
	p.t[0][3] = 1.0f;
	p.tw[0] = 0xF;
	while (p.pc < m->ninstr) {
		const uint32_t *w = m->code + (size_t)p.pc * CTM_INSTR_WORDS;
		unsigned type = w[0] & 3;
		long next = (long)p.pc + 1;
		if (steps++ == m->budget) {
			m->steps += steps;
			return halt(&p, IP_STATUS_TIMEOUT, "instruction budget exhausted");
		}
		if (fld(w, 0, "last") && p.pc + 1 != m->ninstr)
			return halt(&p, IP_STATUS_UNMODELED, "LAST before the end: whether pixels stop there "
			                                     "is not guaranteed (the register reference)");
		if (type == CTM_TYPE_FC) {
			if ((next = exec_fc(&p, w)) < 0)
				return -1;
			if ((unsigned long)next > m->ninstr)
				return halt(&p, IP_STATUS_FAULT, "a jump past the end of the program");
		} else if (type == CTM_TYPE_TEX) {
			if (exec_tex(&p, w) != 0)
				return -1;
		} else if (exec_alu(&p, w, type) != 0) {
			return -1;
		}
		if (p.pc + 1 == m->ninstr && type != CTM_TYPE_OUT)
			return halt(&p, IP_STATUS_UNMODELED, "the last instruction executed is not an OUTPUT "
			                                     "instruction (the guide requires one)");
		p.pc = (uint32_t)next;
	}
	m->steps += steps;
	return deliver(&p);
}

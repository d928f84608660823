/* a3xx_mem.c: what a3xx reads and writes outside its registers: bary.f from the varyings,
 * cat5 isam from texture t#0, cat6 ldg/stg in global memory. Layouts: docs/a3xx-simulator.md. */
#include <string.h>

#include "a3xx_sim_int.h"
#include "common/byteorder.h"
#include "common/float_bits.h"

static const char why_inloc[] = "bary.f whose varying index is not an immediate";
static const char why_ij[] = "bary.f with half-precision i/j sources or modifiers";
static const char why_ended[] = "bary.f after (ei) ended the varying input";
static const char why_vary_range[] = "bary.f of a varying beyond the varyings buffer";
static const char why_cat5_op[] =
	"a cat5 opcode other than isam (sampling needs sampler and texture state that is not "
	"modelled)";
static const char why_cat5_form[] =
	"isam with .3d/.a/.s/.o/.p/.s2en, s#/t# other than 0, a 16-bit type or half sources";
static const char why_cat5_mask[] =
	"a cat5 write mask other than x, xy, xyz, xyzw (where gaps put results is not public)";
static const char why_texel[] = "isam outside texture t#0 (y other than 0, or x past its end)";
static const char why_cat6_op[] =
	"a cat6 opcode other than ldg/stg (private, local memory and atomics are not modelled)";
static const char why_cat6_form[] =
	"ldg/stg in another form than ldg dst, g[src1+off], N / stg g[dst+off], src1, N with N an "
	"immediate of 1-4 and a 16- or 32-bit type";
static const char why_align[] = "a global access not aligned to its size";
static const char why_unmapped[] = "a global access where the GPU has nothing mapped";
static const char why_range[] =
	"a global access outside the global buffer (a3xx only logs such IOMMU faults; what the "
	"access gives is not known)";

int a3xx_exec_bary(struct a3xx_run *r, const struct a3xx_sim_instr *si, unsigned rep)
{
	const struct a3xx_ins *ins = &si->ins;
	const struct a3xx_opnd *inloc = &si->ins.src[0], *ij = &si->ins.src[1];
	uint32_t ib, jb, k;
	double i, j, v[3];
	if (inloc->kind != A3XX_OPND_IMM)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_inloc);
	if (!a3xx_get(&si->w, 2, A2_FULL) || ij->kind != A3XX_OPND_REG || ij->neg || ij->abs ||
	    inloc->neg || inloc->abs)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_ij);
	if (r->th.varyings_ended)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_ended);
	k = (uint32_t)(inloc->val + (inloc->r ? rep : 0));
	if ((uint64_t)k * 16 + 12 > r->io->varyings_len)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_vary_range);
	if (a3xx_read_reg(r, (unsigned)(ij->val + (ij->r ? rep : 0)), 0, r->th.t, &ib) ||
	    a3xx_read_reg(r, (unsigned)(ij->val + (ij->r ? rep : 0)) + 1, 0, r->th.t, &jb))
		return -1;
	for (unsigned c = 0; c < 3; c++) {
		uint32_t bits = ip_le32(r->io->varyings + 16 * (size_t)k + 4 * c);
		if (a3xx_is_nan(bits, 0) || a3xx_is_denormal(bits, 0))
			return a3xx_stop(r, IP_STATUS_UNMODELED, "a NaN or denormal varying");
		v[c] = (double)ip_f32_from_bits(bits);
	}
	if (a3xx_is_nan(ib, 0) || a3xx_is_nan(jb, 0))
		return a3xx_stop(r, IP_STATUS_UNMODELED, "bary.f with a NaN i or j");
	i = (double)ip_f32_from_bits(ib);
	j = (double)ip_f32_from_bits(jb);
	if (ins->ei && rep == ins->f.rpt)
		r->th.varyings_ended = 1;
	return a3xx_write_float(r, ins, rep, v[0] + i * (v[1] - v[0]) + j * (v[2] - v[0]),
	                        r->th.t + A3XX_ALU_LATENCY, SYNC_NONE);
}

int a3xx_exec_cat5(struct a3xx_run *r, const struct a3xx_sim_instr *si)
{
	const struct a3xx_ins *ins = &si->ins;
	uint32_t x, y;
	unsigned n;
	if (ins->opc != A3XX_OPC5_ISAM)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat5_op);
	if (ins->is_3d || ins->is_a || ins->is_s || ins->is_s2en || ins->is_o || ins->is_p ||
	    ins->samp || ins->tex || a3xx_type_half(ins->type) || !a3xx_get(&si->w, 5, A5_FULL))
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat5_form);
	switch (ins->wrmask) {
	case 1: n = 1; break;
	case 3: n = 2; break;
	case 7: n = 3; break;
	case 15: n = 4; break;
	default: return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat5_mask);
	}
	if (a3xx_read_reg(r, (unsigned)ins->src[0].val, 0, r->th.t, &x) ||
	    a3xx_read_reg(r, (unsigned)ins->src[0].val + 1, 0, r->th.t, &y))
		return -1;
	if (y != 0 || (uint64_t)x * 16 + 16 > r->io->textures_len)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_texel);
	for (unsigned c = 0; c < n; c++)
		if (a3xx_write_reg(r, (unsigned)ins->dst.val + c, 0,
		                   ip_le32(r->io->textures + 16 * (size_t)x + 4 * c), 0, SYNC_SY))
			return -1;
	return 0;
}

/* The `size` bytes at GPU address addr: in the global buffer, or in the GPU's address space
 * when the caller maps it (io->mem). NULL: the run stopped. */
static uint8_t *global_at(struct a3xx_run *r, uint64_t addr, unsigned size, int write)
{
	uint8_t *p;
	if (addr % size) {
		a3xx_stop(r, IP_STATUS_UNMODELED, why_align);
		return NULL;
	}
	if (r->io->mem) {
		if (!(p = r->io->mem(r->io->mem_ctx, addr, size, write)))
			a3xx_stop(r, IP_STATUS_FAULT, why_unmapped);
		return p;
	}
	if (addr < r->io->global_base || addr - r->io->global_base + size > r->io->global_len) {
		a3xx_stop(r, IP_STATUS_UNMODELED, why_range);
		return NULL;
	}
	return r->io->global + (addr - r->io->global_base);
}

int a3xx_exec_cat6(struct a3xx_run *r, const struct a3xx_sim_instr *si)
{
	const struct a3xx_ins *ins = &si->ins;
	const ip_word *w = &si->w;
	int load = ins->opc == A3XX_OPC6_LDG, half = a3xx_type_half(ins->type);
	unsigned size = half ? 2 : 4, count = (unsigned)ins->src[1].val;
	uint32_t base, v;
	uint8_t *m;
	if (!load && ins->opc != A3XX_OPC6_STG)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat6_op);
	if (ins->type >= A3XX_U8 || a3xx_get(w, 6, A6_G) || a3xx_get(w, 6, A6_SRC1_IM) ||
	    ins->src[1].kind != A3XX_OPND_IMM || count < 1 || count > 4 ||
	    a3xx_get(w, 6, A6_SRC_OFF) != (uint64_t)load || a3xx_get(w, 6, A6_DST_OFF) == (uint64_t)load)
		return a3xx_stop(r, IP_STATUS_UNMODELED, why_cat6_form);
	if (load) {
		if (a3xx_read_reg(r, (unsigned)ins->src[0].val, 0, r->th.t, &base))
			return -1;
		for (unsigned k = 0; k < count; k++) {
			uint64_t addr = (uint64_t)(int64_t)((int64_t)base + ins->src_offset) + (uint64_t)k * size;
			if (!(m = global_at(r, addr, size, 0)))
				return -1;
			v = half ? ip_le16(m) : ip_le32(m);
			/* the result waits for the next (sy) */
			if (a3xx_write_reg(r, (unsigned)ins->dst.val + k, half, v, 0, SYNC_SY))
				return -1;
		}
		return 0;
	}
	if (a3xx_read_reg(r, (unsigned)ins->dst.val, 0, r->th.t, &base))
		return -1;
	for (unsigned k = 0; k < count; k++) {
		uint64_t addr = (uint64_t)(int64_t)((int64_t)base + ins->dst_offset) + (uint64_t)k * size;
		if (!(m = global_at(r, addr, size, 1)) ||
		    a3xx_read_reg(r, (unsigned)ins->src[0].val + k, half, r->th.t, &v))
			return -1;
		for (unsigned b = 0; b < size; b++)
			m[b] = (uint8_t)(v >> (8 * b));
	}
	return 0;
}

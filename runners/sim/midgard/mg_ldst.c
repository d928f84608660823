/* mg_ldst.c: Midgard load/store semantics: attribute, varying and uniform loads, varying stores,
 * with bits 25-50 as later public work describes them (docs/midgard-loadstore-bits.md). */

#include "common/byteorder.h"
#include "common/float_bits.h"
#include "common/fp16.h"
#include "mg_sim.h"

enum {
	OP_NOOP = 0x03,
	OP_LD_ATTR_32 = 0x94,
	OP_LD_ATTR_16 = 0x95,
	OP_LD_VARY_32 = 0x98,
	OP_LD_VARY_16 = 0x99,
	OP_LD_UNIFORM_16 = 0xAC, /* Mesa: ld_ubo_64 */
	OP_LD_UNIFORM_32 = 0xB0, /* Mesa: ld_ubo_128 */
	OP_ST_VARY_32 = 0xD4,
	OP_ST_VARY_16 = 0xD5,
};

#define LDST_REG_ZERO 7 /* Mesa: REGISTER_LDST_ZERO */
#define LDST_REG_BASE 26 /* argument/index register 0 is r26, 1 is r27 */

static int32_t sext(uint32_t v, unsigned bits)
{
	uint32_t m = UINT32_C(1) << (bits - 1);
	return (int32_t)((v ^ m) - m);
}

/* The 32-bit value an argument/index register select reads: r26 or r27 (written by ALU words),
 * or zero. The special registers 2-6 (program counter/stack, local storage pointers, thread
 * ids) have no counterpart in the job model. */
static int ldst_reg(struct mg_state *st, unsigned reg, unsigned comp, uint32_t *v)
{
	if (reg == LDST_REG_ZERO) {
		*v = 0;
		return 0;
	}
	if (reg < 2) {
		*v = st->r[LDST_REG_BASE + reg][comp];
		return 0;
	}
	return mg_stop(st, IP_STATUS_UNMODELED, 0,
	               "load/store special registers 2-6 (PC/SP, local storage, thread ids) are not "
	               "modeled");
}

/* Loads: register component i (mask bit i) takes memory component swz[i]; mem holds `have`
 * 32-bit components (2 for 16-bit loads: four halves). */
static int load_to_reg(struct mg_state *st, const struct mg_ls *ls, const uint32_t mem[4],
                       unsigned have)
{
	uint32_t *dst;
	if (ls->reg < 24 || ls->reg == 26 || ls->reg == 27)
		dst = st->r[ls->reg];
	else
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "load/store destinations r24, r25, r28-r31 are not modeled");
	for (unsigned i = 0; i < 4; i++)
		if (((ls->mask >> i) & 1) && ls->swz[i] >= have)
			return mg_stop(st, IP_STATUS_UNMODELED, 0,
			               "a 16-bit load's swizzle selects past the 64 bits it loads");
	for (unsigned i = 0; i < 4; i++)
		if ((ls->mask >> i) & 1)
			dst[i] = mem[ls->swz[i]];
	return 0;
}

/* The immediate buffer index: arg_comp, arg_reg, bitsize_toggle, index_format side by side,
 * in that order from bit 0 (Mesa midgard_unpack_ubo_index_imm). */
static uint32_t ubo_index_imm(const struct mg_fields *f, const struct mg_ls *ls)
{
	unsigned at = 0;
	uint32_t v = 0;
	v |= (uint32_t)ls->arg_comp << at;
	at += f->ls_arg_comp.width;
	v |= (uint32_t)ls->arg_reg << at;
	at += f->ls_arg_reg.width;
	v |= (uint32_t)ls->bitsize << at;
	at += f->ls_bitsize.width;
	v |= (uint32_t)ls->index_format << at;
	return v;
}

static int uniform_load(const struct mg_ls *ls, struct mg_state *st, const struct mg_tables *t)
{
	const struct mg_fields *f = t->f;
	unsigned size = ls->op == OP_LD_UNIFORM_32 ? 16 : 8;
	uint32_t ubo, index, mem[4] = {0, 0, 0, 0};
	int64_t byte;

	if (mg_sub(ls->soff, f->ubo_imm)) {
		ubo = ubo_index_imm(f, ls);
	} else {
		if (ls->bitsize || ls->index_format)
			return mg_stop(st, IP_STATUS_UNMODELED, 0,
			               "bit-size toggle / index format on a uniform load with a "
			               "register buffer index are not described");
		if (ldst_reg(st, ls->arg_reg, ls->arg_comp, &ubo) != 0)
			return -1;
	}
	if (ubo != 0)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "the job binds only uniform buffer 0");
	if (mg_sub(ls->soff, f->ubo_unk1))
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "bit 43 of a uniform load is not described");
	if (ldst_reg(st, ls->index_reg, ls->index_comp, &index) != 0)
		return -1;
	byte = (int64_t)(int32_t)(index << ls->index_shift) +
	       sext(mg_sub(ls->soff, f->ubo_byte_offset), f->ubo_byte_offset.width);
	if (byte % size != 0)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "a uniform load not aligned to its size is not described");
	if (byte < 0 || byte + size > (int64_t)t->uniforms_len)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "a uniform load outside the uniform buffer is not described");
	for (unsigned k = 0; k < size / 4; k++)
		mem[k] = ip_le32(t->uniforms + byte + 4 * k);
	return load_to_reg(st, ls, mem, size / 4);
}

static int attribute_op(const struct mg_ls *ls, struct mg_state *st, const struct mg_tables *t)
{
	int is_store = ls->op == OP_ST_VARY_32 || ls->op == OP_ST_VARY_16;
	int is_vary_load = ls->op == OP_LD_VARY_32 || ls->op == OP_LD_VARY_16;
	int is16 = ls->op == OP_LD_ATTR_16 || ls->op == OP_LD_VARY_16 || ls->op == OP_ST_VARY_16;
	int secondary = ls->index_format >> 1;
	uint32_t index, vertex = t->invocation, rec[4];
	int64_t slot;
	size_t block, len;
	const uint8_t *rbase = NULL;
	uint8_t *wbase = NULL;
	unsigned modifier = 0;

	if (ls->index_format & 1)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "type inference from the attribute descriptor (index format bit 0) is "
		               "not modeled: the job has no descriptors");
	if (ldst_reg(st, ls->index_reg, ls->index_comp, &index) != 0)
		return -1;
	slot = (int64_t)(int32_t)(index << ls->index_shift) + sext(ls->addr, t->f->ls_addr.width);
	if (ls->bitsize) {
		/* explicit vertex index: argument register + signed 9-bit offset */
		uint32_t arg;
		int64_t v;
		if (ldst_reg(st, ls->arg_reg, ls->arg_comp, &arg) != 0)
			return -1;
		v = (int64_t)(int32_t)arg + sext(ls->offset_lo, t->f->ls_offset_lo.width);
		if (v < 0 || v >= (int64_t)t->invocations)
			return mg_stop(st, IP_STATUS_UNMODELED, 0,
			               "an explicit vertex index outside the job's vertices");
		vertex = (uint32_t)v;
	} else if (is_vary_load) {
		/* varying parameters; the interpolation qualifiers change nothing here (the job
		 * feeds each vertex its interpolated record) */
		modifier = mg_sub(ls->offset_lo, t->f->vp_modifier);
		if (modifier >= 4)
			return mg_stop(st, IP_STATUS_UNMODELED, 0,
			               "varying modifier 4 (cube map) and 5-7 are not modeled");
		if (mg_sub(ls->offset_lo, t->f->vp_zero) || mg_sub(ls->offset_lo, t->f->vp_sample_pos))
			return mg_stop(st, IP_STATUS_UNMODELED, 0,
			               "the always-zero varying parameter bit and direct sample "
			               "positions are not modeled");
	} else if (ls->offset_lo) {
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "bits 42-50 without explicit vertex indexing are not described for "
		               "this opcode");
	}
	if (is_store) {
		wbase = secondary ? t->vary_out_all : t->attr_out_all;
		block = secondary ? t->vary_out_block : t->attr_out_block;
	} else {
		rbase = secondary ? t->vary_in_all : t->attr_all;
		block = secondary ? t->vary_in_block : t->attr_block;
	}
	len = block;
	if (slot < 0 || (uint64_t)(slot + 1) * 16 > len)
		return mg_stop(st, IP_STATUS_UNMODELED, 0,
		               "an attribute/varying index outside the table");
	if (!is_store) {
		const uint8_t *p = rbase + (size_t)vertex * block + (size_t)slot * 16;
		uint32_t mem[4];
		for (unsigned k = 0; k < 4; k++)
			rec[k] = ip_le32(p + 4 * k);
		if (modifier) {
			float d = ip_f32_from_bits(rec[modifier]);
			for (unsigned k = 0; k < 4; k++)
				rec[k] = ip_f32_bits(ip_f32_from_bits(rec[k]) / d);
		}
		if (!is16)
			return load_to_reg(st, ls, rec, 4);
		for (unsigned k = 0; k < 2; k++)
			mem[k] = (uint32_t)ip_double_to_f16(ip_f32_from_bits(rec[2 * k])) |
			         (uint32_t)ip_double_to_f16(ip_f32_from_bits(rec[2 * k + 1])) << 16;
		mem[2] = mem[3] = 0;
		return load_to_reg(st, ls, mem, 2);
	} else {
		uint8_t *p = wbase + (size_t)vertex * block + (size_t)slot * 16;
		const uint32_t *src;
		uint32_t s[4];
		if (ls->reg < 24 || ls->reg == 26 || ls->reg == 27)
			src = st->r[ls->reg];
		else
			return mg_stop(st, IP_STATUS_UNMODELED, 0,
			               "store sources r24, r25, r28-r31 are not modeled");
		for (unsigned i = 0; i < 4; i++)
			s[i] = src[ls->swz[i]];
		for (unsigned c = 0; c < 4; c++) {
			uint32_t v = s[c];
			if (!((ls->mask >> c) & 1))
				continue;
			if (is16) {
				uint16_t h = (uint16_t)(s[c / 2] >> (16 * (c % 2)));
				v = ip_f32_bits((float)ip_f16_to_double(h));
			}
			ip_put_le32(p + 4 * c, v);
		}
		return 0;
	}
}

int mg_ls_run(const struct mg_ls *ls, struct mg_state *st, const struct mg_tables *t)
{
	switch (ls->op) {
	case OP_NOOP:
		return 0;
	case OP_LD_ATTR_32:
	case OP_LD_ATTR_16:
	case OP_LD_VARY_32:
	case OP_LD_VARY_16:
	case OP_ST_VARY_32:
	case OP_ST_VARY_16:
		return attribute_op(ls, st, t);
	case OP_LD_UNIFORM_16:
	case OP_LD_UNIFORM_32:
		return uniform_load(ls, st, t);
	default:
		return mg_stop(st, IP_STATUS_UNMODELED, 0, "load/store opcode not modeled");
	}
}

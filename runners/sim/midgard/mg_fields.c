/* mg_fields.c: looks every field the simulator reads up by name in the Midgard encoder tables,
 * once, and keeps (position, width); no bit position is written in the simulator. */
#include <string.h>

#include "mg_sim.h"

struct lookup {
	struct ip_diag *d;
	int failed;
};

/* The field `name` of fmt that is active when the selector `sel` (in fmt or its context)
 * holds `val` (sel NULL: the unconditional or first field of that name). */
static struct mg_fd field(struct lookup *lk, const struct ip_format *fmt, const char *name,
                          const char *sel, unsigned val)
{
	struct mg_fd fd = {0, 1};
	const struct ip_field *f = NULL;
	if (!sel) {
		f = ip_format_field(fmt, name);
	} else {
		ip_word word = ip_word_zero(), ctx = ip_word_zero();
		const struct ip_field *s = ip_format_field(fmt, sel);
		if (s)
			ip_field_set(s, &word, val);
		else if (fmt->context && (s = ip_format_field(fmt->context, sel)) != NULL)
			ip_field_set(s, &ctx, val);
		if (s)
			f = ip_format_active_field(fmt, name, &word, &ctx);
	}
	if (!f) {
		if (!lk->failed)
			ip_diag_plain(lk->d, "midgard simulator: no field '%s' in table %s", name,
			              fmt->name);
		lk->failed = 1;
		return fd;
	}
	fd.lo = f->lo;
	fd.width = f->width;
	return fd;
}

/* Inline-constant pieces: the encoder's list says which field holds which constant bits. */
static unsigned imm_pieces(struct lookup *lk, const struct ip_format *fmt,
                           const struct midgard_imm_piece *list, struct mg_imm_piece *out)
{
	unsigned n = 0;
	for (; list->field && n < MG_IMM_PIECES; list++, n++) {
		int in_reg = ip_format_field(fmt, list->field) == NULL;
		out[n].in_reg = (uint8_t)in_reg;
		out[n].const_lo = (uint8_t)list->const_lo;
		out[n].fd = in_reg ? field(lk, &midgard_alu_reg, list->field, "src2_imm", 1)
		                   : field(lk, fmt, list->field, "src2_imm", 1);
	}
	return n;
}

int mg_fields_init(struct mg_fields *f, struct ip_diag *d)
{
	struct lookup lk = {d, 0};
	const struct ip_format *ctl = &midgard_alu_control, *reg = &midgard_alu_reg;
	const struct ip_format *vec = &midgard_vector_alu, *sca = &midgard_scalar_alu;
	const struct ip_format *br = &midgard_branch_compact, *ls = &midgard_load_store;
	static const char *const ctl_unknown[] = {"unk8", "unk18", "unk20", "unk22", "unk24", "unk28"};
	static const char *const src_pref[2][5] = {
		{"src1_abs", "src1_neg", "src1_expand", "src1_swz", "src1_full"},
		{"src2_abs", "src2_neg", "src2_expand", "src2_swz", "src2_full"},
	};
	struct mg_fd unk25, pub;

	memset(f, 0, sizeof *f);
	f->ctl_type = field(&lk, ctl, "type", NULL, 0);
	f->ctl_next = field(&lk, ctl, "next", NULL, 0);
	for (unsigned u = 0; u < MIDGARD_UNIT_COUNT; u++) {
		f->ctl_unit[u] = field(&lk, ctl, midgard_units[u].enable_field, NULL, 0);
		f->unit_bits[u] = midgard_units[u].fmt->bits;
	}
	f->ctl_nunk = IP_COUNT(ctl_unknown);
	for (unsigned i = 0; i < f->ctl_nunk; i++)
		f->ctl_unk[i] = field(&lk, ctl, ctl_unknown[i], NULL, 0);
	f->ctl_bits = ctl->bits;
	f->reg_bits = reg->bits;

	f->reg_src1 = field(&lk, reg, "src1", NULL, 0);
	f->reg_src2 = field(&lk, reg, "src2", "src2_imm", 0);
	f->reg_dst = field(&lk, reg, "dst", NULL, 0);
	f->reg_imm = field(&lk, reg, "src2_imm", NULL, 0);

	f->v_op = field(&lk, vec, "op", NULL, 0);
	f->v_mode = field(&lk, vec, "mode", NULL, 0);
	for (unsigned s = 0; s < 2; s++) {
		f->v_abs[s] = field(&lk, vec, src_pref[s][0], NULL, 0);
		f->v_neg[s] = field(&lk, vec, src_pref[s][1], NULL, 0);
		f->v_expand[s] = field(&lk, vec, src_pref[s][2], NULL, 0);
		f->v_swz[s] = field(&lk, vec, src_pref[s][3], NULL, 0);
		f->s_abs[s] = field(&lk, sca, src_pref[s][0], NULL, 0);
		f->s_neg[s] = field(&lk, sca, src_pref[s][1], NULL, 0);
		f->s_full[s] = field(&lk, sca, src_pref[s][4], NULL, 0);
	}
	f->v_out_size = field(&lk, vec, "out_size", NULL, 0);
	f->v_outmod = field(&lk, vec, "outmod", NULL, 0);
	f->v_mask = field(&lk, vec, "mask", NULL, 0);
	f->v_nimm = imm_pieces(&lk, vec, midgard_vector_imm, f->v_imm);

	f->s_op = field(&lk, sca, "op", NULL, 0);
	f->s1_unused11 = field(&lk, sca, "src1_unused11", "src1_full", 1);
	f->s1_comp_full = field(&lk, sca, "src1_comp", "src1_full", 1);
	f->s1_comp_half = field(&lk, sca, "src1_comp", "src1_full", 0);
	f->s1_hsel = field(&lk, sca, "src1_hsel", "src1_full", 0);
	f->s2_lane = field(&lk, sca, "src2_comp", "src2_imm", 0);
	f->s_unk20 = field(&lk, sca, "unk20", "src2_imm", 0);
	f->s_unk25 = field(&lk, sca, "unk25", NULL, 0);
	f->s_outmod = field(&lk, sca, "outmod", NULL, 0);
	f->s_out_full = field(&lk, sca, "out_full", NULL, 0);
	f->s_out_unused29 = field(&lk, sca, "out_unused29", "out_full", 1);
	f->s_out_comp_full = field(&lk, sca, "out_comp", "out_full", 1);
	f->s_out_comp_half = field(&lk, sca, "out_comp", "out_full", 0);
	f->s_out_hsel = field(&lk, sca, "out_hsel", "out_full", 0);
	f->s_nimm = imm_pieces(&lk, sca, midgard_scalar_imm, f->s_imm);

	f->br_op = field(&lk, br, "op", NULL, 0);
	f->br_cond_tag = field(&lk, br, "dest_tag", "op", 2);
	f->br_cond_offset = field(&lk, br, "offset", "op", 2);
	f->br_cond = field(&lk, br, "cond", "op", 2);
	f->br_jmp_tag = field(&lk, br, "dest_tag", "op", 1);
	f->br_jmp_unk7 = field(&lk, br, "unk7", "op", 1);
	f->br_jmp_offset = field(&lk, br, "offset", "op", 1);

	f->ls_type = field(&lk, &midgard_ls_tag, "type", NULL, 0);
	f->ls_next = field(&lk, &midgard_ls_tag, "next", NULL, 0);
	f->ls_slot_lo[0] = midgard_ls_tag.bits;
	f->ls_slot_lo[1] = midgard_ls_tag.bits + ls->bits;
	f->ls_op = field(&lk, ls, "op", NULL, 0);
	f->ls_reg = field(&lk, ls, "reg", NULL, 0);
	f->ls_mask = field(&lk, ls, "mask", NULL, 0);
	f->ls_swz = field(&lk, ls, "swz", NULL, 0);
	f->ls_addr = field(&lk, ls, "addr", NULL, 0);
	unk25 = field(&lk, ls, "unk25", NULL, 0);
#define PUB(dst, name)                                                   \
	do {                                                             \
		pub = field(&lk, &midgard_ls_public, name, NULL, 0);     \
		f->dst.lo = (uint16_t)(unk25.lo + pub.lo);               \
		f->dst.width = pub.width;                                \
	} while (0)
	PUB(ls_arg_comp, "arg_comp");
	PUB(ls_arg_reg, "arg_reg");
	PUB(ls_bitsize, "bitsize_toggle");
	PUB(ls_index_format, "index_format");
	PUB(ls_index_comp, "index_comp");
	PUB(ls_index_reg, "index_reg");
	PUB(ls_index_shift, "index_shift");
	PUB(ls_offset_lo, "offset_lo");
#undef PUB
	f->vp_modifier = field(&lk, &midgard_ls_varying_params, "modifier", NULL, 0);
	f->vp_zero = field(&lk, &midgard_ls_varying_params, "zero", NULL, 0);
	f->vp_sample_pos = field(&lk, &midgard_ls_varying_params, "sample_pos", NULL, 0);
	f->ubo_imm = field(&lk, &midgard_ls_ubo_offset, "ubo_imm", NULL, 0);
	f->ubo_unk1 = field(&lk, &midgard_ls_ubo_offset, "unk1", NULL, 0);
	f->ubo_byte_offset = field(&lk, &midgard_ls_ubo_offset, "byte_offset", NULL, 0);
	for (unsigned k = 0; k < 4; k++) {
		static const char *const cname[4] = {"c0", "c1", "c2", "c3"};
		f->consts[k] = field(&lk, &midgard_alu_constants, cname[k], NULL, 0);
	}
	f->tex_type = field(&lk, &midgard_texture, "type", NULL, 0);
	f->tex_next = field(&lk, &midgard_texture, "next", NULL, 0);
	return lk.failed ? -1 : 0;
}

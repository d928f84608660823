/* midgard_syntax.c: field access across an ALU unit's field and register word, and the
 * inline-constant pieces, for the Midgard assembler and disassembler. */
#include "midgard_syntax.h"

const char midgard_comp_letters[4] = {'x', 'y', 'z', 'w'};

const struct ip_field *midgard_find(const struct midgard_unit_words *u, const char *name,
                                    ip_word **word)
{
	const struct ip_field *f = ip_format_active_field(u->fmt, name, u->unit, u->reg);
	if (f) {
		*word = u->unit;
		return f;
	}
	if (u->reg) {
		f = ip_format_active_field(&midgard_alu_reg, name, u->reg, NULL);
		if (f) {
			*word = u->reg;
			return f;
		}
	}
	return NULL;
}

uint64_t midgard_get(const struct midgard_unit_words *u, const char *name)
{
	ip_word *w;
	const struct ip_field *f = midgard_find(u, name, &w);
	return f ? ip_field_get(f, w) : 0;
}

int midgard_set(const struct midgard_unit_words *u, const char *name, uint64_t v)
{
	ip_word *w;
	const struct ip_field *f = midgard_find(u, name, &w);
	if (!f)
		return -1;
	ip_field_set(f, w, v);
	return 0;
}

uint16_t midgard_imm_get(const struct midgard_unit_words *u, const struct midgard_imm_piece *p)
{
	uint16_t v = 0;
	for (; p->field; p++)
		v |= (uint16_t)(midgard_get(u, p->field) << p->const_lo);
	return v;
}

void midgard_imm_set(const struct midgard_unit_words *u, const struct midgard_imm_piece *p,
                     uint16_t value)
{
	for (; p->field; p++) {
		ip_word *w;
		const struct ip_field *f = midgard_find(u, p->field, &w);
		if (f)
			ip_field_set(f, w, (uint64_t)value >> p->const_lo);
	}
}

int midgard_role_unit(uint8_t role)
{
	return role < MIDGARD_UNIT_COUNT ? (int)role : -1;
}

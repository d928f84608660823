/* public_overlay.c: an ISA's public-knowledge overlay, read by the reports only. Each ISA's
 * overlay lives beside its field tables; its descriptor points at it (isaprobe/isa.h). */
#include "isaprobe/internal/public.h"
#include "isaprobe/isa.h"

const struct ip_public_overlay *ip_public_overlay(const char *isa)
{
	const struct ip_isa *i = isa ? ip_isa_find(isa) : NULL;
	return i ? i->public_overlay : NULL;
}

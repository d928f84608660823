/* public_overlay.c: the list of the ISAs' public-knowledge overlays (one line per ISA that has
 * one), read by the reports only. */
#include <string.h>

#include "isaprobe/internal/public.h"

extern const struct ip_public_overlay midgard_public, bifrost_public, utgard_gp_public, a3xx_public,
	ctm_public, ctm_cb_public;

static const struct ip_public_overlay *const overlays[] = {
	&midgard_public, &bifrost_public, &utgard_gp_public, &a3xx_public, &ctm_public, &ctm_cb_public,
};

const struct ip_public_overlay *ip_public_overlay(const char *isa)
{
	for (size_t i = 0; i < sizeof overlays / sizeof overlays[0]; i++)
		if (isa && !strcmp(overlays[i]->isa, isa))
			return overlays[i];
	return NULL;
}

/* isa_registry.c: the list of ISAs isaprobe knows. Adding an ISA adds one line here.
 * Lookups by name serve the command line (-i ISA) and probe files. */
#include <string.h>

#include "isaprobe/isa.h"
#include "a3xx/a3xx.h"
#include "bifrost/bifrost.h"
#include "ctm/ctm.h"
#include "midgard/midgard.h"
#include "utgard_gp/utgard_gp.h"

static const struct ip_isa *const all_isas[] = {
	&midgard_isa,
	&bifrost_isa,
	&utgard_gp_isa,
	&ctm_isa,
	&ctm_cb_isa,
	&a3xx_isa,
	NULL,
};

const struct ip_isa *const *ip_isa_all(void)
{
	return all_isas;
}

const struct ip_isa *ip_isa_find(const char *name)
{
	for (const struct ip_isa *const *i = all_isas; *i; i++)
		if (strcmp((*i)->name, name) == 0)
			return *i;
	return NULL;
}

const struct ip_format *ip_isa_format(const struct ip_isa *isa, const char *name)
{
	for (unsigned i = 0; i < isa->nformats; i++)
		if (strcmp(isa->formats[i]->name, name) == 0)
			return isa->formats[i];
	return NULL;
}

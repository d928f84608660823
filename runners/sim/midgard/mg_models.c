/* mg_models.c: the Midgard GPU models the simulator knows and how they differ.
 * Sources and the full comparison: docs/midgard-simulator.md ("GPU models"). */
#include <strings.h>

#include "mg_sim.h"

/* GPU ids and architecture numbers: Mesa src/panfrost (pan_props.c, gen_macros.h) and the
 * panfrost kernel driver. Upper ALU word types 0xC-0xF: Mesa's MIDGARD_NO_UPPER_ALU quirk
 * (midgard_quirks.h) says they fault with INSTR_INVALID_ENC on T60x/T62x and T760. */
const struct mg_model mg_models[] = {
	{"t760", 0x750, 5, 0}, /* the default: first in the list */
	{"t604", 0x600, 4, 0},
	{"t628", 0x620, 4, 0},
	{"t860", 0x860, 5, 1},
	{NULL, 0, 0, 0},
};

const char *const mg_model_names[] = {"t760", "t604", "t628", "t860", NULL};

const struct mg_model *mg_model_find(const char *name)
{
	if (!name)
		return &mg_models[0];
	for (const struct mg_model *m = mg_models; m->name; m++)
		if (strcasecmp(m->name, name) == 0)
			return m;
	return NULL;
}

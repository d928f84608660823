/* r5xx_gpus.c: PCI device ids of the R5xx family (X1000 series) to models, as the kernel's
 * radeon driver matches them (docs/radeon-sources.md). Every R5xx fragment processor runs the
 * CTM (DPP) ISA; the CTM guide's own board is the R580 (X1900). */
#include <stddef.h>

#include "drm_gpus.h"

struct r5xx_range {
	uint16_t first, last;
	const char *model, *title;
};

/* ids the kernel's table lists for each chip, as ranges where it lists a run of them */
static const struct r5xx_range r5xx_ids[] = {
	{0x7100, 0x710f, "r520", "Radeon X1800 (R520)"},
	{0x7140, 0x715f, "rv515", "Radeon X1300/X1550 (RV515)"},
	{0x7180, 0x719f, "rv515", "Radeon X1300/X1550 (RV515)"},
	{0x7200, 0x7211, "rv515", "Radeon X1300/X1550 (RV515)"},
	{0x71c0, 0x71de, "rv530", "Radeon X1600/X1650 (RV530)"},
	{0x7240, 0x724f, "r580", "Radeon X1900/X1950 (R580)"},
	{0x7284, 0x7284, "r580", "Mobility Radeon X1900 (R580)"},
	{0x7280, 0x7280, "rv570", "Radeon X1950 Pro (RV570)"},
	{0x7288, 0x728c, "rv570", "Radeon X1950 GT (RV570)"},
	{0x7281, 0x7281, "rv560", "Radeon X1650 (RV560)"},
	{0x7283, 0x7283, "rv560", "Radeon X1650 (RV560)"},
	{0x7287, 0x7287, "rv560", "Radeon X1650 (RV560)"},
	{0x7290, 0x7297, "rv560", "Radeon X1650 (RV560)"},
};

void ip_drm_radeon_gpu(uint32_t pci_id, struct ip_drm_gpu *g)
{
	g->id = pci_id;
	g->revision = 0;
	g->arch = 5; /* R5xx */
	g->model = "unknown";
	g->title = "unknown Radeon";
	g->isa = NULL;
	for (size_t i = 0; i < sizeof r5xx_ids / sizeof r5xx_ids[0]; i++)
		if (pci_id >= r5xx_ids[i].first && pci_id <= r5xx_ids[i].last) {
			g->model = r5xx_ids[i].model;
			g->title = r5xx_ids[i].title;
			g->isa = "ctm";
		}
}

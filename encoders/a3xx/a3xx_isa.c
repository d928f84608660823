/* a3xx_isa.c: the a3xx plug (include/isaprobe/isa.h's checklist): its word formats and entry
 * points, and where its Mesa names, overlay, registers, simulator and harness are. */
#include <stdio.h>

#include "a3xx.h"
#include "isaprobe/a3xx_regs.h"

extern const struct ip_mesa a3xx_mesa;               /* a3xx_mesa_names.c */
extern const struct ip_public_overlay a3xx_public;   /* a3xx_public.c */
extern const struct ip_sim_isa a3xx_sim;             /* runners/sim/a3xx/ */
extern const struct ip_drm_jobkind ip_drm_a3xx_kind; /* runners/drm/a3xx_vs.c */
extern const struct ip_harness a3xx_harness;         /* runners/harness/a3xx_harness.c */

static const struct ip_format *const formats[A3XX_CATEGORIES] = {
	&a3xx_cat_formats[0], &a3xx_cat_formats[1], &a3xx_cat_formats[2], &a3xx_cat_formats[3],
	&a3xx_cat_formats[4], &a3xx_cat_formats[5], &a3xx_cat_formats[6], &a3xx_cat_formats[7],
};

/* Full registers, then half registers two to a row, then a0 and p0 (isaprobe/a3xx_regs.h). */
static void a3xx_row_label(unsigned r, char *label, size_t n)
{
	if (r >= A3XX_FULL_REGS / 4 && r < A3XX_REGS_A0_AT / 16)
		snprintf(label, n, "hr%u-%u", 2 * (r - A3XX_FULL_REGS / 4),
		         2 * (r - A3XX_FULL_REGS / 4) + 1);
	else if (r >= A3XX_REGS_A0_AT / 16)
		snprintf(label, n, "a0,p0");
	else
		snprintf(label, n, "r%u", r);
}

static const struct ip_isa_regs a3xx_regs = {.bytes = A3XX_REGS_BYTES, .row_label = a3xx_row_label};

const struct ip_isa a3xx_isa = {
	.name = "a3xx",
	.title = "Adreno a3xx (freedreno ir3)",
	.seed = "docs/notes/004_3339d99c21457542.txt",
	.formats = formats,
	.nformats = A3XX_CATEGORIES,
	.unpack = a3xx_unpack,
	.pack = a3xx_pack,
	.assemble = a3xx_assemble,
	.disassemble = a3xx_disassemble,
	.disassemble_expanded = a3xx_disassemble_expanded,
	.docs = "a3xx",
	.golden = "tests/golden/a3xx.txt",
	.mesa = &a3xx_mesa,
	.public_overlay = &a3xx_public,
	.regs = &a3xx_regs,
	.export_format = "isaspec",
	.sim = &a3xx_sim,
	.drm_kind = &ip_drm_a3xx_kind,
	.harness = &a3xx_harness,
};

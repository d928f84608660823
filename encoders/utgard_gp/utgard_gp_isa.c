/* utgard_gp_isa.c: the Utgard GP's plug (include/isaprobe/isa.h's checklist): its word format
 * and entry points, and where its Mesa names, overlay, registers and simulator are. */
#include "utgard_gp.h"

extern const struct ip_mesa utgard_gp_mesa;               /* utgard_gp_mesa_names.c */
extern const struct ip_public_overlay utgard_gp_public;   /* utgard_gp_public.c */
extern const struct ip_sim_isa utgard_gp_sim;             /* runners/sim/utgard_gp/ */
extern const struct ip_drm_jobkind ip_drm_utgard_gp_kind; /* runners/drm/lima_gp.c */

static const struct ip_format *const formats[] = {&utgard_gp_instr};

/* 16 rows of 16 bytes (docs/utgard-gp-simulator.md). */
static const struct ip_isa_regs utgard_gp_regs = {.bytes = 16 * 16};

const struct ip_isa utgard_gp_isa = {
	.name = "utgard_gp",
	.title = "Mali-200/400 (Utgard) GP vertex processor",
	.seed = "docs/notes/001_4b8138d72e63c526.txt",
	.formats = formats,
	.nformats = IP_COUNT(formats),
	.unpack = utgard_gp_unpack,
	.pack = utgard_gp_pack,
	.assemble = utgard_gp_assemble,
	.disassemble = utgard_gp_disassemble,
	.docs = "utgard-gp",
	.golden = "tests/golden/utgard_gp.txt",
	.mesa = &utgard_gp_mesa,
	.public_overlay = &utgard_gp_public,
	.regs = &utgard_gp_regs,
	.export_format = "markdown",
	.sim = &utgard_gp_sim,
	.drm_kind = &ip_drm_utgard_gp_kind,
	.no_harness = "a GPU's register file cannot be set or read from outside the shader, and no "
	              "harness is written for the GP yet (docs/harness.md)",
};

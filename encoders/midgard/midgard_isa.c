/* midgard_isa.c: Midgard's plug (include/isaprobe/isa.h's checklist): its word formats and
 * entry points, and where its Mesa names, overlay, registers, simulator and harness are. */
#include "midgard.h"

extern const struct ip_mesa midgard_mesa;               /* midgard_mesa_names.c */
extern const struct ip_public_overlay midgard_public;   /* midgard_public.c */
extern const struct ip_sim_isa midgard_sim;             /* runners/sim/midgard/ */
extern const struct ip_drm_jobkind ip_drm_midgard_kind; /* runners/drm/pan_midgard.c */
extern const struct ip_harness midgard_harness;         /* runners/harness/midgard_harness.c */

static const struct ip_format *const midgard_formats[] = {
	&midgard_alu_control,   &midgard_alu_reg,       &midgard_vector_alu,
	&midgard_scalar_alu,    &midgard_branch_compact, &midgard_branch_extended,
	&midgard_alu_constants, &midgard_alu_padding,   &midgard_ls_tag,
	&midgard_load_store,    &midgard_texture,
};

/* 32 registers of 16 bytes (docs/midgard-simulator.md). */
static const struct ip_isa_regs midgard_regs = {.bytes = 32 * 16};

const struct ip_isa midgard_isa = {
	.name = "midgard",
	.title = "Mali Midgard (T6xx-T8xx) shader cores",
	.seed = "docs/notes/000_3a2d5c54c1fe762a.txt",
	.formats = midgard_formats,
	.nformats = IP_COUNT(midgard_formats),
	.unpack = midgard_unpack,
	.pack = midgard_pack,
	.assemble = midgard_assemble,
	.disassemble = midgard_disassemble,
	.docs = "midgard",
	.golden = "tests/golden/midgard.txt",
	.mesa = &midgard_mesa,
	.public_overlay = &midgard_public,
	.regs = &midgard_regs,
	.export_format = "markdown",
	.sim = &midgard_sim,
	.drm_kind = &ip_drm_midgard_kind,
	.harness = &midgard_harness,
};

/* bifrost_isa.c: Bifrost's plug (include/isaprobe/isa.h's checklist): its word formats (from
 * bifrost_tables.c and bifrost_ops.c), entry points, and where its other parts are. */
#include "bifrost.h"

extern const struct ip_mesa bifrost_mesa;               /* bifrost_mesa_names.c */
extern const struct ip_public_overlay bifrost_public;   /* bifrost_public.c */
extern const struct ip_sim_isa bifrost_sim;             /* runners/sim/bifrost/ */
extern const struct ip_drm_jobkind ip_drm_bifrost_kind; /* runners/drm/pan_bifrost.c */
extern const struct ip_harness bifrost_harness;         /* runners/harness/bifrost_harness.c */

static const struct ip_format *const bifrost_formats[] = {
	&bifrost_header,      &bifrost_reg32,       &bifrost_reg64,      &bifrost_const,
	&bifrost_unused42,    &bifrost_unused15,    &bifrost_unused12,   &bifrost_unused9,
	&bifrost_fma_one,     &bifrost_fma_two,     &bifrost_fma_fcmp,   &bifrost_fma_fcmp16,
	&bifrost_fma_fmod,    &bifrost_fma_fmod16,  &bifrost_fma_three,  &bifrost_fma_fma,
	&bifrost_fma_fma16,   &bifrost_fma_four,    &bifrost_fma_mscale, &bifrost_add_one,
	&bifrost_add_two,     &bifrost_add_fmod,    &bifrost_add_fcmp,   &bifrost_add_fcmp16,
	&bifrost_add_fmod16,  &bifrost_add_minmax16, &bifrost_add_mscale, &bifrost_add_three,
	&bifrost_add_tex,     &bifrost_add_texc,    &bifrost_add_ldvar,  &bifrost_add_ldattr,
	&bifrost_add_varaddr, &bifrost_add_branch,
};

/* 64 registers of 4 bytes (docs/bifrost-simulator.md). */
static const struct ip_isa_regs bifrost_regs = {.bytes = 64 * 4};

const struct ip_isa bifrost_isa = {
	.name = "bifrost",
	.title = "Mali Bifrost (G71 and later) shader cores",
	.seed = "docs/notes/003_1f8067fbcc28bcec.txt",
	.formats = bifrost_formats,
	.nformats = IP_COUNT(bifrost_formats),
	.unpack = bifrost_unpack,
	.pack = bifrost_pack,
	.assemble = bifrost_assemble,
	.disassemble = bifrost_disassemble,
	.docs = "bifrost",
	.golden = "tests/golden/bifrost.txt",
	.mesa = &bifrost_mesa,
	.public_overlay = &bifrost_public,
	.regs = &bifrost_regs,
	.export_format = "bifrost-isa-xml",
	.sim = &bifrost_sim,
	.drm_kind = &ip_drm_bifrost_kind,
	.harness = &bifrost_harness,
};

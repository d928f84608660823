/* bifrost_isa.c: the Bifrost entry in the ISA registry: its word formats and entry points.
 * The formats themselves are in bifrost_tables.c and bifrost_ops.c. */
#include "bifrost.h"

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

const struct ip_isa bifrost_isa = {
	"bifrost",
	"Mali Bifrost (G71 and later) shader cores",
	"docs/notes/003_1f8067fbcc28bcec.txt",
	bifrost_formats,
	IP_COUNT(bifrost_formats),
	bifrost_unpack,
	bifrost_pack,
	bifrost_assemble,
	bifrost_disassemble,
	NULL,
};

/* ctm_isa.c: the plugs of the two CTM ISAs (include/isaprobe/isa.h's checklist): DPP programs
 * (ctm) and the command buffers that run them (ctm_cb), with their formats and entry points. */
#include "ctm.h"

extern const struct ip_public_overlay ctm_public, ctm_cb_public; /* ctm_public.c */
extern const struct ip_sim_isa ctm_sim;                          /* runners/sim/ctm/ */
extern const struct ip_drm_jobkind ip_drm_ctm_radeon_kind;       /* runners/drm/r5xx_ctm.c */

#define CTM_CB_FORMATS                                                                   \
	&ctm_cmd_header, &ctm_p_raw, &ctm_p_reserved, &ctm_p_domain, &ctm_p_base, &ctm_p_format, \
	&ctm_p_height, &ctm_p_input, &ctm_p_output, &ctm_p_cond, &ctm_p_loc, &ctm_p_outmask,     \
	&ctm_p_condmask, &ctm_p_enable

static const struct ip_format *const ctm_formats[] = {
	&ctm_inst0, &ctm_inst1, &ctm_inst2, &ctm_inst3, &ctm_inst4, &ctm_inst5,
	&ctm_note_type_word, &ctm_note_word, &ctm_proginfo_word0, &ctm_proginfo_word1,
	&ctm_proginfo_wordn, CTM_CB_FORMATS,
};

#define NO_REGISTERS "no registers role: a DPP program's results are the outputs it writes"

const struct ip_isa ctm_isa = {
	.name = "ctm",
	.title = "ATI CTM data-parallel processor (R5xx fragment processor): programs and "
	         "executables",
	.seed = "docs/notes/002_4c86a11da0c70ff8.txt",
	.formats = ctm_formats,
	.nformats = IP_COUNT(ctm_formats),
	.unpack = ctm_unpack,
	.pack = ctm_pack,
	.assemble = ctm_assemble,
	.disassemble = ctm_disassemble,
	.docs = "ctm",
	.golden = "tests/encoders/test_ctm_golden.c",
	.public_overlay = &ctm_public,
	.export_format = "markdown",
	.sim = &ctm_sim,
	.drm_kind = &ip_drm_ctm_radeon_kind,
	.no_harness = NO_REGISTERS,
};

static const struct ip_format *const ctm_cb_formats[] = {CTM_CB_FORMATS};

#define CARRIED "its command buffers run as the commands role of a ctm job"

const struct ip_isa ctm_cb_isa = {
	.name = "ctm_cb",
	.title = "ATI CTM command buffers (the command processor's commands)",
	.seed = "docs/notes/002_4c86a11da0c70ff8.txt",
	.formats = ctm_cb_formats,
	.nformats = IP_COUNT(ctm_cb_formats),
	.unpack = ctm_cb_unpack,
	.pack = ctm_cb_pack,
	.assemble = ctm_cb_assemble,
	.disassemble = ctm_cb_disassemble,
	.docs = "ctm",
	.no_golden = "no published command buffer with its source: test_ctm_roundtrip.c and "
	             "cli_ctm_roundtrip.sh check random ones both ways",
	.public_overlay = &ctm_cb_public,
	.no_sim = CARRIED " (the ctm simulator's command processor)",
	.no_drm = CARRIED " (the radeon job kind of ctm)",
	.no_harness = NO_REGISTERS,
};

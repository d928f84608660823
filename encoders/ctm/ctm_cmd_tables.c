/* ctm_cmd_tables.c: CTM command-buffer commands: the header word, every parameter layout the
 * guide's extract gives, and the command list with opcodes. Sources: docs/ctm-sources.md. */
#include <string.h>

#include "ctm.h"
#include "common/field_row.h"

#define GUIDE "CTM guide 1.01 section 2.2 (pages 10-22); docs/ctm-sources.md"

/* ---- the header ----------------------------------------------------------------------- */

#define OPCODE_ENUM(id, name, op, known) {known ? (op) : IP_ENUM_UNKNOWN(op), #name, NULL},
static const struct ip_enum opcode_enum[] = {CTM_COMMAND_LIST(OPCODE_ENUM){0, NULL, NULL}};

static const struct ip_field header_fields[] = {
	F("hdr_low", 0, 8, UNKNOWN, UNKNOWN, NULL, 0, "0 in both headers the extract shows"),
	F("opcode", 8, 8, OPCODE, KNOWN, opcode_enum, 0, "the command"),
	F("count", 16, 14, SIZE, KNOWN, NULL, 0, "parameters - 1"),
	F("hdr_type", 30, 2, TAG, KNOWN, NULL, CTM_CMD_TYPE, "3 in every header"),
};

const struct ip_format ctm_cmd_header = {"ctm_cb", "header", "command header", 32, header_fields,
                                         IP_COUNT(header_fields), NULL,
                                         GUIDE "; header layout as Radeon type-3 packets"};

/* ---- parameter layouts ------------------------------------------------------------------- */

static const struct ip_field raw_fields[] = {
	F("value", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "a parameter of a command isaprobe does not know"),
};
static const struct ip_field reserved_fields[] = {
	F("reserved", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field domain_fields[] = {
	F("index", 0, 12, IMMEDIATE, KNOWN, NULL, 0, "domain bound (unsigned)"),
	F("dom_rsvd", 12, 20, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field base_fields[] = {
	F("base_rsvd", 0, 11, UNKNOWN, UNKNOWN, NULL, 0, "reserved: ignored, read as zero"),
	F("base", 11, 21, OFFSET, KNOWN, NULL, 0, "2K-aligned address / 2048"),
};

static const struct ip_enum tiling_enum[] = {
	{0, "linear", NULL},
	{1, "tiled", NULL},
	{2, "linear_2x2", "linear, inputs fetch 2x2 single-channel elements"},
	{3, "tiled_2x2", "tiled, inputs fetch 2x2 single-channel elements"},
	{0, NULL, NULL},
};
static const struct ip_enum dformat_enum[] = {
	{0, "uint16_1", NULL},
	{1, "uint8_4", NULL},
	{2, "float32_1", NULL},
	{3, "float32_2", NULL},
	{4, "float32_4", NULL},
	{IP_ENUM_UNKNOWN(5), "fmt5", "reserved"},
	{IP_ENUM_UNKNOWN(6), "fmt6", "reserved"},
	{IP_ENUM_UNKNOWN(7), "fmt7", "reserved"},
	{0, NULL, NULL},
};
static const struct ip_field format_fields[] = {
	F("fmt_rsvd0", 0, 2, UNKNOWN, UNKNOWN, NULL, 0, "reserved (the pitch is a multiple of 4)"),
	F("pitch", 2, 11, IMMEDIATE, KNOWN, NULL, 0, "pitch in elements / 4"),
	F("fmt_rsvd13", 13, 3, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
	F("tiling", 16, 2, SIZE, KNOWN, tiling_enum, 0, "tiling"),
	F("fmt_rsvd18", 18, 6, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
	F("data", 24, 3, SIZE, KNOWN, dformat_enum, 4, "data format"),
	F("fmt_rsvd27", 27, 5, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field height_fields[] = {
	F("height", 0, 13, IMMEDIATE, KNOWN, NULL, 0, "height in rows"),
	F("height_rsvd", 13, 19, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field input_fields[] = {
	F("input", 0, 4, REGISTER, KNOWN, NULL, 0, "input 0-15"),
	F("input_rsvd", 4, 28, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field output_fields[] = {
	F("output", 0, 4, REGISTER, UNKNOWN, NULL, 0,
	  "output index: its layout is not in the extract (read like set_inp_fmt's)"),
	F("output_rsvd", 4, 28, UNKNOWN, UNKNOWN, NULL, 0, "not in the extract"),
};
static const struct ip_enum cond_enum[] = {
	{0, "never", NULL}, {1, "less", "v < b"},    {2, "lequal", "v <= b"}, {3, "equal", "v == b"},
	{4, "gequal", "v >= b"}, {5, "greater", "v > b"}, {6, "notequal", "v != b"}, {7, "always", NULL},
	{0, NULL, NULL},
};
static const struct ip_field cond_fields[] = {
	F("cond", 0, 3, OPCODE, KNOWN, cond_enum, 0, "test: client value v against buffer value b"),
	F("cond_rsvd", 3, 29, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_enum loc_enum[] = {
	{0, "dpp", "conditional output: the processors' writes are tested"},
	{1, "pe", "conditional execution: the PE tests before dispatch"},
	{0, NULL, NULL},
};
static const struct ip_field loc_fields[] = {
	F("loc", 0, 1, FLAG, KNOWN, loc_enum, 0, "where the conditional test applies"),
	F("loc_rsvd", 1, 31, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field outmask_fields[] = {
	F("c0", 0, 1, MASK, KNOWN, NULL, 1, "write channel 0"),
	F("c1", 1, 1, MASK, KNOWN, NULL, 1, "write channel 1"),
	F("c2", 2, 1, MASK, KNOWN, NULL, 1, "write channel 2"),
	F("c3", 3, 1, MASK, KNOWN, NULL, 1, "write channel 3"),
	F("outmask_rsvd", 4, 28, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field condmask_fields[] = {
	F("write", 0, 1, MASK, KNOWN, NULL, 0, "write v to the conditional buffer when the test passes"),
	F("condmask_rsvd", 1, 31, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};
static const struct ip_field enable_fields[] = {
	F("enable", 0, 1, FLAG, KNOWN, NULL, 0, "performance counters on"),
	F("enable_rsvd", 1, 31, UNKNOWN, UNKNOWN, NULL, 0, "reserved"),
};

#define PARAM(var, n, title, f) \
	const struct ip_format var = {"ctm_cb", n, title, 32, f, IP_COUNT(f), NULL, GUIDE}
PARAM(ctm_p_raw, "raw", "parameter of an unknown command", raw_fields);
PARAM(ctm_p_reserved, "reserved", "reserved parameter", reserved_fields);
PARAM(ctm_p_domain, "domain", "domain bound", domain_fields);
PARAM(ctm_p_base, "base", "base address", base_fields);
PARAM(ctm_p_format, "format", "pitch, tiling and data format", format_fields);
PARAM(ctm_p_height, "height", "height", height_fields);
PARAM(ctm_p_input, "input", "input index", input_fields);
PARAM(ctm_p_output, "output", "output index", output_fields);
PARAM(ctm_p_cond, "cond", "condition", cond_fields);
PARAM(ctm_p_loc, "loc", "condition location", loc_fields);
PARAM(ctm_p_outmask, "outmask", "output channel mask", outmask_fields);
PARAM(ctm_p_condmask, "condmask", "conditional buffer write mask", condmask_fields);
PARAM(ctm_p_enable, "enable", "performance counter enable", enable_fields);

const struct ip_format *const ctm_param_formats[CTM_P_KIND_COUNT] = {
	[CTM_P_RAW] = &ctm_p_raw,         [CTM_P_RESERVED] = &ctm_p_reserved, [CTM_P_DOMAIN] = &ctm_p_domain,
	[CTM_P_BASE] = &ctm_p_base,       [CTM_P_FORMAT] = &ctm_p_format,     [CTM_P_HEIGHT] = &ctm_p_height,
	[CTM_P_INPUT] = &ctm_p_input,     [CTM_P_OUTPUT] = &ctm_p_output,     [CTM_P_COND] = &ctm_p_cond,
	[CTM_P_LOC] = &ctm_p_loc,         [CTM_P_OUTMASK] = &ctm_p_outmask,   [CTM_P_CONDMASK] = &ctm_p_condmask,
	[CTM_P_ENABLE] = &ctm_p_enable,
};

/* ---- the commands ------------------------------------------------------------------------
 * Opcodes: the extract shows two headers (set_consti_fmt 0xC0010F00, set_cond_test
 * 0xC0001B00). The guide's opcode table (pages 13-14) is not in it, so every other command
 * carries an isaprobe opcode from 0x80 up (doc level unknown): binaries that
 * use them are isaprobe's until the table is recovered (docs/ctm-sources.md). */
#define P(...) {__VA_ARGS__}
const struct ctm_command ctm_commands[CTM_CMD_COUNT] = {
	[CTM_CMD_SET_DOMAIN] = {"set_domain", CTM_OP_SET_DOMAIN, 4,
		P(CTM_P_DOMAIN, CTM_P_DOMAIN, CTM_P_DOMAIN, CTM_P_DOMAIN), P("i0", "j0", "i1", "j1"),
		"domain D = {(i, j) | i0 <= i <= i1, j0 <= j <= j1}"},
	[CTM_CMD_START_PROGRAM] = {"start_program", CTM_OP_START_PROGRAM, 1, P(CTM_P_RESERVED), P("p0"),
		"run the program once for each (i, j) of the domain"},
	[CTM_CMD_WAIT_FOR_IDLE] = {"wait_for_idle", CTM_OP_WAIT_FOR_IDLE, 1, P(CTM_P_RESERVED), P("p0"),
		"read no further command until every processor is idle"},
	[CTM_CMD_INIT_PERF_COUNTERS] = {"init_perf_counters", CTM_OP_INIT_PERF_COUNTERS, 1, P(CTM_P_ENABLE), P("p0"),
		"enable or disable the performance counters"},
	[CTM_CMD_START_PERF_COUNTERS] = {"start_perf_counters", CTM_OP_START_PERF_COUNTERS, 1, P(CTM_P_RESERVED), P("p0"),
		"zero the enabled counters and start them"},
	[CTM_CMD_STOP_PERF_COUNTERS] = {"stop_perf_counters", CTM_OP_STOP_PERF_COUNTERS, 1, P(CTM_P_RESERVED), P("p0"),
		"stop the enabled counters"},
	[CTM_CMD_READ_PERF_COUNTERS] = {"read_perf_counters", CTM_OP_READ_PERF_COUNTERS, 1, P(CTM_P_BASE), P("address"),
		"write the counters as 32-bit integers at the address"},
	[CTM_CMD_SET_INST_FMT] = {"set_inst_fmt", CTM_OP_SET_INST_FMT, 2, P(CTM_P_BASE, CTM_P_FORMAT),
		P("address", "format"), "where the program's instructions are"},
	[CTM_CMD_SET_CONSTF_FMT] = {"set_constf_fmt", CTM_OP_SET_CONSTF_FMT, 2, P(CTM_P_BASE, CTM_P_FORMAT),
		P("address", "format"), "float constants"},
	[CTM_CMD_SET_CONSTI_FMT] = {"set_consti_fmt", CTM_OP_SET_CONSTI_FMT, 2, P(CTM_P_BASE, CTM_P_FORMAT),
		P("address", "format"), "integer constants"},
	[CTM_CMD_SET_CONSTB_FMT] = {"set_constb_fmt", CTM_OP_SET_CONSTB_FMT, 2, P(CTM_P_BASE, CTM_P_FORMAT),
		P("address", "format"), "boolean constants"},
	[CTM_CMD_SET_INP_FMT] = {"set_inp_fmt", CTM_OP_SET_INP_FMT, 4,
		P(CTM_P_INPUT, CTM_P_BASE, CTM_P_FORMAT, CTM_P_HEIGHT),
		P("input", "address", "format", "height"), "one of the 16 inputs"},
	[CTM_CMD_SET_OUT_FMT] = {"set_out_fmt", CTM_OP_SET_OUT_FMT, 4,
		P(CTM_P_OUTPUT, CTM_P_BASE, CTM_P_FORMAT, CTM_P_HEIGHT),
		P("output", "address", "format", "height"), "one of the outputs"},
	[CTM_CMD_SET_COND_OUT_FMT] = {"set_cond_out_fmt", CTM_OP_SET_COND_OUT_FMT, 3,
		P(CTM_P_BASE, CTM_P_FORMAT, CTM_P_HEIGHT), P("address", "format", "height"),
		"the conditional buffer"},
	[CTM_CMD_SET_OUT_MASK] = {"set_out_mask", CTM_OP_SET_OUT_MASK, 1, P(CTM_P_OUTMASK), P("writemask"),
		"channels of output writes passed to memory"},
	[CTM_CMD_SET_COND_OUT_MASK] = {"set_cond_out_mask", CTM_OP_SET_COND_OUT_MASK, 1, P(CTM_P_CONDMASK),
		P("writemask"), "whether passing values are written to the conditional buffer"},
	[CTM_CMD_SET_COND_TEST] = {"set_cond_test", CTM_OP_SET_COND_TEST, 1, P(CTM_P_COND), P("condition"),
		"the conditional test"},
	[CTM_CMD_SET_COND_LOC] = {"set_cond_loc", CTM_OP_SET_COND_LOC, 1, P(CTM_P_LOC), P("loc"),
		"conditional output (DPP) or conditional execution (PE)"},
};

const struct ctm_command *ctm_command_by_opcode(unsigned opcode)
{
	for (unsigned i = 0; i < CTM_CMD_COUNT; i++)
		if (ctm_commands[i].opcode == opcode)
			return &ctm_commands[i];
	return NULL;
}

const struct ctm_command *ctm_command_by_name(const char *name)
{
	for (unsigned i = 0; i < CTM_CMD_COUNT; i++)
		if (strcmp(ctm_commands[i].name, name) == 0)
			return &ctm_commands[i];
	return NULL;
}

int ctm_command_opcode_known(const struct ctm_command *c)
{
#define CTM_CMD_KNOWN(id, name, op, known) if (c == &ctm_commands[CTM_CMD_##id]) return known;
	CTM_COMMAND_LIST(CTM_CMD_KNOWN)
#undef CTM_CMD_KNOWN
	return 0;
}

const struct ip_format *ctm_param_format(unsigned opcode, unsigned k)
{
	const struct ctm_command *c = ctm_command_by_opcode(opcode);
	if (!c || k >= c->nparams)
		return &ctm_p_raw;
	return ctm_param_formats[c->params[k]];
}

uint32_t ctm_cmd_header_word(uint8_t opcode, unsigned nparams)
{
	return CTM_CMD_TYPE << 30 | (uint32_t)((nparams - 1) & 0x3FFF) << 16 | (uint32_t)opcode << 8;
}

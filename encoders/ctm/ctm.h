/* ctm.h: ATI CTM (R5xx data-parallel processor): DPP instruction words, command-buffer commands,
 * the ELF executable and the two ISA entry points (ctm programs, ctm_cb command buffers). */
#ifndef ISAPROBE_CTM_H
#define ISAPROBE_CTM_H

#include "isaprobe/field.h"
#include "isaprobe/isa.h"

/* ---- DPP instructions ----------------------------------------------------------------
 * An instruction is six 32-bit words (inst0..inst5), little-endian, laid end to end: one
 * ip_bundle of kind CTM_BUNDLE_INSTR with six 32-bit slots. inst0 (the common word) holds
 * `type`; the meaning of inst1..inst5 depends on it, so their formats name inst0 as their
 * context (slot 0). Bit positions live in ctm_tables.c only. */
#define CTM_INSTR_WORDS 6
#define CTM_INSTR_BYTES 24
#define CTM_MAX_INSTRS 512 /* the guide: 512 instruction slots */

enum ctm_inst_type { CTM_TYPE_ALU = 0, CTM_TYPE_OUT = 1, CTM_TYPE_FC = 2, CTM_TYPE_TEX = 3 };

extern const struct ip_format ctm_inst0, ctm_inst1, ctm_inst2, ctm_inst3, ctm_inst4, ctm_inst5;
extern const struct ip_format *const ctm_inst_formats[CTM_INSTR_WORDS];

/* ---- command buffers -----------------------------------------------------------------
 * A command is a 32-bit header (type, count, opcode) followed by count + 1 parameters: one
 * ip_bundle of kind CTM_BUNDLE_CMD, slot 0 the header, slot 1 + k parameter k. Each parameter
 * has a format chosen by the command (base address, format word, index, ...). */
#define CTM_CMD_MAX_PARAMS 16

enum ctm_param_kind {
	CTM_P_RAW,      /* 32 bits, no layout (a command isaprobe does not know) */
	CTM_P_RESERVED, /* the guide: the whole parameter is reserved */
	CTM_P_DOMAIN,   /* set_domain i0/j0/i1/j1: 12-bit index */
	CTM_P_BASE,     /* 2K-aligned base address */
	CTM_P_FORMAT,   /* pitch, tiling, data format */
	CTM_P_HEIGHT,   /* 13-bit height */
	CTM_P_INPUT,    /* input index */
	CTM_P_OUTPUT,   /* output index */
	CTM_P_COND,     /* set_cond_test condition */
	CTM_P_LOC,      /* set_cond_loc location */
	CTM_P_OUTMASK,  /* set_out_mask channel mask */
	CTM_P_CONDMASK, /* set_cond_out_mask write mask */
	CTM_P_ENABLE,   /* init_perf_counters enable */
	CTM_P_KIND_COUNT
};

struct ctm_command {
	const char *name;
	uint8_t opcode; /* doc level: the header's opcode enum */
	unsigned nparams;
	enum ctm_param_kind params[CTM_CMD_MAX_PARAMS];
	const char *param_names[CTM_CMD_MAX_PARAMS]; /* as the guide names them */
	const char *note;
};

/* Every command the extract names, with its opcode: X(ID, name, opcode, known). known: the
 * opcode is in the guide's extract; otherwise it is isaprobe's numbering (docs/ctm-sources.md). */
#define CTM_COMMAND_LIST(X)                           \
	X(SET_DOMAIN, set_domain, 0x80, 0)            \
	X(START_PROGRAM, start_program, 0x81, 0)      \
	X(WAIT_FOR_IDLE, wait_for_idle, 0x82, 0)      \
	X(INIT_PERF_COUNTERS, init_perf_counters, 0x83, 0) \
	X(START_PERF_COUNTERS, start_perf_counters, 0x84, 0) \
	X(STOP_PERF_COUNTERS, stop_perf_counters, 0x85, 0) \
	X(READ_PERF_COUNTERS, read_perf_counters, 0x86, 0) \
	X(SET_INST_FMT, set_inst_fmt, 0x87, 0)        \
	X(SET_CONSTF_FMT, set_constf_fmt, 0x88, 0)    \
	X(SET_CONSTI_FMT, set_consti_fmt, 0x0F, 1)    \
	X(SET_CONSTB_FMT, set_constb_fmt, 0x89, 0)    \
	X(SET_INP_FMT, set_inp_fmt, 0x8A, 0)          \
	X(SET_OUT_FMT, set_out_fmt, 0x8B, 0)          \
	X(SET_COND_OUT_FMT, set_cond_out_fmt, 0x8C, 0) \
	X(SET_OUT_MASK, set_out_mask, 0x8D, 0)        \
	X(SET_COND_OUT_MASK, set_cond_out_mask, 0x8E, 0) \
	X(SET_COND_TEST, set_cond_test, 0x1B, 1)      \
	X(SET_COND_LOC, set_cond_loc, 0x8F, 0)

#define CTM_CMD_ID(id, name, op, known) CTM_CMD_##id,
enum ctm_cmd_id { CTM_COMMAND_LIST(CTM_CMD_ID) CTM_CMD_COUNT };
#undef CTM_CMD_ID
#define CTM_CMD_OPCODE(id, name, op, known) CTM_OP_##id = op,
enum ctm_cmd_opcode { CTM_COMMAND_LIST(CTM_CMD_OPCODE) };
#undef CTM_CMD_OPCODE

extern const struct ctm_command ctm_commands[CTM_CMD_COUNT];
extern const struct ip_format ctm_cmd_header;
extern const struct ip_format *const ctm_param_formats[CTM_P_KIND_COUNT];
extern const struct ip_format ctm_p_raw, ctm_p_reserved, ctm_p_domain, ctm_p_base, ctm_p_format,
	ctm_p_height, ctm_p_input, ctm_p_output, ctm_p_cond, ctm_p_loc, ctm_p_outmask, ctm_p_condmask,
	ctm_p_enable;

/* The command with this opcode, or NULL. */
const struct ctm_command *ctm_command_by_opcode(unsigned opcode);
const struct ctm_command *ctm_command_by_name(const char *name);
/* Whether a command's opcode is the guide's (1) or an isaprobe placeholder (0): the guide's
 * command table is lost, docs/ctm-sources.md says where it was looked for. */
int ctm_command_opcode_known(const struct ctm_command *c);
/* Format of parameter k of a command with this opcode (raw when the command is unknown or has
 * fewer parameters). */
const struct ip_format *ctm_param_format(unsigned opcode, unsigned k);

/* Header values. */
#define CTM_CMD_TYPE 3u /* bits 31:30 of every header in the guide */
uint32_t ctm_cmd_header_word(uint8_t opcode, unsigned nparams);

/* ---- bundles of a ctm program --------------------------------------------------------
 * Instructions first (bundle index = program counter), then the command buffer that runs the
 * program, then the ELF notes. A program with commands or notes packs to an ELF executable;
 * one with instructions only packs to the raw instruction words. */
enum ctm_bundle_kind { CTM_BUNDLE_INSTR = 0, CTM_BUNDLE_CMD = 1, CTM_BUNDLE_NOTE = 2 };

/* ---- the ELF executable (ctm_elf.c) ----------------------------------------------------- */
#define CTM_ELF_OSABI 98      /* ELFOSABI_ATI */
#define CTM_ELF_MACHINE 122   /* EM_ATI_R5XX */
#define CTM_ELF_FLAGS 1       /* EF_ATI_DPP */
#define CTM_NOTE_MAX_WORDS 39 /* desc words one note bundle holds (slot 0 is the type) */

enum ctm_note_type {
	CTM_NOTE_PROGINFO = 1,
	CTM_NOTE_INPUTS = 2,
	CTM_NOTE_OUTPUTS = 3,
	CTM_NOTE_CONDOUT = 4,
	CTM_NOTE_FLOAT32CONSTS = 5,
	CTM_NOTE_INT32CONSTS = 6,
	CTM_NOTE_EARLYEXIT = 7,
};

extern const struct ip_format ctm_note_type_word, ctm_note_word, ctm_proginfo_word0,
	ctm_proginfo_word1, ctm_proginfo_wordn;
const char *ctm_note_name(unsigned type);
int ctm_note_by_name(const char *name, unsigned *type);
/* Format of desc word k of a note of this type. */
const struct ip_format *ctm_note_format(unsigned type, unsigned k);

/* Whether bytes start like an ELF file. */
int ctm_is_elf(const uint8_t *bytes, size_t len);
/* ELF bytes -> instruction, command and note bundles. Errors name the byte offset. */
int ctm_elf_read(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
/* Program -> ELF bytes (*out malloc'd). */
int ctm_elf_write(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);

/* ---- program helpers (ctm_program.c) --------------------------------------------------- */
/* Appends an instruction bundle holding these six words; NULL when out of memory. */
struct ip_bundle *ctm_add_instr(struct ip_program *p, const uint32_t words[CTM_INSTR_WORDS]);
/* Appends a command bundle: header and parameters (nparams words). */
struct ip_bundle *ctm_add_command(struct ip_program *p, uint32_t header, const uint32_t *params,
                                  unsigned nparams);
/* Appends a note bundle. */
struct ip_bundle *ctm_add_note(struct ip_program *p, uint32_t type, const uint32_t *desc,
                               unsigned nwords);
/* Word k of a bundle's slot as 32 bits. */
uint32_t ctm_slot_word(const struct ip_bundle *b, unsigned k);
/* Raw instruction words <-> programs; command-buffer words <-> programs. */
int ctm_unpack_instrs(const uint8_t *bytes, size_t len, struct ip_program *out,
                      struct ip_diag *d, long base_offset);
int ctm_unpack_commands(const uint8_t *bytes, size_t len, struct ip_program *out,
                        struct ip_diag *d, long base_offset);
/* Byte image of the program's bundles of one kind, in order (*out malloc'd, may be NULL when
 * there are none). */
int ctm_bundle_bytes(const struct ip_program *p, enum ctm_bundle_kind kind, uint8_t **out,
                     size_t *len);

/* ---- the two ISAs ---------------------------------------------------------------------- */
extern const struct ip_isa ctm_isa;    /* DPP programs (raw words or ELF) */
extern const struct ip_isa ctm_cb_isa; /* command buffers */

int ctm_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
int ctm_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int ctm_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int ctm_disassemble(const struct ip_program *p, FILE *out);
int ctm_cb_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
int ctm_cb_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int ctm_cb_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int ctm_cb_disassemble(const struct ip_program *p, FILE *out);

#endif

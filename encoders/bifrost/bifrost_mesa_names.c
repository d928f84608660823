/* bifrost_mesa_names.c: what Mesa (src/panfrost/bifrost: bifrost.h, ISA.xml, bi_print_common.c,
 * disassemble.c) calls the Bifrost header, register field and constant bits and their values, the
 * ISA.xml modifier option lists the opcode templates (bifrost_ops.c) refer to, and the opcode
 * table as `isaprobe fields --mesa bifrost` prints it. Read by the Mesa-style printer. */
#include <string.h>

#include "bifrost_mesa.h"
#include "isaprobe/internal/mesa.h"

#define FLD(fmt, f, m) {&bifrost_##fmt, f, IP_MESA_FIELD, m, 0}
#define VAL(fmt, f, v, m) {&bifrost_##fmt, f, v, m, 0}

static const struct ip_mesa_name names[] = {
	/* clause header (struct bifrost_header) */
	FLD(header, "unk0", "zero1 (reserved)"),
	FLD(header, "ftz", "flush_to_zero"),
	FLD(header, "suppress_inf", "suppress_inf"),
	FLD(header, "suppress_nan", "suppress_nan"),
	FLD(header, "float_exc", "float_exceptions"),
	FLD(header, "back_to_back", "flow_control bit 0"),
	FLD(header, "no_eos", "flow_control bit 1"),
	FLD(header, "unk13", "flow_control bit 2 (bit 13), zero2 (bit 14, reserved)"),
	FLD(header, "elide_writes", "terminate_discarded_threads"),
	FLD(header, "branch_cond", "next_clause_prefetch"),
	FLD(header, "datareg_barrier", "staging_barrier"),
	FLD(header, "datareg", "staging_register"),
	FLD(header, "sb_deps", "dependency_wait"),
	FLD(header, "sb_entry", "dependency_slot"),
	FLD(header, "type", "message_type bits 0-3"),
	FLD(header, "unk39", "message_type bit 4"),
	FLD(header, "next_type", "next_message_type bits 0-3"),
	FLD(header, "unk44", "next_message_type bit 4"),
	VAL(header, "ftz", 1, "ftz_dx11"),
	VAL(header, "ftz", 2, "ftz_hsa"),
	VAL(header, "ftz", 3, "ftz_au"),
	VAL(header, "float_exc", 1, "fpe_ts"),
	VAL(header, "float_exc", 2, "fpe_pd"),
	VAL(header, "float_exc", 3, "fpe_psqr"),
	/* message types (bi_message_type_name; 11 and 16-31 print "XXX reserved") */
	VAL(header, "type", 0, ""),
	VAL(header, "type", 1, "vary"),
	VAL(header, "type", 2, "attr"),
	VAL(header, "type", 3, "tex"),
	VAL(header, "type", 4, "vartex"),
	VAL(header, "type", 5, "load"),
	VAL(header, "type", 6, "store"),
	VAL(header, "type", 7, "atomic"),
	VAL(header, "type", 8, "barrier"),
	VAL(header, "type", 9, "blend"),
	VAL(header, "type", 10, "tile"),
	VAL(header, "type", 12, "z_stencil"),
	VAL(header, "type", 13, "atest"),
	VAL(header, "type", 14, "job"),
	VAL(header, "type", 15, "64"),
	/* register field (struct bifrost_regs); Mesa reads every clause's with this layout */
	FLD(reg32, "uc_sel", "fau_idx bits 4-7"),
	FLD(reg32, "special", "fau_idx below 0x10"),
	FLD(reg32, "special1", "fau_idx 0x10-0x1f (printed \"XXX - reserved\")"),
	FLD(reg32, "const_lo", "fau_idx bits 0-3, ORed into the constant"),
	FLD(reg32, "uniform_lo", "fau_idx bits 0-3 (the uniform is fau_idx & 0x7f)"),
	FLD(reg32, "port3", "reg3"),
	FLD(reg32, "port2", "reg2"),
	FLD(reg32, "port0", "reg0"),
	FLD(reg32, "port1", "reg1"),
	FLD(reg32, "port0_hi", "reg1 bit 0 (get_reg0 bit 5 when ctrl is 0)"),
	FLD(reg32, "port0_off", "reg1 bit 1 (read_reg0 is clear when ctrl is 0)"),
	FLD(reg32, "ctrl1", "reg1 bits 2-5 (the control when ctrl is 0)"),
	FLD(reg32, "ctrl", "ctrl (index of bifrost_reg_ctrl_lut after DecodeRegCtrl's context)"),
	VAL(reg32, "special", 0, "#0"),
	VAL(reg32, "special", 1, "lane_id"),
	VAL(reg32, "special", 2, "warp_id"),
	VAL(reg32, "special", 3, "core_id"),
	VAL(reg32, "special", 4, "framebuffer_size"),
	VAL(reg32, "special", 5, "atest_datum"),
	VAL(reg32, "special", 6, "sample"),
	VAL(reg32, "special", 8, "blend_descriptor_0"),
	VAL(reg32, "special", 9, "blend_descriptor_1"),
	VAL(reg32, "special", 10, "blend_descriptor_2"),
	VAL(reg32, "special", 11, "blend_descriptor_3"),
	VAL(reg32, "special", 12, "blend_descriptor_4"),
	VAL(reg32, "special", 13, "blend_descriptor_5"),
	VAL(reg32, "special", 14, "blend_descriptor_6"),
	VAL(reg32, "special", 15, "blend_descriptor_7"),
	/* the 4-bit control and the register mode it gives in each context (disassemble.c
	 * DecodeRegCtrl; mode names: bifrost.h enum bifrost_reg_mode) */
	VAL(reg32, "ctrl", 1, "R_WL_FMA; first instruction: R_WL_FMA; port 2 == port 3: I_W_FMA"),
	VAL(reg32, "ctrl", 2, "R_WH_FMA; first instruction: R_WH_FMA; port 2 == port 3: I_WL_FMA"),
	VAL(reg32, "ctrl", 3, "R_W_FMA; first instruction: R_W_FMA; port 2 == port 3: I_WH_FMA"),
	VAL(reg32, "ctrl", 4, "R_WL_ADD; first instruction: R_WL_ADD; port 2 == port 3: R_I"),
	VAL(reg32, "ctrl", 5, "R_WH_ADD; first instruction: R_WH_ADD; port 2 == port 3: I_W_ADD"),
	VAL(reg32, "ctrl", 6, "R_W_ADD; first instruction: R_W_ADD; port 2 == port 3: I_WL_ADD"),
	VAL(reg32, "ctrl", 7, "WL_WL_ADD; first instruction: WL_WL_ADD; port 2 == port 3: I_WH_ADD"),
	VAL(reg32, "ctrl", 8, "WL_WH_ADD; first instruction: IDLE_1; port 2 == port 3: WL_WH_MIX"),
	VAL(reg32, "ctrl", 9, "WL_W_ADD; first instruction: I_W_FMA; port 2 == port 3: reserved"),
	VAL(reg32, "ctrl", 10, "WH_WL_ADD; first instruction: I_WL_FMA; port 2 == port 3: WH_WL_MIX"),
	VAL(reg32, "ctrl", 11, "WH_WH_ADD; first instruction: I_WH_FMA; port 2 == port 3: IDLE"),
	VAL(reg32, "ctrl", 12, "WH_W_ADD; first instruction: R_I; port 2 == port 3: reserved"),
	VAL(reg32, "ctrl", 13, "W_WL_ADD; first instruction: I_W_ADD; port 2 == port 3: reserved"),
	VAL(reg32, "ctrl", 14, "W_WH_ADD; first instruction: I_WL_ADD; port 2 == port 3: reserved"),
	VAL(reg32, "ctrl", 15, "W_W_ADD; first instruction: I_WH_ADD; port 2 == port 3: reserved"),
	FLD(reg64, "ctrl64", "(no Mesa name: Mesa reads 64-bit clauses' register fields with the "
	                     "32-bit layout)"),
	/* the instruction word (struct bifrost_alu_inst) and constants (struct bi_constants) */
	FLD(instr, "reg", "reg_bits"),
	FLD(instr, "fma", "fma_bits"),
	FLD(instr, "add", "add_bits"),
	FLD(const, "value", "raw[] bits 4-63"),
	FLD(unused15, "m1", "M1 of constant 0 (decode_M)"),
	FLD(unused15, "m2", "M2 of constant 0 (decode_M)"),
};

/* ISA.xml's modifier option lists, by the names the opcode templates use. */
const struct bifrost_mesa_mod bifrost_mesa_mods[] = {
	{"abs", "none", {"none", "abs"}},
	{"neg", "none", {"none", "neg"}},
	{"round", "none", {"none", "rtp", "rtn", "rtz"}},
	{"clamp", "none", {"none", "clamp_0_inf", "clamp_m1_1", "clamp_0_1"}},
	{"cmpf", NULL, {"eq", "gt", "ge", "ne", "lt", "le", "gtlt", "total"}},
	{"swz", "h01", {"h00", "h10", "h01", "h11"}},
	{"sem", "nan_suppress", {"nan_suppress", "nan_propagate", "c", "inverse_c"}},
	{"vecsize", "none", {"none", "v2", "v3", "v4"}},
	{"skip", "none", {"none", "skip"}},
};
const unsigned bifrost_n_mesa_mods = IP_COUNT(bifrost_mesa_mods);

const struct bifrost_mesa_mod *bifrost_mesa_mod_find(const char *name, size_t len)
{
	for (unsigned i = 0; i < bifrost_n_mesa_mods; i++)
		if (strlen(bifrost_mesa_mods[i].name) == len &&
		    memcmp(bifrost_mesa_mods[i].name, name, len) == 0)
			return &bifrost_mesa_mods[i];
	return NULL;
}

/* bits 11-13 of the header: back_to_back | no_eos << 1 | bit 13 << 2 */
const char *const bifrost_mesa_flow[8] = {
	"eos", "nbb br_pc", "nbb r_uncond", "nbb", "bb r_uncond", "bb", "we r_uncond", "we",
};

static void print_ops(FILE *out, const char *unit, const struct bifrost_op *ops, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		fprintf(out, "| %s | `%s` | 0x%x | `%s` | %s%s%s | %s |\n", unit, ops[i].name,
		        (unsigned)ops[i].op, ops[i].mesa, ops[i].mesa_ops[0] ? "`" : "",
		        ops[i].mesa_ops, ops[i].mesa_ops[0] ? "`" : "",
		        ops[i].doc == IP_DOC_KNOWN ? "known" : "unknown");
}

static void print_extra(FILE *out)
{
	fprintf(out, "\nHeader bits 11-13 (flow_control) as Mesa prints them:\n\n");
	fprintf(out, "| back_to_back | no_eos | bit 13 | Mesa |\n|---|---|---|---|\n");
	for (unsigned v = 0; v < 8; v++)
		fprintf(out, "| %u | %u | %u | `%s` |\n", v & 1, v >> 1 & 1, v >> 2, bifrost_mesa_flow[v]);
	fprintf(out, "\nModifier option lists (ISA.xml; the default is not printed):\n\n");
	fprintf(out, "| modifier | options by value | default |\n|---|---|---|\n");
	for (unsigned i = 0; i < bifrost_n_mesa_mods; i++) {
		fprintf(out, "| `%s` |", bifrost_mesa_mods[i].name);
		for (unsigned j = 0; j < 8 && bifrost_mesa_mods[i].opts[j]; j++)
			fprintf(out, " %u `%s`", j, bifrost_mesa_mods[i].opts[j]);
		fprintf(out, " | %s |\n", bifrost_mesa_mods[i].def ? bifrost_mesa_mods[i].def : "(none)");
	}
	fprintf(out, "\nOpcodes (isaprobe name and op value; Mesa's mnemonic and operands, "
	             "docs/bifrost-mesa-names.md explains the template syntax):\n\n");
	fprintf(out, "| unit | isaprobe | op | Mesa | operands | doc level |\n");
	fprintf(out, "|---|---|---|---|---|---|\n");
	print_ops(out, "FMA", bifrost_fma_ops, bifrost_n_fma_ops);
	print_ops(out, "ADD", bifrost_add_ops, bifrost_n_add_ops);
}

const struct ip_mesa bifrost_mesa = {
	.isa = "bifrost",
	.source = "Mesa src/panfrost/bifrost: bifrost.h, ISA.xml, bi_print_common.c, disassemble.c",
	.names = names,
	.nnames = IP_COUNT(names),
	.print = bifrost_mesa_print,
	.print_extra = print_extra,
};

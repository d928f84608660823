/* test_public_verdict.c: findings against the public-knowledge overlay. The shipped Midgard
 * load/store probe runs on the simulator (no finding differs from public work) and on a device
 * that departs from public work in one field (index_comp counts the components the other way
 * round): there, exactly the index_comp findings differ, saying which value, and no other
 * finding does.
 * Then rp_public_verdict's rules on hand-made cases (docs/public-overlay.md). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "isaprobe/internal/campaign.h"
#include "isaprobe/internal/infer.h"
#include "isaprobe/internal/probe.h"
#include "isaprobe/internal/report.h"
#include "isaprobe/runner.h"
#include "reports/report_internal.h"
#include "edited_sim.h"
#include "store_fixture.h"

/* Where index_comp (bits 33-34 of the load/store word in bundle 0, slot 1) lies in the packed
 * program: found from the probe below, checked against the seed's value. */
static unsigned index_reg_bit;

/* The departing device: the simulator, but index_reg's low bit (35) reads as 1 whatever it
 * holds, where public work reads a 3-bit select (value 0 reads r27, 6 zero). */
static int force_bit35(uint8_t *code, size_t len)
{
	ip_word one = {{1, 0}};
	if (len * 8 >= index_reg_bit + 3)
		ip_bytes_put_bits(code, index_reg_bit, 1, &one);
	return 0;
}

static const struct ip_runner_backend swap_backend = {
	.name = "ignores_bit_35",
	.summary = "the simulator ignoring bit 35",
	.open = edited_sim_open,
	.run_batch = edited_sim_run,
	.close = edited_sim_close,
	.model = edited_sim_model,
};

static void on_devices(const char *dir)
{
	char probe_path[512], path[600];
	struct ip_probe p;
	struct ip_diag d;
	snprintf(probe_path, sizeof probe_path, "%s/probes/midgard/ls_loads.probe", ISAPROBE_SRC);
	ip_diag_init(&d, probe_path);
	if (ip_probe_load(probe_path, &p, &d)) {
		ip_diag_print(&d, stderr);
		CHECK(0, "probe");
		return;
	}
	/* index_reg's place, read back from the packed seed of context 1 (unk25 = 0x404: 1) */
	const struct ip_program *prog = &p.contexts[1].prog;
	const struct ip_bundle *bu = &prog->bundles[p.targets[0].bundle];
	index_reg_bit = bu->byte_offset * 8 + bu->slots[p.targets[0].slot].bit_offset + 35;
	uint8_t *bytes = NULL;
	size_t len = 0;
	CHECK(p.isa->pack(prog, &bytes, &len, &d) == 0 &&
	      ip_bytes_get_bits(bytes, index_reg_bit, 3).w[0] == 1 &&
	      ip_bytes_get_bits(bytes, index_reg_bit - 10, 26).w[0] == 0x404,
	      "index_comp is not where the test looks");
	free(bytes);

	snprintf(path, sizeof path, "%s/sim.db", dir);
	struct ip_store *sim = edited_sim_campaign(path, &p, NULL);
	char *t = fixture_rows(ip_store_sqlite(sim), "SELECT count(*) FROM finding_text WHERE"
	                                              " public_verdict LIKE 'differs%'");
	CHECK(!strcmp(t, "0\n"), "on the simulator %s findings differ", t);
	free(t);
	t = fixture_rows(ip_store_sqlite(sim), "SELECT context, public_verdict FROM finding_text"
	                                       " WHERE bits = '35-37' AND kind = 'register'"
	                                       " ORDER BY finding_id");
	CHECK(!strcmp(t, "ld_attr_32|agrees with index_reg 35-37\nld_attr_16|agrees with index_reg"
	                 " 35-37\nld_vary_32|agrees with index_reg 35-37\nld_vary_16|agrees with "
	                 "index_reg 35-37\nld_attr_32_vertex|agrees with index_reg 35-37\n"
	                 "ld_vary_32_vertex|agrees with index_reg 35-37\nld_uniform_16|agrees with "
	                 "index_reg 35-37\nld_uniform_32|agrees with index_reg 35-37\n"),
	      "index_reg on the simulator:\n%s", t);
	free(t);

	snprintf(path, sizeof path, "%s/swapped.db", dir);
	edited_sim_edit = force_bit35;
	struct ip_store *dev = edited_sim_campaign(path, &p, &swap_backend);
	/* every finding that differs is index_reg's, in each context that reads the select (its
	 * low bit alone), and in the contexts whose seed selects the zero register (with the
	 * component select that picks nothing there) */
	static const char *const read_in[] = {
		"ld_attr_32|35",        "ld_attr_16|35",        "ld_vary_32|35",
		"ld_vary_16|35",        "ld_attr_32_vertex|35", "ld_vary_32_vertex|35",
		"ld_uniform_16|35",     "ld_uniform_32|35",     "ld_attr_32_usual|33-35",
		"ld_vary_32_usual|33-35", "ld_uniform_32_usual|33-35"};
	char want[4096] = "";
	for (size_t i = 0; i < sizeof read_in / sizeof read_in[0]; i++)
		snprintf(want + strlen(want), sizeof want - strlen(want),
		         "%s|ignored|differs from index_reg 35-37: part of it has no effect\n",
		         read_in[i]);
	t = fixture_rows(ip_store_sqlite(dev), "SELECT context, bits, kind, public_verdict FROM"
	                                       " finding_text WHERE public_verdict LIKE 'differs%'"
	                                       " ORDER BY finding_id");
	CHECK(!strcmp(t, want), "what differs on the departing device:\n%s", t);
	free(t);
	/* and no finding outside index_reg's bits compares otherwise than on the simulator: each
	 * of either side is on the other, the same, or (the simulator's) inside a finding that
	 * took in bit 35 with it */
	char sql[2048];
	snprintf(sql, sizeof sql, "ATTACH '%s/sim.db' AS s", dir);
	CHECK(sqlite3_exec(ip_store_sqlite(dev), sql, NULL, NULL, NULL) == SQLITE_OK, "attach");
#define SAME(a, b)                                                                         \
	"SELECT count(*) FROM " a ".finding_text x JOIN " a ".finding g ON g.id = x.finding_id"  \
	" WHERE (g.hi < 35 OR g.lo > 37) AND NOT EXISTS (SELECT 1 FROM " b ".finding_text y"     \
	" WHERE y.context = x.context AND y.bits = x.bits AND y.\"when\" = x.\"when\" AND"        \
	" y.kind = x.kind AND y.public_verdict = x.public_verdict) AND NOT EXISTS (SELECT 1 FROM " \
	b ".finding_text y JOIN " b ".finding h ON h.id = y.finding_id WHERE y.context ="        \
	" x.context AND h.lo <= g.lo AND h.hi >= g.hi AND h.lo <= 35 AND h.hi >= 35)"
	t = fixture_rows(ip_store_sqlite(dev), SAME("s", "main") " UNION ALL " SAME("main", "s")
	                                       " UNION ALL SELECT count(*) >= 80 FROM s.finding"
	                                       " WHERE hi < 35 OR lo > 37");
#undef SAME
	CHECK(!strcmp(t, "0\n0\n1\n"), "findings outside index_reg that changed (simulator's, "
	                                 "device's; enough compared):\n%s", t);
	free(t);
	/* the report counts them and a diff against the simulator's night leads with them */
	struct ip_report_options o = {IP_REPORT_MD, "swapped", 0, sim, "sim", NULL, NULL};
	char *md = NULL;
	size_t mdlen = 0;
	FILE *f = open_memstream(&md, &mdlen);
	CHECK(f && ip_report(dev, &o, f, &d) == 0, "report");
	if (f)
		fclose(f);
	CHECK(md && strstr(md, "\n## Differs from public knowledge\n\n    midgard ls_loads "
	                       "`ld_attr_32`, `ld_attr_16`, ") &&
	          strstr(md, "`ld_uniform_32` NEW [0.1] 35: ignored: no effect seen"),
	      "the diff does not lead with what differs:\n%s", md ? md : "");
	CHECK(md && strstr(md, "Against public knowledge (docs/public-overlay.md): 11 differ, "),
	      "counts:\n%s", md ? md : "");
	free(md);
	ip_store_close(dev);
	ip_store_close(sim);
	ip_probe_free(&p);
}

/* A 64-bit instruction word with the given bit ranges set (lo, width, value; width 0 ends). */
static ip_word word_of(const unsigned (*set)[3])
{
	ip_word w = ip_word_zero();
	for (; (*set)[1]; set++)
		ip_bits_set(&w, (*set)[0], (*set)[1], (*set)[2]);
	return w;
}

/* The rules on hand-made findings: bits, kind, value names and values against the notes and
 * the overlays, without the instruction word (every part may apply) and with it. */
static void rules(void)
{
	static const unsigned cat6_ldg[][3] = {{54, 5, 0}, {61, 3, 6}, {0, 1, 1}, {0, 0, 0}};
	static const unsigned cat6_stg[][3] = {{54, 5, 3}, {61, 3, 6}, {0, 0, 0}};
	static const unsigned cat2_add[][3] = {{53, 6, 0}, {61, 3, 2}, {0, 0, 0}};
	static const unsigned cat2_cmps[][3] = {{53, 6, 5}, {61, 3, 2}, {0, 0, 0}};
	static const unsigned gp_pass[][3] = {{103, 3, 2}, {0, 0, 0}};
	static const unsigned ctm_fc[][3] = {{0, 0, 0}}; /* inst2 with inst0's type 2 (FC) */
	static const unsigned fadd[][3] = {{17, 6, 0x16}, {0, 0, 0}};  /* *FADD.f32 */
	static const unsigned fmax[][3] = {{17, 6, 0x10}, {0, 0, 0}};  /* FMA MAX.f32 (2019) */
	static const struct {
		const char *format, *kind, *names, *values, *unmodeled;
		unsigned lo, hi;
		int partial;
		const unsigned (*word)[3];
		const char *want;
	} cases[] = {
		/* without the word: every part applies */
		{"midgard.load_store", "register", "{\"0\":\"r26\",\"1\":\"r27\",\"7\":\"zero\"}", "",
		 "", 35, 37, 0, NULL, "agrees with index_reg 35-37"},
		{"midgard.load_store", "register", "{\"0\":\"r26\",\"1\":\"r5\"}", "", "", 35, 37, 0,
		 NULL, "differs from index_reg 35-37: value 1: r5 where public work says r27"},
		{"midgard.load_store", "component", "{\"0\":\"r27.x\",\"1\":\"r27.y\"}", "", "", 33, 34,
		 0, NULL, "agrees with index_comp 33-34"},
		{"midgard.load_store", "component", "{\"0\":\"r27.y\"}", "", "", 33, 34, 0, NULL,
		 "differs from index_comp 33-34: value 0: r27.y where public work says x"},
		{"midgard.load_store", "shift", "", "", "", 35, 37, 0, NULL,
		 "differs from index_reg 35-37: public work reads a register field"},
		{"midgard.load_store", "register", "", "", "", 34, 36, 0, NULL,
		 "differs from index_comp 33-34: spans 2 public fields"},
		{"midgard.load_store", "register", "", "", "", 34, 36, 1, NULL,
		 "open: index_comp 33-34: spans 2 public fields, with values the runner could not say"},
		{"midgard.load_store", "register", "", "", "", 36, 37, 0, NULL,
		 "refines index_reg 35-37"},
		{"midgard.load_store", "ignored", "", "", "", 38, 41, 0, NULL,
		 "refines index_shift 38-41: not read here"},
		{"midgard.load_store", "unmodeled", "", "", "", 42, 50, 0, NULL,
		 "open: public work reads offset_lo 42-50"},
		/* faults alone never make "differs": an offset whose values past its table fault */
		{"midgard.load_store", "reserved", "", "", "", 42, 50, 0, NULL,
		 "open: offset_lo 42-50: public work reads an immediate field; its values fault here, no "
		 "run that succeeded says otherwise"},
		{"midgard.load_store", "modifier", "", "", "", 42, 44, 0, NULL,
		 "agrees with modifier 42-44 (ld_vary without an explicit vertex)"},
		/* bits the notes describe: their own verdict */
		{"midgard.load_store", "enum", "", "", "", 0, 7, 0, NULL, "known: notes op 0-7"},
		{"utgard_gp.instr", "ignored", "", "", "", 105, 105, 0, NULL,
		 "known: notes pass_op 103-105"},
		{"utgard_gp.instr", "unmodeled", "", "", "", 100, 102, 0, NULL,
		 "open: the notes read mul_op 100-102; public work reads mul_op 100-102; values 2, 5-7 "
		 "named by no source"},
		/* per value: the notes name 2 and 6, lima 4 and 5, no one 0, 1, 3, 7 */
		{"utgard_gp.instr", "enum", "", "{\"2\":\"pass\",\"6\":\"clamp\"}", "", 103, 105, 0,
		 NULL, "known: notes pass_op 103-105 (values 2, 6)"},
		{"utgard_gp.instr", "enum", "", "{\"2\":\"pass\",\"4\":\"a\",\"6\":\"clamp\"}", "", 103,
		 105, 0, NULL,
		 "agrees with pass_op 103-105; values 2, 6 known: notes pass_op 103-105"},
		{"utgard_gp.instr", "enum", "",
		 "{\"0\":\"a\",\"2\":\"pass\",\"4\":\"b\",\"5\":\"c\",\"7\":\"unmodeled\"}", "[7]", 103,
		 105, 1, NULL,
		 "new: value 0 named by no source; 2 known: notes pass_op 103-105; 4-5 named by lima "
		 "pass_op 103-105 (preexp2, postlog2)"},
		/* part of a field: its values placed in the field with the seed's other bits */
		{"utgard_gp.instr", "enum", "", "{\"0\":\"a\",\"1\":\"b\"}", "", 104, 104, 0, gp_pass,
		 "new: value 0 (of these bits) named by no source; 1 known: notes pass_op 103-105"},
		{"utgard_gp.instr", "enum", "", "{\"0\":\"a\",\"1\":\"b\"}", "", 105, 105, 0, gp_pass,
		 "known: notes pass_op 103-105 (values 0-1 of these bits)"},
		{"utgard_gp.instr", "enum", "", "", "", 116, 119, 0, NULL, "refines unknown_1 116-119"},
		{"utgard_gp.instr", "enum", "", "", "", 115, 119, 0, NULL,
		 "differs from pass_src 111-115: spans 2 public fields"},
		{"bifrost.header", "modifier", "", "", "", 5, 6, 0, NULL,
		 "agrees with flush_to_zero 5-6"},
		{"bifrost.header", "reserved", "", "", "", 0, 4, 0, NULL, "agrees with zero1 0-4"},
		/* bits of an opcode or mode only one value of which runs: not a contradiction */
		{"midgard.alu_control", "reserved", "", "", "", 3, 3, 0, NULL, "known: notes type 0-3"},
		{"bifrost.fma_fmod", "reserved", "", "", "", 13, 13, 0, fadd,
		 "refines round 13-14: other values of these bits are not valid here (*FADD.f32)"},
		/* with the word: only the parts of its instruction */
		{"a3xx.cat6", "ignored", "", "", "", 40, 48, 0, cat6_ldg, "agrees with x40 40-48 (ldg)"},
		{"a3xx.cat6", "ignored", "", "", "", 41, 48, 0, cat6_stg,
		 "refines SRC1 41-48: not read here (stg)"},
		{"a3xx.cat6", "enum", "", "", "", 45, 45, 0, cat6_ldg,
		 "differs from x40 40-48: public work reads a padding field (ldg)"},
		{"a3xx.cat2", "unmodeled", "", "", "", 48, 50, 0, cat2_add,
		 "open: public work reads x48 48-50 (opcodes that do not compare)"},
		{"a3xx.cat2", "unmodeled", "", "", "", 48, 50, 0, cat2_cmps,
		 "open: the notes read cond 48-50; public work reads COND 48-50 (cmps, cmpv); values 6-7 "
		 "named by no source"},
		{"a3xx.cat0", "enum", "", "", "", 49, 49, 0, NULL, "agrees with OPC_HI 49"},
		{"bifrost.fma_fmod", "distinct", "", "{\"0\":\"a\",\"1\":\"b\",\"2\":\"c\",\"3\":\"d\"}",
		 "", 13, 14, 0, fadd, "agrees with round 13-14 (*FADD.f32)"},
		{"bifrost.fma_fmod", "distinct", "", "{\"0\":\"a\",\"1\":\"b\"}", "", 13, 14, 0, fmax,
		 "agrees with minmax_mode 13-14 (MAX.f32, MIN.f32 (no ISA.xml encoding))"},
		/* bits no source reads, and where that was looked for */
		{"ctm.inst2", "enum", "", "", "", 21, 23, 0, ctm_fc,
		 "new: no source reads bits 21-23, any value (looked in: Mesa "
		 "src/gallium/drivers/r300/r300_reg.h, compiler/r500_fragprog_emit.c (US_FC_INST); "
		 "AMD's R5xx register reference (regs/bits/us_*.txt of buhman/r500))"},
		{"midgard.alu_control", "unmodeled", "", "", "", 18, 18, 0, NULL,
		 "new: no source reads bit 18, any value (looked in: Mesa "
		 "src/panfrost/midgard/disassemble.c (print_alu_word prints \"unknown bit 18 "
		 "enabled\"))"},
		{"toy.word", "register", "", "", "", 0, 3, 0, NULL, "new: no public overlay for this ISA"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rp_public_in in;
		ip_word w, fc = {{2, 0}};
		char *text;
		memset(&in, 0, sizeof in);
		in.format = cases[i].format;
		in.lo = cases[i].lo;
		in.hi = cases[i].hi;
		in.kind = cases[i].kind;
		in.names = cases[i].names;
		in.values = cases[i].values;
		in.unmodeled = cases[i].unmodeled;
		in.partial = cases[i].partial;
		if (cases[i].word) {
			w = word_of(cases[i].word);
			in.word = in.seed = &w;
		}
		if (cases[i].word == ctm_fc)
			in.ctx = &fc;
		rp_public_verdict(&in, &text);
		CHECK(!strcmp(text, cases[i].want), "case %zu: '%s', want '%s'", i, text,
		      cases[i].want);
		free(text);
	}
}

int main(void)
{
	char *dir = fixture_tmpdir("isaprobe_public");
	rules();
	on_devices(dir);
	fixture_rmdir(dir);
	return check_report("test_public_verdict");
}

/* test_disagreements_bifrost.c: issue 20's Bifrost disagreements, each as hex words, the meaning
 * Mesa (ISA.xml, bifrost.h, bi_pack.c, disassemble.c; its compiler runs on the hardware) gives
 * them, and what isaprobe's decoder and simulator make of them. Sources: docs/bifrost-sources.md.
 * The simulator runs the very bits: hex -> unpack -> disassemble -> assemble, which is bit-exact
 * (checked here too). */
#include "bifrost_sim_run.h"
#include "check.h"
#include "hex_words.h"

static uint8_t bytes[512];

static int unpack_words(const uint32_t *w, unsigned n, struct ip_program *p)
{
	return hex_unpack(&bifrost_isa, w, n, bytes, p);
}

/* Runs the hex words on the simulator with r0, r1 (and the rest of io) as given. */
static enum ip_status run_words(const uint32_t *w, unsigned n, struct io *io)
{
	struct ip_program p;
	char *text = NULL;
	size_t len;
	FILE *mem;
	enum ip_status s;
	if (unpack_words(w, n, &p) != 0)
		return IP_STATUS_RUNNER_ERROR;
	mem = open_memstream(&text, &len);
	bifrost_disassemble(&p, mem);
	fclose(mem);
	ip_program_free(&p);
	s = run(text, io);
	free(text);
	return s;
}

static const struct ip_slot *slot(struct ip_program *p, size_t b, enum bifrost_role role,
                                  unsigned i)
{
	return bifrost_slot(&p->bundles[b], role, i);
}

static uint64_t get(const struct ip_slot *s, const char *field)
{
	return ip_field_get(ip_format_field(s->fmt, field), &s->value);
}

static void init(struct io *io, uint32_t r0, uint32_t r1)
{
	memset(io, 0, sizeof *io);
	io->regs_in[0][0] = r0;
	io->regs_in[0][1] = r1;
	io->invocations = 1;
}

/* B9: register control by context. The second instruction's register field: port 2 = 5,
 * port 3 = 7, control 1. Mesa (bifrost.h bifrost_reg_ctrl_lut, disassemble.c DecodeRegCtrl):
 * not the first instruction and port 2 != port 3, so mode 1, R_WL_FMA: port 2 reads r5 and port
 * 3 writes the LOW half of the first instruction's FMA result to r7. The notes: control 1 writes
 * the whole FMA result with port 3. */
static void test_b9_half_write(void)
{
	static const uint32_t hex[] = {0x00000029, 0x60004402, 0x00076591, 0x00000000,
	                               0x01470043, 0x80cb1882, 0x00076593, 0x20000000};
	struct ip_program p;
	struct io io;
	if (unpack_words(hex, 8, &p) != 0)
		return;
	const struct ip_slot *r = slot(&p, 0, BIFROST_ROLE_REG, 1);
	struct bifrost_reg_access a = bifrost_reg_decode(r->fmt, &r->value, 0);
	CHECK(get(r, "ctrl") == 1 && a.mode == 1 && a.valid, "mode %u (R_WL_FMA)", a.mode);
	CHECK(a.use[2] == BIFROST_PORT_READ && a.reg[2] == 5, "port 2 reads r5");
	CHECK(a.use[3] == BIFROST_PORT_WFMA && a.reg[3] == 7 && a.half[3] == BIFROST_WRITE_LO,
	      "port 3 writes the low half of the FMA result to r7");
	ip_program_free(&p);
	init(&io, ip_f32_bits(1.5f), ip_f32_bits(2.25f));
	io.regs_in[0][7] = 0xAAAABBBB;
	run_words(hex, 8, &io);
	CHECK(io.res.status == IP_STATUS_OK, "status %d (%s)", io.res.status,
	      io.res.why ? io.res.why : "");
	/* 1.5 + 2.25 = 3.75 = 0x40700000: its low half (0x0000) replaces r7's */
	CHECK(io.regs[0][7] == 0xAAAA0000, "r7 = 0x%08x, expected 0xaaaa0000", io.regs[0][7]);
}

/* B9: reads of r0, r1 and r5 in a later instruction, as isaprobe now encodes them (Mesa's
 * bi_pack.c): port 2 = port 3 = 5, control 4, mode 4 + 16 = 20 R_I (read, idle). Under the
 * notes' encoding (port 3 left 0, control 4) Mesa reads mode 4, R_WL_ADD, which also writes. */
static void test_b9_reads(void)
{
	static const uint32_t hex[] = {0x20000029, 0x80cb1840, 0x00076593, 0x00000000,
	                               0x01450043, 0x80cb1a02, 0x00000043, 0x20000000};
	struct ip_program p;
	struct io io;
	if (unpack_words(hex, 8, &p) != 0)
		return;
	const struct ip_slot *r = slot(&p, 0, BIFROST_ROLE_REG, 1);
	struct bifrost_reg_access a = bifrost_reg_decode(r->fmt, &r->value, 0);
	CHECK(a.mode == 20 && a.use[2] == BIFROST_PORT_READ && a.reg[2] == 5 &&
	          a.use[3] == BIFROST_PORT_OFF,
	      "mode %u: R_I, port 2 reads r5, port 3 idle", a.mode);
	/* the same word with port 3 = 0: Mesa's mode 4, R_WL_ADD */
	ip_word w = r->value;
	ip_field_set(ip_format_field(r->fmt, "port3"), &w, 0);
	a = bifrost_reg_decode(r->fmt, &w, 0);
	CHECK(a.mode == 4 && a.use[3] == BIFROST_PORT_WADD && a.half[3] == BIFROST_WRITE_LO,
	      "port 3 != port 2: mode %u, R_WL_ADD writes r0's low half", a.mode);
	ip_program_free(&p);
	init(&io, ip_f32_bits(1.0f), 0);
	io.regs_in[0][5] = ip_f32_bits(2.0f);
	run_words(hex, 8, &io);
	CHECK(io.res.status == IP_STATUS_OK, "status %d", io.res.status);
	CHECK(io.regs[0][5] == ip_f32_bits(2.0f) && io.regs[0][0] == ip_f32_bits(1.0f),
	      "nothing written");
}

/* B7/B8: constant modifiers. A branch clause with the pair 0x400000000, 0xC00000000000000
 * (stored bits 4-63): top 4 bits 0 and 0xC, M1 = (0 - 0xC) mod 16 = 4, so constant 0 is PC_HI
 * (Mesa disassemble.c decode_M, bi_pack.c): its high 32 bits, 0x40, are a byte offset from the
 * clause. The branch (always) skips the second clause (which would write r1) to the third (at
 * byte 64), which writes r2 = 7. Under the notes' reading the pair is plain (0 <= 0xC). */
static void test_b7_b8(void)
{
	static const uint32_t hex[] = {
		0x0000400b, 0x80cb1c14, 0x8003fd23, 0x00000008, 0x00000070, 0x00000400, 0x00000000,
		0xc0000000, 0x00414f09, 0x80cb604c, 0x80076593, 0x00000008, 0x00000670, 0x00000000,
		0x00000060, 0x00000000, 0x00824709, 0x80cb604c, 0x00076593, 0x00000000, 0x00000070,
		0x00000000, 0x00000000, 0x00000000};
	struct ip_program p;
	struct io io;
	uint8_t mods[BIFROST_MAX_CONSTS];
	if (unpack_words(hex, 24, &p) != 0)
		return;
	bifrost_const_mods(&p.bundles[0], mods);
	CHECK(mods[0] == BIFROST_CONST_PC_HI && mods[1] == BIFROST_CONST_PLAIN,
	      "constant 0 is PC_HI (%u %u)", mods[0], mods[1]);
	CHECK(bifrost_const_modified_pairs(&p.bundles[0]) == 1, "pair 0 is modified");
	ip_program_free(&p);
	init(&io, 0, 0);
	run_words(hex, 24, &io);
	CHECK(io.res.status == IP_STATUS_OK, "status %d (%s)", io.res.status,
	      io.res.why ? io.res.why : "");
	CHECK(io.regs[0][1] == 0 && io.regs[0][2] == 7, "r1 = %u (skipped), r2 = %u (the target)",
	      io.regs[0][1], io.regs[0][2]);
}

/* One FMA/ADD opcode case: hex of a one-instruction clause reading r0, r1 and writing r2. */
struct op_case {
	const char *what;
	uint32_t hex[4];
	int is_add;
	const char *name;         /* isaprobe's opcode name */
	enum ip_doc_level doc;    /* its doc level */
	const char *mesa;         /* ISA.xml's name of the encoding */
	uint32_t r0, r1;
	enum ip_status status;    /* what the simulator says */
	uint32_t r2;              /* the result, when OK */
};

static void test_op(const struct op_case *c)
{
	struct ip_program p;
	struct io io;
	if (unpack_words(c->hex, 4, &p) != 0)
		return;
	const struct ip_slot *s = slot(&p, 0, c->is_add ? BIFROST_ROLE_ADD : BIFROST_ROLE_FMA, 0);
	const struct bifrost_op *op = bifrost_decode_op(c->is_add, (uint32_t)s->value.w[0]);
	CHECK(op && strcmp(op->name, c->name) == 0, "%s: decodes as %s", c->what,
	      op ? op->name : "(none)");
	CHECK(op && op->doc == c->doc && strncmp(op->mesa, c->mesa, strlen(c->mesa)) == 0,
	      "%s: doc level %s, Mesa %s", c->what, op ? ip_doc_name(op->doc) : "-",
	      op ? op->mesa : "-");
	ip_program_free(&p);
	init(&io, c->r0, c->r1);
	run_words(c->hex, 4, &io);
	CHECK(io.res.status == c->status, "%s: status %s (%s), expected %s", c->what,
	      ip_status_name(io.res.status), io.res.why ? io.res.why : "", ip_status_name(c->status));
	if (c->status == IP_STATUS_OK)
		CHECK(io.regs[0][2] == c->r2, "%s: r2 = 0x%08x, expected 0x%08x", c->what,
		      io.regs[0][2], c->r2);
}

/* B1-B5: opcodes (ISA.xml is the source; docs/bifrost-sources.md lists all 92 + 3). */
static void test_opcodes(void)
{
	static const struct op_case cases[] = {
		/* B1: FMA ARSHIFT_ADD.i32 with source 1 = 3 is ISA.xml's *ARSHIFT.i32 (mask 0x7ff838,
		 * exact 0x335018): r0 >> r1, arithmetic */
		{"B1 ARSHIFT_ADD.i32 src1=zero", {0x00820049, 0x9a82c482, 0x00076591, 0}, 0,
		 "ARSHIFT_ADD.i32", IP_DOC_UNKNOWN, "*ARSHIFT.i32", 0xFFFFFFC0, 3, IP_STATUS_OK,
		 0xFFFFFFF8},
		/* B1: with source 1 = 0 it is no ISA.xml instruction */
		{"B1 ARSHIFT_ADD.i32 src1=p0", {0x00820049, 0x9a820482, 0x00076591, 0}, 0,
		 "ARSHIFT_ADD.i32", IP_DOC_UNKNOWN, "*ARSHIFT.i32", 1, 1, IP_STATUS_UNMODELED, 0},
		/* B2: FMA IMAD with source 2 = 3 is *IMUL.i32 */
		{"B2 IMAD src2=zero", {0x00820049, 0x9e064482, 0x00076593, 0}, 0, "IMAD",
		 IP_DOC_UNKNOWN, "*IMUL.i32", 6, 7, IP_STATUS_OK, 42},
		{"B2 IMAD src2=p0", {0x00820049, 0x9e004482, 0x00076593, 0}, 0, "IMAD",
		 IP_DOC_UNKNOWN, "*IMUL.i32", 6, 7, IP_STATUS_UNMODELED, 0},
		/* B3: ADD ADDC.i32 is +IADD.u32 with lanes1 = b0: r0 + (r1 & 0xff) */
		{"B3 ADDC.i32", {0x0082004d, 0x80cb1e82, 0x00078223, 0}, 1, "ADDC.i32", IP_DOC_UNKNOWN,
		 "+IADD.u32", 1000, 0x1234, IP_STATUS_OK, 1000 + 0x34},
		/* B4: FMA MAX.f32: no ISA.xml encoding, only the 2019 disassembler names it */
		{"B4 FMA MAX.f32", {0x00820049, 0x00004482, 0x00076591, 0}, 0, "MAX.f32",
		 IP_DOC_UNKNOWN, "INSTR_INVALID_ENC", 0x3fc00000, 0x40200000, IP_STATUS_UNMODELED, 0},
		/* B4: the ADD unit's MAX.f32 is +FMAX.f32 */
		{"B4 ADD MAX.f32", {0x00820048, 0x80cb1e82, 0x00000023, 0}, 1, "MAX.f32", IP_DOC_KNOWN,
		 "+FMAX.f32", 0x3fc00000, 0x40200000, IP_STATUS_OK, 0x40200000},
	};
	for (unsigned i = 0; i < IP_COUNT(cases); i++)
		test_op(&cases[i]);
}

/* B5: ISA.xml's *NOP is exactly 0x701963 (source 0 = 3); the notes' NOP had source 0 = 0. */
static void test_b5_nop(void)
{
	static const uint32_t hex[] = {0x00000049, 0x80cb0044, 0x00076593, 0x00000000};
	struct ip_program p;
	struct io io;
	if (unpack_words(hex, 4, &p) != 0)
		return;
	const struct ip_slot *s = slot(&p, 0, BIFROST_ROLE_FMA, 0);
	const struct bifrost_op *op = bifrost_decode_op(0, (uint32_t)s->value.w[0]);
	CHECK(op && strcmp(op->name, "NOP") == 0 && op->src0 == 3 && get(s, "src0") == 0,
	      "an FMA NOP whose source 0 is 0");
	ip_program_free(&p);
	init(&io, 0, 0);
	run_words(hex, 4, &io);
	CHECK(io.res.status == IP_STATUS_UNMODELED, "not ISA.xml's NOP: unmodelled (%s)",
	      ip_status_name(io.res.status));
	/* the NOP isaprobe writes: source 0 = 3 */
	struct ip_program q;
	struct ip_diag d;
	ip_diag_init(&d, "asm");
	CHECK(bifrost_assemble("clause {\n\treg first=1\n\tfma NOP\n\tadd NOP\n}\n", &q, &d) == 0,
	      "assemble");
	CHECK(get(bifrost_slot(&q.bundles[0], BIFROST_ROLE_FMA, 0), "src0") == 3 &&
	          get(bifrost_slot(&q.bundles[0], BIFROST_ROLE_ADD, 0), "src0") == 4,
	      "the assembler's NOPs are ISA.xml's (FMA source 0 = 3, ADD source 0 = 4)");
	ip_program_free(&q);
}

/* B6: header type 2 is Mesa's BIFROST_MESSAGE_ATTRIBUTE (bifrost.h); isaprobe called it ubo.
 * The name follows Mesa; the doc level stays unknown (the notes do not list 2). */
static void test_b6_type(void)
{
	static const uint32_t hex[] = {0x00000049, 0x80cb1844, 0x00076593, 0x00800000};
	struct ip_program p;
	if (unpack_words(hex, 4, &p) != 0)
		return;
	const struct ip_field *f = ip_format_field(&bifrost_header, "type");
	uint64_t v = ip_field_get(f, &p.bundles[0].slots[0].value);
	CHECK(v == 2 && strcmp(ip_enum_name(f->enums, v), "attribute") == 0 &&
	          ip_enum_doc(f->enums, v) == IP_DOC_UNKNOWN,
	      "type %u: %s", (unsigned)v, ip_enum_name(f->enums, v));
	ip_program_free(&p);
}

int main(void)
{
	test_b9_half_write();
	test_b9_reads();
	test_b7_b8();
	test_opcodes();
	test_b5_nop();
	test_b6_type();
	return check_report("test_disagreements_bifrost");
}

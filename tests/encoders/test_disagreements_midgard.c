/* test_disagreements_midgard.c: issue 20's Midgard disagreements, each as hex words, the meaning
 * Mesa (whose compiler runs on the hardware) gives them, and what isaprobe's decoder and simulator
 * make of them. Sources: docs/midgard-sources.md. */
#include "check.h"
#include "hex_words.h"
#include "midgard_sim_util.h"

static uint32_t regs_init[128];

static int unpack_words(const uint32_t *w, unsigned n, uint8_t *bytes, struct ip_program *p)
{
	return hex_unpack(&midgard_isa, w, n, bytes, p);
}

/* The slot of format fmt in bundle b (first one), or NULL. */
static const struct ip_slot *slot_of(const struct ip_program *p, size_t b,
                                     const struct ip_format *fmt)
{
	for (unsigned i = 0; i < p->bundles[b].nslots; i++)
		if (p->bundles[b].slots[i].fmt == fmt)
			return &p->bundles[b].slots[i];
	return NULL;
}

/* The field of that name that holds in this word (several alternatives may share a name). */
static uint64_t get(const struct ip_slot *s, const char *field)
{
	return ip_field_get(ip_format_active_field(s->fmt, field, &s->value, NULL), &s->value);
}

static void setup(struct sim_io *io)
{
	memset(io, 0, sizeof *io);
	for (unsigned i = 0; i < 128; i++)
		regs_init[i] = 0;
	io->uniform_regs = 0;
	io->regs_in = regs_init;
	io->invocations = 1;
}

static void set_reg(unsigned r, float x, float y, float z, float w)
{
	regs_init[4 * r] = ip_f32_bits(x);
	regs_init[4 * r + 1] = ip_f32_bits(y);
	regs_init[4 * r + 2] = ip_f32_bits(z);
	regs_init[4 * r + 3] = ip_f32_bits(w);
}

/* M1: `smul.fmul r4.x, r2.y, r3.y`. Mesa midgard.h midgard_scalar_alu_src {mod:2, full:1,
 * component:3}, midgard_emit.c mir_pack_scalar_source: a 32-bit source's component c is stored
 * as c << 1, so input 2's y (1) is 2 in scalar bits 17-19 and bit 17 is 0. The notes put the
 * component in bits 17-18: there this word's input 2 would be component 1 with bit 19 set. */
static void test_m1(void)
{
	static const uint32_t hex[] = {0x00800018, 0x14141062, 0x00001005, 0x00000000};
	uint8_t bytes[sizeof hex];
	struct ip_program p;
	struct sim_io io;
	const struct ip_slot *s;
	if (unpack_words(hex, 4, bytes, &p) != 0)
		return;
	s = slot_of(&p, 0, &midgard_scalar_alu);
	CHECK(s && get(s, "src2_comp") == 2 && get(s, "src2_full") == 1,
	      "input 2 lane field (bits 17-19) = 2: 32-bit component y");
	CHECK(s && (s->value.w[0] >> 17 & 1) == 0, "bit 17 is 0 for a 32-bit input");
	CHECK(s && get(s, "src1_comp") == 1, "input 1: y (bits 11-13 = 2, c << 1)");
	ip_program_free(&p);
	setup(&io);
	set_reg(2, 1, 2, 3, 4);
	set_reg(3, 10, 20, 30, 40);
	sim_run_bin(bytes, sizeof bytes, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 4, 0, 2.0f * 20.0f); /* r2.y * r3.y */

	/* r3.w: bits 17-19 = 6 */
	static const uint32_t hex_w[] = {0x00800018, 0x24141062, 0x0000100d, 0x00000000};
	uint8_t bytes_w[sizeof hex_w];
	if (unpack_words(hex_w, 4, bytes_w, &p) != 0)
		return;
	s = slot_of(&p, 0, &midgard_scalar_alu);
	CHECK(s && get(s, "src2_comp") == 6, "input 2 r3.w: lane 6");
	ip_program_free(&p);
	setup(&io);
	set_reg(2, 1, 2, 3, 4);
	set_reg(3, 10, 20, 30, 40);
	sim_run_bin(bytes_w, sizeof bytes_w, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 4, 0, 3.0f * 40.0f); /* r2.z * r3.w */
}

/* M2: vector input expand modes (Mesa midgard.h midgard_vector_alu_src.expand_mode, a 3-bit
 * enum at bits 12-14 / 25-27; disassemble.c print_vec_swizzle). */
static void test_m2(void)
{
	/* `vadd.fadd r3.xyzw, r0.xyzw, r1.xyzw src1_expand=expand_low`: full mode, input 1's lower
	 * 64 bits read as four 16-bit floats, widened (Mesa prints R0.xyzw.widen) */
	static const uint32_t hex[] = {0x00200018, 0x42100c20, 0xff2e4072, 0x00000000};
	/* `vadd.fadd r3, ... mode=half src1_expand=rep_high src2_expand=swap`: half mode, input 1's
	 * upper four halves in both halves (R0.efghefgh), input 2's halves swapped (R1.efghxyzw) */
	static const uint32_t hex_h[] = {0x00200018, 0x21100c20, 0xff2e4672, 0x00000000};
	uint8_t bytes[sizeof hex], bytes_h[sizeof hex_h];
	struct ip_program p;
	struct sim_io io;
	const struct ip_slot *s;
	if (unpack_words(hex, 4, bytes, &p) != 0)
		return;
	s = slot_of(&p, 0, &midgard_vector_alu);
	CHECK(s && get(s, "mode") == 2 && get(s, "src1_expand") == 4,
	      "full mode, input 1 expand mode 4 (expand_low)");
	ip_program_free(&p);
	setup(&io);
	regs_init[0] = 0x3e00 | 0x4100u << 16; /* r0.x: halves 1.5, 2.5 */
	regs_init[1] = 0x4200 | 0x4400u << 16; /* r0.y: halves 3, 4 */
	regs_init[2] = 0x7c00 | 0x7c00u << 16; /* r0.z, r0.w: not read */
	regs_init[3] = 0x7c00 | 0x7c00u << 16;
	set_reg(1, 0.25f, 0.5f, 0.75f, 1);
	sim_run_bin(bytes, sizeof bytes, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 3, 0, 1.75f);
	CHECK_F(&io, 3, 1, 3.0f);
	CHECK_F(&io, 3, 2, 3.75f);
	CHECK_F(&io, 3, 3, 5.0f);

	if (unpack_words(hex_h, 4, bytes_h, &p) != 0)
		return;
	s = slot_of(&p, 0, &midgard_vector_alu);
	CHECK(s && get(s, "mode") == 1 && get(s, "src1_expand") == 2 && get(s, "src2_expand") == 3,
	      "half mode, rep_high and swap");
	ip_program_free(&p);
	setup(&io);
	/* r0 halves 0..7 = 1..8, r1 halves 0..7 = 10..80 */
	static const uint16_t h0[8] = {0x3c00, 0x4000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4700, 0x4800};
	static const uint16_t h1[8] = {0x4900, 0x4d00, 0x4f80, 0x5100, 0x5240, 0x5380, 0x5460, 0x5500};
	for (unsigned i = 0; i < 4; i++) {
		regs_init[i] = h0[2 * i] | (uint32_t)h0[2 * i + 1] << 16;
		regs_init[4 + i] = h1[2 * i] | (uint32_t)h1[2 * i + 1] << 16;
	}
	sim_run_bin(bytes_h, sizeof bytes_h, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	/* lane i: r0 half 4 + (i & 3) + r1 half (i + 4) & 7 */
	/* 55, 66, 77, 88, 15, 26, 37, 48 */
	static const uint16_t want[8] = {0x52e0, 0x5420, 0x54d0, 0x5580,
	                                 0x4b80, 0x4e80, 0x50a0, 0x5200};
	for (unsigned i = 0; i < 8; i++)
		CHECK(reg_h(&io, 3, i) == want[i], "r3 half %u = 0x%04x, expected 0x%04x", i,
		      reg_h(&io, 3, i), want[i]);
}

/* M3: the unconditional compact branch offset (bits 9-15) is signed (Mesa midgard.h
 * midgard_branch_uncond.offset is a signed 7-bit field; the compiler emits backward jumps with
 * it). 0x7e is -2: from the second word back to the first (whose next type is alu4), a loop;
 * the notes' zero extension would read +126, out of the program. */
static void test_m3(void)
{
	static const uint32_t hex[] = {0x00200088, 0x02100c20, 0xff2e4072, 0x00000000,
	                               0x04200018, 0x02101020, 0xff2e4072, 0x0000fcc1};
	uint8_t bytes[sizeof hex];
	struct ip_program p;
	struct sim_io io;
	const struct ip_slot *s;
	if (unpack_words(hex, 8, bytes, &p) != 0)
		return;
	s = slot_of(&p, 1, &midgard_branch_compact);
	CHECK(s && get(s, "op") == 1 && get(s, "offset") == 0x7e, "unconditional, offset bits 0x7e");
	ip_program_free(&p);
	setup(&io);
	io.budget = 1000;
	sim_run_bin(bytes, sizeof bytes, &io);
	CHECK_STATUS(&io, IP_STATUS_TIMEOUT); /* the backward jump loops until the budget ends */
}

/* M3 (word types): Mesa midgard.h TAG_TEXTURE_4_VTX (0x2), TAG_TEXTURE_4_BARRIER (0x4) and
 * TAG_ALU_4_WRITEOUT .. TAG_ALU_16_WRITEOUT (0xC-0xF). The notes list 0x3, 0x5 and 0x8-0xB, and
 * isaprobe refused the others. */
static void test_tags(void)
{
	static const uint32_t vtx[] = {0x00000012, 0, 0, 0};
	static const uint32_t bar[] = {0x00000014, 0, 0, 0};
	static const uint32_t aluw[] = {0x0020001c, 0x02100c20, 0xff2e4072, 0x00000000};
	uint8_t bytes[16];
	struct ip_program p;
	struct sim_io io;
	if (unpack_words(vtx, 4, bytes, &p) == 0) {
		CHECK(p.bundles[0].kind == 0x2 && midgard_tag_is_texture(0x2), "0x2: texture word");
		ip_program_free(&p);
	}
	if (unpack_words(bar, 4, bytes, &p) == 0) {
		CHECK(p.bundles[0].kind == 0x4 && midgard_tag_is_texture(0x4), "0x4: texture word");
		ip_program_free(&p);
	}
	if (unpack_words(aluw, 4, bytes, &p) == 0) {
		CHECK(p.bundles[0].kind == 0xC && midgard_tag_is_alu(0xC), "0xC: ALU word (write-out)");
		CHECK(slot_of(&p, 0, &midgard_vector_alu) != NULL, "its vector unit unpacks");
		ip_program_free(&p);
	}
	/* The simulator does not model the write-out: it says so rather than guessing */
	setup(&io);
	sim_run_bin(bytes, sizeof bytes, &io);
	CHECK(io.res.status == IP_STATUS_UNMODELED || io.res.status == IP_STATUS_FAULT,
	      "write-out word: %s", ip_status_name(io.res.status));
}

int main(void)
{
	test_m1();
	test_m2();
	test_m3();
	test_tags();
	return check_report("test_disagreements_midgard");
}

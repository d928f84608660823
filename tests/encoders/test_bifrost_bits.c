/* test_bifrost_bits.c: Bifrost bits worked out by hand from seed notes 003: where logical bits
 * land in the packed clause, the register field (both encodings), the uniform/const port, opcodes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bifrost/bifrost.h"
#include "check.h"

/* Packs a one-clause program with n instructions and k constants where exactly one logical bit
 * is set (role, index, bit), and returns the packed bytes (caller frees). */
static uint8_t *pack_one_bit(unsigned n, unsigned k, enum bifrost_role role, unsigned index,
                             unsigned bit, size_t *len)
{
	struct ip_program p;
	struct ip_bundle *b;
	struct ip_diag d;
	uint8_t *bin = NULL;
	ip_program_init(&p, &bifrost_isa);
	b = ip_program_add(&p);
	bifrost_clause_layout(b, n, k, 0);
	if (role == BIFROST_ROLE_REG && bit >= 35) { /* a bit of the 78-bit instruction */
		if (bit < 58)
			ip_bits_set(&bifrost_slot(b, BIFROST_ROLE_FMA, index)->value, bit - 35, 1, 1);
		else
			ip_bits_set(&bifrost_slot(b, BIFROST_ROLE_ADD, index)->value, bit - 58, 1, 1);
	} else {
		ip_bits_set(&bifrost_slot(b, role, index)->value, bit, 1, 1);
	}
	if (bifrost_pack(&p, &bin, len, &d) != 0)
		bin = NULL;
	ip_program_free(&p);
	return bin;
}

/* Expects the packed clause to have exactly the tag bits plus quadword bit `qbit` of quadword q. */
static void expect_bit(unsigned n, unsigned k, enum bifrost_role role, unsigned index, unsigned bit,
                       unsigned q, unsigned qbit)
{
	struct bifrost_qword_plan plan[BIFROST_MAX_QUADWORDS];
	size_t len = 0;
	uint8_t *bin = pack_one_bit(n, k, role, index, bit, &len);
	int nq = bifrost_plan(n, k, plan);
	CHECK(bin != NULL && len == (size_t)nq * 16, "n=%u k=%u: pack", n, k);
	for (size_t i = 0; bin && i < len; i++) {
		uint8_t want = i % 16 == 0 ? plan[i / 16].tag : 0;
		if (i == 16 * q + qbit / 8)
			want |= (uint8_t)(1u << (qbit % 8));
		CHECK(bin[i] == want, "n=%u k=%u role %d[%u] bit %u: byte %zu is 0x%02x, want 0x%02x", n,
		      k, role, index, bit, i, bin[i], want);
	}
	free(bin);
}

static void test_placement(void)
{
	/* format #1: I0 bits 0-74 at 8-82, I0 75-77 at 0-2, header at 83-127 */
	expect_bit(1, 0, BIFROST_ROLE_REG, 0, 0, 0, 8);
	expect_bit(1, 0, BIFROST_ROLE_REG, 0, 35, 0, 43);  /* FMA bit 0 */
	expect_bit(1, 0, BIFROST_ROLE_REG, 0, 74, 0, 82);  /* ADD bit 16 */
	expect_bit(1, 0, BIFROST_ROLE_REG, 0, 77, 0, 2);   /* ADD bit 19 */
	expect_bit(1, 0, BIFROST_ROLE_HEADER, 0, 12, 0, 95); /* not end of shader */
	expect_bit(1, 0, BIFROST_ROLE_HEADER, 0, 44, 0, 127);
	/* format #2.1: I1 0-74 at 8-82, 75-77 at 125-127; unused 83-124 */
	expect_bit(2, 0, BIFROST_ROLE_REG, 1, 75, 1, 125);
	expect_bit(2, 0, BIFROST_ROLE_UNUSED, 0, 41, 1, 124);
	/* format #2.2: I2 0-44 at 83-127 */
	expect_bit(3, 1, BIFROST_ROLE_REG, 2, 44, 1, 127);
	/* format #3.1: constant 0-59 at 8-67, I2 45-74 at 83-112, I2 75-77 at 125-127 */
	expect_bit(3, 1, BIFROST_ROLE_CONST, 0, 0, 2, 8);
	expect_bit(3, 1, BIFROST_ROLE_CONST, 0, 59, 2, 67);
	expect_bit(3, 1, BIFROST_ROLE_REG, 2, 45, 2, 83);
	expect_bit(3, 1, BIFROST_ROLE_REG, 2, 77, 2, 127);
	expect_bit(3, 1, BIFROST_ROLE_UNUSED, 0, 0, 2, 68);  /* 68-82 */
	expect_bit(3, 1, BIFROST_ROLE_UNUSED, 1, 11, 2, 124); /* 113-124 */
	/* format #3.2: I2 75-77 at 0-2, I3 75-77 at 3-5, constant 0-14 at 113-127 */
	expect_bit(5, 1, BIFROST_ROLE_REG, 2, 75, 2, 0);
	expect_bit(5, 1, BIFROST_ROLE_REG, 3, 75, 2, 3);
	expect_bit(5, 1, BIFROST_ROLE_REG, 3, 0, 2, 8);
	expect_bit(5, 1, BIFROST_ROLE_CONST, 0, 14, 2, 127);
	/* format #4.1: constant 15-59 at 83-127 */
	expect_bit(5, 1, BIFROST_ROLE_CONST, 0, 15, 3, 83);
	expect_bit(5, 1, BIFROST_ROLE_REG, 4, 76, 3, 1);
	/* format #3.3: I3 75-77 at 122-124, I2 75-77 at 125-127, unused 113-121 */
	expect_bit(4, 0, BIFROST_ROLE_REG, 3, 77, 2, 124);
	expect_bit(4, 0, BIFROST_ROLE_REG, 2, 75, 2, 125);
	expect_bit(4, 0, BIFROST_ROLE_UNUSED, 0, 8, 2, 121);
	/* format #4.2: I5 0-44 at 83-127; #5.1: I5 45-74 at 83-112 and the constant at 8-67 */
	expect_bit(6, 1, BIFROST_ROLE_REG, 5, 0, 3, 83);
	expect_bit(6, 1, BIFROST_ROLE_REG, 5, 45, 4, 83);
	expect_bit(6, 1, BIFROST_ROLE_CONST, 0, 30, 4, 38);
	/* format #5.2: I6 at 8-82, I6 75-77 at 122-124 */
	expect_bit(7, 0, BIFROST_ROLE_REG, 6, 75, 4, 122);
	/* format #5.3: I5 75-77 at 0-2, I6 75-77 at 3-5; #6: I7 and constant 15-59 */
	expect_bit(8, 1, BIFROST_ROLE_REG, 5, 77, 4, 2);
	expect_bit(8, 1, BIFROST_ROLE_REG, 6, 77, 4, 5);
	expect_bit(8, 1, BIFROST_ROLE_CONST, 0, 0, 4, 113);
	expect_bit(8, 1, BIFROST_ROLE_CONST, 0, 59, 5, 127);
	expect_bit(8, 1, BIFROST_ROLE_REG, 7, 75, 5, 0);
	/* constant format: first constant 8-67, second 68-127 */
	expect_bit(4, 2, BIFROST_ROLE_CONST, 0, 0, 3, 8);
	expect_bit(4, 2, BIFROST_ROLE_CONST, 1, 59, 3, 127);
	expect_bit(6, 7, BIFROST_ROLE_CONST, 6, 0, 7, 68);
}

/* ---- uniform/const port ---------------------------------------------------------------- */
static void test_uniform_const(void)
{
	/* "10000001 would load from uniform registers 2 and 3" */
	struct bifrost_uc u = bifrost_uc_decode(0x81);
	CHECK(u.kind == BIFROST_UC_UNIFORM && u.index == 1, "0x81: uniform pair 1");
	/* field value (bits 4-6) -> constant: 4->0, 5->1, 6->2, 7->3, 2->4, 3->5 */
	static const unsigned map[8] = {99, 99, 4, 5, 0, 1, 2, 3};
	for (unsigned sel = 2; sel < 8; sel++) {
		u = bifrost_uc_decode(sel << 4 | 0xA);
		CHECK(u.kind == BIFROST_UC_CONST && u.index == map[sel] && u.lo4 == 0xA, "sel %u", sel);
		CHECK(bifrost_uc_const(map[sel], 0xA) == (int)(sel << 4 | 0xA), "encode slot %u",
		      map[sel]);
	}
	u = bifrost_uc_decode(0x05);
	CHECK(u.kind == BIFROST_UC_SPECIAL && u.index == 5, "alpha-test data");
	CHECK(bifrost_uc_const(6, 0) == -1, "slot 6 cannot be loaded");
}

/* ---- register field, 32-bit --------------------------------------------------------------- */
static uint64_t get(const struct ip_format *f, const ip_word *w, const char *name)
{
	const struct ip_field *fd = ip_format_active_field(f, name, w, NULL);
	CHECK(fd != NULL, "field %s present", name);
	return fd ? ip_field_get(fd, w) : 0;
}

static void test_reg32(void)
{
	ip_word w = ip_word_zero();
	struct bifrost_reg_access a;
	unsigned reads[3];
	/* control 0: port 1's upper 4 bits are the control, bit 0 is port 0's bit 5, bit 1
	 * disables port 0. Field layout: port0 20-24, port1 25-30, ctrl 31-34. The 4-bit control
	 * becomes Mesa's 5-bit register mode by context (bifrost.h bifrost_reg_ctrl_lut,
	 * disassemble.c DecodeRegCtrl): 5 with port 2 == port 3 in a later instruction is mode 21
	 * I_W_ADD (the notes' "write ADD with port 3"); with port 2 != port 3 mode 5 R_WH_ADD. */
	ip_bits_set(&w, 20, 5, 3);
	ip_bits_set(&w, 25, 6, 5u << 2 | 1);
	ip_bits_set(&w, 8, 6, 44);  /* port 3 */
	ip_bits_set(&w, 14, 6, 44); /* port 2 */
	a = bifrost_reg_decode(&bifrost_reg32, &w, 0);
	CHECK(a.valid && a.use[0] == BIFROST_PORT_READ && a.reg[0] == 35, "port 0 reads r35");
	CHECK(a.use[1] == BIFROST_PORT_OFF && a.use[2] == BIFROST_PORT_OFF, "ports 1, 2 off");
	CHECK(a.use[3] == BIFROST_PORT_WADD && a.reg[3] == 44 && a.half[3] == BIFROST_WRITE_FULL &&
	          a.mode == 21,
	      "mode 21: port 3 writes ADD to r44");
	ip_bits_set(&w, 14, 6, 0);
	a = bifrost_reg_decode(&bifrost_reg32, &w, 0);
	CHECK(a.mode == 5 && a.use[2] == BIFROST_PORT_READ && a.reg[2] == 0 &&
	          a.use[3] == BIFROST_PORT_WADD && a.half[3] == BIFROST_WRITE_HI,
	      "mode 5 R_WH_ADD: port 2 reads r0, port 3 writes the ADD high half");
	ip_bits_set(&w, 25, 6, 5u << 2 | 2);
	a = bifrost_reg_decode(&bifrost_reg32, &w, 0);
	CHECK(a.use[0] == BIFROST_PORT_OFF, "bit 1 disables port 0");
	/* port0 > port1: both are 63 minus the register; control 4: port 2 reads (with port 3 ==
	 * port 2: mode 20 R_I; else mode 4 R_WL_ADD, which also writes the ADD low half) */
	w = ip_word_zero();
	ip_bits_set(&w, 20, 5, 31);
	ip_bits_set(&w, 25, 6, 20);
	ip_bits_set(&w, 14, 6, 7);
	ip_bits_set(&w, 8, 6, 7);
	ip_bits_set(&w, 31, 4, 4);
	a = bifrost_reg_decode(&bifrost_reg32, &w, 0);
	CHECK(a.valid && a.reg[0] == 32 && a.reg[1] == 43, "swap: r%u r%u", a.reg[0], a.reg[1]);
	CHECK(a.use[2] == BIFROST_PORT_READ && a.reg[2] == 7 && a.use[3] == BIFROST_PORT_OFF &&
	          a.mode == 20,
	      "p2 read, R_I");
	ip_bits_set(&w, 8, 6, 0);
	a = bifrost_reg_decode(&bifrost_reg32, &w, 0);
	CHECK(a.mode == 4 && a.use[3] == BIFROST_PORT_WADD && a.half[3] == BIFROST_WRITE_LO &&
	          a.reg[3] == 0,
	      "R_WL_ADD");
	/* first instruction: bit 3 moves to bit 4: 13 -> 21 (I_W_ADD) whatever the ports */
	ip_bits_set(&w, 31, 4, 13);
	a = bifrost_reg_decode(&bifrost_reg32, &w, 1);
	CHECK(a.mode == 21 && a.use[3] == BIFROST_PORT_WADD, "13 first: write ADD");
	CHECK(a.invalid_enc, "first instruction, ports 2 and 3 differ, one used: INSTR_INVALID_ENC");
	/* reserved modes: 9 + 16 = 25, 15 + 16 = 31 (port 2 == port 3, not first) */
	ip_bits_set(&w, 8, 6, 7);
	ip_bits_set(&w, 31, 4, 9);
	CHECK(!bifrost_reg_decode(&bifrost_reg32, &w, 0).valid, "mode 25 is reserved");
	ip_bits_set(&w, 31, 4, 15);
	CHECK(!bifrost_reg_decode(&bifrost_reg32, &w, 0).valid, "mode 31 is reserved");
	ip_bits_set(&w, 31, 4, 7);
	a = bifrost_reg_decode(&bifrost_reg32, &w, 0);
	CHECK(a.valid && a.mode == 23, "7 (not in the notes) with port 2 == port 3: I_WH_ADD");

	/* encoding: two registers >= 32 are stored as 63 - r, the smaller in port 0 */
	w = ip_word_zero();
	reads[0] = 40, reads[1] = 33;
	CHECK(bifrost_reg32_encode(&w, reads, 2, 5, -1, 0) == 0, "encode");
	CHECK(get(&bifrost_reg32, &w, "port0") == 30 && get(&bifrost_reg32, &w, "port1") == 23,
	      "63 - 33, 63 - 40");
	CHECK(get(&bifrost_reg32, &w, "ctrl") == 1, "write FMA with port 3");
	CHECK(get(&bifrost_reg32, &w, "port3") == 5 && get(&bifrost_reg32, &w, "port2") == 5,
	      "port 3 copied to the unused port 2");
	/* one register: control 0, real control in port 1 */
	w = ip_word_zero();
	reads[0] = 50;
	CHECK(bifrost_reg32_encode(&w, reads, 1, -1, -1, 1) == 0, "encode one read");
	CHECK(get(&bifrost_reg32, &w, "ctrl") == 0 && get(&bifrost_reg32, &w, "ctrl1") == 8,
	      "first instruction, nothing");
	CHECK(get(&bifrost_reg32, &w, "port0") == 50 - 32 && get(&bifrost_reg32, &w, "port0_hi") == 1,
	      "r50 in port 0 plus its high bit");
	reads[0] = 1, reads[1] = 2, reads[2] = 3;
	CHECK(bifrost_reg32_encode(&w, reads, 3, 4, 5, 0) != 0, "3 reads and 2 writes: no ports");
	CHECK(bifrost_reg32_encode(&w, reads, 2, 4, 5, 1) != 0, "no first-instruction control 15");

	/* the third read also written, outside the first instruction: no mode reads and writes one
	 * register through ports 2 and 3, so it reads through port 0 or 1 (Mesa's slots by
	 * source order). r0, r1, r5 read, the previous ADD to r5: ports 0, 1, 2 = r1, r5, r0 (r0
	 * moved to port 2, r5 to port 1, port 0 the smaller), port 3 = r5, control 6 = R_W_ADD */
	w = ip_word_zero();
	reads[0] = 0, reads[1] = 1, reads[2] = 5;
	CHECK(bifrost_reg32_encode(&w, reads, 3, -1, 5, 0) == 0, "r0 r1 r5, ADD to r5: encoded");
	CHECK(get(&bifrost_reg32, &w, "port0") == 1 && get(&bifrost_reg32, &w, "port1") == 5 &&
	      get(&bifrost_reg32, &w, "port2") == 0 && get(&bifrost_reg32, &w, "port3") == 5 &&
	      get(&bifrost_reg32, &w, "ctrl") == 6,
	      "ports 1 5 0 5, control 6: got %llu %llu %llu %llu, %llu",
	      (unsigned long long)get(&bifrost_reg32, &w, "port0"),
	      (unsigned long long)get(&bifrost_reg32, &w, "port1"),
	      (unsigned long long)get(&bifrost_reg32, &w, "port2"),
	      (unsigned long long)get(&bifrost_reg32, &w, "port3"),
	      (unsigned long long)get(&bifrost_reg32, &w, "ctrl"));
	/* the FMA result instead: control 3 = R_W_FMA */
	w = ip_word_zero();
	CHECK(bifrost_reg32_encode(&w, reads, 3, 5, -1, 0) == 0 &&
	      get(&bifrost_reg32, &w, "port2") == 0 && get(&bifrost_reg32, &w, "port3") == 5 &&
	      get(&bifrost_reg32, &w, "ctrl") == 3, "r0 r1 r5, FMA to r5: control 3, port 2 r0");
	/* every such request of r0-r3 (24 orders of three reads, the FMA or the ADD result to the
	 * third: 48, refused before): encoded, read back as the same reads and write, not an
	 * INSTR_INVALID_ENC, port 2 never the register port 3 writes */
	{
		unsigned n = 0;
		for (unsigned x = 0; x < 4; x++)
			for (unsigned y = 0; y < 4; y++)
				for (unsigned z = 0; z < 4; z++)
					for (int add = 0; add < 2; add++) {
						unsigned rd[3] = {x, y, z}, seen = 0;
						struct bifrost_reg_access b;
						if (x == y || y == z || x == z)
							continue;
						w = ip_word_zero();
						if (bifrost_reg32_encode(&w, rd, 3, add ? -1 : (int)z,
						                         add ? (int)z : -1, 0) != 0) {
							CHECK(0, "r%u r%u r%u, %s to r%u: refused", x, y, z,
							      add ? "ADD" : "FMA", z);
							continue;
						}
						b = bifrost_reg_decode(&bifrost_reg32, &w, 0);
						for (unsigned p = 0; p < 3; p++)
							if (b.use[p] == BIFROST_PORT_READ)
								seen |= 1u << b.reg[p];
						CHECK(b.valid && !b.invalid_enc && seen == (1u << x | 1u << y | 1u << z) &&
						      b.use[3] == (add ? BIFROST_PORT_WADD : BIFROST_PORT_WFMA) &&
						      b.reg[3] == z && b.reg[2] != z,
						      "r%u r%u r%u, %s to r%u: read back wrong", x, y, z,
						      add ? "ADD" : "FMA", z);
						n++;
					}
		CHECK(n == 48, "48 requests, not %u", n);
	}
}

/* ---- register field, 64-bit: the notes' encoding algorithm by hand ----------------------- */
struct case64 {
	unsigned nreads, reads[3];
	int wfma, wadd;
	unsigned ctrl64, port0, port1, port2, port3; /* port1/port3: register or control value */
};

static void test_reg64(void)
{
	static const struct case64 cases[] = {
		/* reads R2, R4; FMA -> R6, ADD -> R8: Main 8 */
		{2, {2, 4, 0}, 6, 8, 8, 1, 2, 3, 4},
		/* three reads, ADD write: Main 17; port 2 reads the third */
		{3, {4, 2, 10}, -1, 12, 17, 1, 2, 5, 6},
		{3, {4, 2, 10}, 12, -1, 26, 1, 2, 5, 6},
		/* three reads, no writes: Main 27, port 3 = 10 (port 2 reads) */
		{3, {4, 2, 10}, -1, -1, 27, 1, 2, 5, 10},
		/* one pair >= R32: Main 31, port 0 = pair - 16, port 1 = 12, port 3 = 7 */
		{1, {40, 0, 0}, -1, -1, 31, 4, 12, 0, 7},
		/* no reads, FMA write: port 2 writes FMA (port 3 = 6), port 1 = 15 */
		{0, {0, 0, 0}, 6, -1, 31, 0, 15, 3, 6},
		{0, {0, 0, 0}, -1, 6, 31, 0, 15, 3, 2},
		/* one pair <= R30: port 0 = port 1, then as two reads: Main 8 */
		{1, {6, 0, 0}, 8, 10, 8, 3, 3, 4, 5},
		/* two pairs >= R32: 31 minus each pair, Main 27, port 3 = 7 */
		{2, {40, 50, 0}, -1, -1, 27, 11, 6, 0, 7},
		/* no reads, both writes: Main 29, port 1 = 3; one read >= R32: port 1 = 0 */
		{0, {0, 0, 0}, 8, 10, 29, 0, 3, 4, 5},
		{1, {34, 0, 0}, 8, 10, 29, 1, 0, 4, 5},
	};
	for (unsigned i = 0; i < IP_COUNT(cases); i++) {
		const struct case64 *c = &cases[i];
		ip_word w = ip_word_zero();
		struct bifrost_reg_access a;
		CHECK(bifrost_reg64_encode(&w, c->reads, c->nreads, c->wfma, c->wadd) == 0, "case %u", i);
		CHECK(ip_bits_get(&w, 27, 5) == c->ctrl64, "case %u: main %llu, want %u", i,
		      (unsigned long long)ip_bits_get(&w, 27, 5), c->ctrl64);
		CHECK(ip_bits_get(&w, 18, 4) == c->port0, "case %u: port 0 %llu", i,
		      (unsigned long long)ip_bits_get(&w, 18, 4));
		CHECK(ip_bits_get(&w, 22, 5) == c->port1, "case %u: port 1 %llu", i,
		      (unsigned long long)ip_bits_get(&w, 22, 5));
		CHECK(ip_bits_get(&w, 8, 5) == c->port2, "case %u: port 2", i);
		CHECK(ip_bits_get(&w, 13, 5) == c->port3, "case %u: port 3 %llu", i,
		      (unsigned long long)ip_bits_get(&w, 13, 5));
		CHECK(ip_bits_get(&w, 32, 3) == 7, "case %u: unknown bits = 7", i);
		a = bifrost_reg_decode(&bifrost_reg64, &w, 0);
		CHECK(a.valid, "case %u decodes", i);
	}
	/* "setting Port 0 to 1 would mean loading R2 and R3" (two reads, port 0 = 1) */
	{
		ip_word w = ip_word_zero();
		struct bifrost_reg_access a;
		ip_bits_set(&w, 27, 5, 27);
		ip_bits_set(&w, 18, 4, 1);
		ip_bits_set(&w, 22, 5, 5);
		ip_bits_set(&w, 13, 5, 7);
		a = bifrost_reg_decode(&bifrost_reg64, &w, 0);
		CHECK(a.valid && a.reg[0] == 2 && a.reg[1] == 10 && a.use[2] == BIFROST_PORT_OFF,
		      "R2 pair and R10 pair");
		/* control values that disagree: Main 29 (port 3 writes ADD) with port 1 = 12 (port 3
		 * holds a control) */
		ip_bits_set(&w, 27, 5, 29);
		ip_bits_set(&w, 22, 5, 12);
		CHECK(!bifrost_reg_decode(&bifrost_reg64, &w, 0).valid, "inconsistent controls");
		ip_bits_set(&w, 27, 5, 9);
		CHECK(!bifrost_reg_decode(&bifrost_reg64, &w, 0).valid, "9 is not a main control");
	}
}

/* Encode then decode: the same reads and writes come back (random, both layouts). */
static void test_reg_round_trip(uint64_t *rng, unsigned reps)
{
	for (unsigned r = 0; r < reps; r++) {
		int wide = (int)(test_rand(rng) & 1);
		unsigned nreads = (unsigned)(test_rand(rng) % 4), reads[3], step = wide ? 2 : 1;
		int wfma = test_rand(rng) % 2 ? (int)(test_rand(rng) % 64 / step * step) : -1;
		int wadd = test_rand(rng) % 2 ? (int)(test_rand(rng) % 64 / step * step) : -1;
		ip_word w = ip_word_zero();
		struct bifrost_reg_access a;
		unsigned got_reads = 0, matched = 0;
		int rc;
		for (unsigned i = 0; i < nreads; i++)
			reads[i] = (unsigned)(test_rand(rng) % 64 / step * step);
		if (nreads >= 2 && reads[0] == reads[1])
			reads[1] = (reads[1] + step) % 64;
		if (nreads == 3 && (reads[2] == reads[0] || reads[2] == reads[1]))
			continue;
		int first = !wide && (test_rand(rng) & 1);
		rc = wide ? bifrost_reg64_encode(&w, reads, nreads, wfma, wadd)
		          : bifrost_reg32_encode(&w, reads, nreads, wfma, wadd, first);
		if (nreads == 3 && wfma >= 0 && wadd >= 0) {
			CHECK(rc != 0, "3 reads + 2 writes refused");
			continue;
		}
		if (first && wfma >= 0 && wadd >= 0) {
			CHECK(rc != 0, "both writes in a first instruction refused");
			continue;
		}
		if (!wide && wfma >= 0 && wfma == wadd) {
			CHECK(rc != 0, "both writes to one register refused (Mesa: mode 31, reserved)");
			continue;
		}
		CHECK(rc == 0, "encode (wide %d, first %d, %u reads, %d, %d)", wide, first, nreads, wfma,
		      wadd);
		a = bifrost_reg_decode(wide ? &bifrost_reg64 : &bifrost_reg32, &w, first);
		CHECK(!a.invalid_enc, "no INSTR_INVALID_ENC encoding");
		CHECK(a.valid, "decodes");
		for (unsigned p = 0; p < 4; p++) {
			if (a.use[p] == BIFROST_PORT_READ) {
				got_reads++;
				for (unsigned i = 0; i < nreads; i++)
					matched += a.reg[p] == reads[i];
			}
			if (a.use[p] == BIFROST_PORT_WFMA)
				CHECK((int)a.reg[p] == wfma && !a.half[p], "FMA write r%u, want r%d", a.reg[p],
				      wfma);
			if (a.use[p] == BIFROST_PORT_WADD)
				CHECK((int)a.reg[p] == wadd && !a.half[p], "ADD write r%u, want r%d", a.reg[p],
				      wadd);
		}
		CHECK(got_reads == nreads && matched == nreads,
		      "wide %d: %u reads back of %u (%u, %u, %u)", wide, got_reads, nreads,
		      nreads > 0 ? reads[0] : 99, nreads > 1 ? reads[1] : 99, nreads > 2 ? reads[2] : 99);
		if (check_failed > 20)
			return;
	}
}

/* ---- opcodes ------------------------------------------------------------------------------ */
static void test_opcodes(void)
{
	/* every table entry decodes to itself: no earlier entry shadows it */
	for (int add = 0; add < 2; add++) {
		const struct bifrost_op *t = add ? bifrost_add_ops : bifrost_fma_ops;
		unsigned n = add ? bifrost_n_add_ops : bifrost_n_fma_ops;
		for (unsigned i = 0; i < n; i++) {
			ip_word w = ip_word_zero();
			ip_field_set(ip_format_field(t[i].fmt, "op"), &w, t[i].op);
			CHECK(bifrost_decode_op(add, (uint32_t)w.w[0]) == &t[i], "%s %s is shadowed",
			      add ? "ADD" : "FMA", t[i].name);
			CHECK(bifrost_find_op(add, t[i].name) == &t[i], "%s name unique", t[i].name);
			CHECK(t[i].fmt->bits == (add ? 20u : 23u), "%s width", t[i].name);
		}
	}
	/* LD_VAR: the notes' opcode 10100 above the two flags (ADD bits 14-19: 010100) */
	{
		const struct bifrost_op *op = bifrost_find_op(1, "LD_VAR.32");
		CHECK(op && op->fmt == &bifrost_add_ldvar && op->op == 0x14, "LD_VAR.32");
	}
	/* FMA.f32 is the three-source float-modifier format with opcode 00 (bits 21-22) */
	{
		const struct bifrost_op *op = bifrost_decode_op(0, 0x1FFFFF);
		CHECK(op && strcmp(op->name, "FMA.f32") == 0, "FMA.f32 ignores bits 0-20");
	}
}

int main(void)
{
	uint64_t seed = test_seed(0xB17), rng = seed;
	test_placement();
	test_uniform_const();
	test_reg32();
	test_reg64();
	test_reg_round_trip(&rng, (unsigned)test_scaled(20000));
	test_opcodes();
	return check_report("test_bifrost_bits");
}

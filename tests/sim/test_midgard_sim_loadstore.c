/* test_midgard_sim_loadstore.c: every load/store opcode of the notes on the Midgard simulator,
 * and each field of bits 25-50 changing the outcome as docs/midgard-loadstore-bits.md says. */
#include "midgard_sim_util.h"

/* Bits 25-50 (the key unk25), built from the public layout: */
#define ARG_COMP(c) ((uint32_t)(c))
#define ARG_REG(r) ((uint32_t)(r) << 2)
#define BITSIZE (1u << 5)
#define INDEX_FORMAT(f) ((uint32_t)(f) << 6)
#define INDEX_COMP(c) ((uint32_t)(c) << 8)
#define INDEX_REG(r) ((uint32_t)(r) << 10)
#define INDEX_SHIFT(s) ((uint32_t)(s) << 13)
#define OFFSET_LO(o) ((uint32_t)(o) << 17)
#define ZERO 7 /* the always-zero register */
#define ZERO_REGS (ARG_REG(ZERO) | INDEX_REG(ZERO))
#define SECONDARY INDEX_FORMAT(2)

/* attributes: 2 vertices x 4 slots, component c of slot k of vertex v = 100v + 10k + c + 1;
 * varyings_in: 1 vertex, component c of slot k = 1000 + 10k + c + 1 */
static float attrs[32], varys[16];
/* r26 = (1, 2, 0, 0), r27 = (0, 0, 0, 3) as integers */
static uint32_t regs[128];

static void setup(struct sim_io *io)
{
	memset(io, 0, sizeof *io);
	io->attributes = attrs;
	io->nattributes = 32;
	io->varyings_in = varys;
	io->nvaryings_in = 16;
	io->regs_in = regs;
}

static enum ip_status ls1(struct sim_io *io, const char *ins, uint32_t unk25)
{
	char src[256];
	snprintf(src, sizeof src, "ls {\n\t%s unk25=0x%x\n}\n", ins, unk25);
	return sim_run(src, io);
}

/* Loads "ld_attr_32 r0.xyzw, [ADDR].xyzw" with bits 25-50 and returns r0.x (or -1 when not
 * OK); `invocations` vertices, the value of invocation `inv`. */
static float attr_x(unsigned addr, uint32_t unk25, unsigned invocations, unsigned inv)
{
	struct sim_io io;
	char ins[64];
	setup(&io);
	io.invocations = invocations;
	snprintf(ins, sizeof ins, "ld_attr_32 r0.xyzw, [%u].xyzw", addr);
	if (ls1(&io, ins, unk25) != IP_STATUS_OK)
		return -1;
	return ip_f32_from_bits(sim_u32(&io.regs[inv][0]));
}

static void attribute_loads(void)
{
	struct sim_io io;
	setup(&io);
	CHECK(ls1(&io, "ld_attr_32 r0.xyzw, [1].xyzw", ZERO_REGS) == IP_STATUS_OK, "ld_attr_32");
	CHECK_F(&io, 0, 0, 11);
	CHECK_F(&io, 0, 3, 14);
	/* mask and swizzle act like a move */
	setup(&io);
	ls1(&io, "ld_attr_32 r0.xzw, [1].xywz", ZERO_REGS);
	CHECK_F(&io, 0, 0, 11);
	CHECK_U(&io, 0, 1, 0);
	CHECK_F(&io, 0, 2, 14);
	CHECK_F(&io, 0, 3, 13);
	/* 16-bit: four binary16 values in the low 64 bits (11, 12 | 13, 14) */
	setup(&io);
	CHECK(ls1(&io, "ld_attr_16 r0.xy, [1].xyzw", ZERO_REGS) == IP_STATUS_OK, "ld_attr_16");
	CHECK_U(&io, 0, 0, 0x4A004980);
	CHECK_U(&io, 0, 1, 0x4B004A80);
	setup(&io);
	CHECK(ls1(&io, "ld_attr_16 r0.xyzw, [1].xyzw", ZERO_REGS) == IP_STATUS_UNMODELED,
	      "ld_attr_16 z/w select past the 64 loaded bits");
	/* the default (all-zero) bits 25-50: index register r26.x (= 1 here) */
	CHECK(attr_x(1, 0, 1, 0) == 21, "all-zero bits");
}

static void index_fields(void)
{
	/* index register select: zero / r26 / r27, component, shift */
	CHECK(attr_x(0, ZERO_REGS, 1, 0) == 1, "index zero register");
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(0), 1, 0) == 11, "index r26.x = 1");
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(0) | INDEX_COMP(1), 1, 0) == 21, "index r26.y = 2");
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(1) | INDEX_COMP(3), 1, 0) == 31, "index r27.w = 3");
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(0) | INDEX_SHIFT(1), 1, 0) == 21, "index << 1");
	CHECK(attr_x(1, ARG_REG(ZERO) | INDEX_REG(0) | INDEX_SHIFT(1), 1, 0) == 31, "index << 1 + 1");
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(2), 1, 0) == -1, "special index register");
	/* one vertex: the whole table (8 slots) is its block; slot 8 is past it */
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(0) | INDEX_SHIFT(2), 1, 0) == 101, "slot 4");
	CHECK(attr_x(0, ARG_REG(ZERO) | INDEX_REG(0) | INDEX_SHIFT(3), 1, 0) == -1,
	      "index past the table");
	/* index format: bit 1 secondary table, bit 0 type inference (not modeled) */
	CHECK(attr_x(1, ZERO_REGS | SECONDARY, 1, 0) == 1011, "secondary table");
	CHECK(attr_x(1, ZERO_REGS | INDEX_FORMAT(1), 1, 0) == -1, "type inference");
	CHECK(attr_x(1, ZERO_REGS | INDEX_FORMAT(3), 1, 0) == -1, "type inference, secondary");
}

static void vertex_fields(void)
{
	/* implicit vertex: invocation 1 reads vertex 1 */
	CHECK(attr_x(1, ZERO_REGS, 2, 1) == 111, "implicit vertex 1");
	/* arguments are not used without explicit indexing */
	CHECK(attr_x(1, INDEX_REG(ZERO) | ARG_REG(0) | ARG_COMP(1), 2, 1) == 111, "arg ignored");
	/* explicit vertex index: argument register + signed 9-bit offset */
	CHECK(attr_x(1, ZERO_REGS | BITSIZE, 2, 1) == 11, "explicit vertex 0");
	CHECK(attr_x(1, ZERO_REGS | BITSIZE | OFFSET_LO(1), 2, 0) == 111, "explicit vertex 0 + 1");
	CHECK(attr_x(1, INDEX_REG(ZERO) | ARG_REG(0) | BITSIZE, 2, 0) == 111, "vertex r26.x = 1");
	CHECK(attr_x(1, INDEX_REG(ZERO) | ARG_REG(0) | ARG_COMP(2) | BITSIZE, 2, 1) == 11,
	      "vertex r26.z = 0");
	CHECK(attr_x(1, INDEX_REG(ZERO) | ARG_REG(0) | BITSIZE | OFFSET_LO(0x1FF), 2, 1) == 11,
	      "vertex r26.x - 1");
	CHECK(attr_x(1, ZERO_REGS | BITSIZE | OFFSET_LO(2), 2, 0) == -1, "vertex past the job");
	CHECK(attr_x(1, INDEX_REG(ZERO) | ARG_REG(3) | BITSIZE, 2, 0) == -1, "special arg register");
	/* low offset bits without explicit indexing: not described for attribute loads */
	CHECK(attr_x(1, ZERO_REGS | OFFSET_LO(1), 1, 0) == -1, "offset_lo on ld_attr");
	/* addr is the high part of a signed offset: 0x1ff is -1 */
	CHECK(attr_x(0x1FF, ARG_REG(ZERO) | INDEX_REG(0) | INDEX_COMP(1), 1, 0) == 11, "addr -1");
}

static void varying_loads(void)
{
	struct sim_io io;
	setup(&io);
	CHECK(ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS | SECONDARY) == IP_STATUS_OK,
	      "ld_vary_32");
	CHECK_F(&io, 0, 0, 1021);
	CHECK_F(&io, 0, 3, 1024);
	/* perspective modifier w: every component divided by w */
	setup(&io);
	ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS | SECONDARY | OFFSET_LO(3));
	CHECK_F(&io, 0, 0, 1021.0 / 1024.0);
	CHECK_F(&io, 0, 3, 1.0);
	setup(&io);
	ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS | SECONDARY | OFFSET_LO(2));
	CHECK_F(&io, 0, 2, 1.0);
	CHECK_F(&io, 0, 0, 1021.0f / 1023.0f);
	/* interpolation qualifiers (flat, perspective correction, centroid, sample): no change */
	for (unsigned b = 3; b <= 6; b++) {
		setup(&io);
		ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS | SECONDARY | OFFSET_LO(1u << b));
		CHECK_STATUS(&io, IP_STATUS_OK);
		CHECK_F(&io, 0, 0, 1021);
	}
	setup(&io);
	CHECK(ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS | SECONDARY | OFFSET_LO(4)) ==
	              IP_STATUS_UNMODELED,
	      "cube map modifier");
	setup(&io);
	CHECK(ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS | SECONDARY | OFFSET_LO(0x80)) ==
	              IP_STATUS_UNMODELED,
	      "always-zero parameter bit");
	setup(&io);
	CHECK(ls1(&io, "ld_vary_16 r0.x, [0].xyzw", ZERO_REGS | SECONDARY) == IP_STATUS_OK,
	      "ld_vary_16");
	/* binary16: 1001 = 0x63d2, 1002 = 0x63d4 (both exact) */
	CHECK_U(&io, 0, 0, 0x63D463D2);
	/* ld_vary with the primary-table bit clear reads the attributes */
	setup(&io);
	ls1(&io, "ld_vary_32 r0.xyzw, [2].xyzw", ZERO_REGS);
	CHECK_F(&io, 0, 0, 21);
}

static const float U[] = {1.5f, -2.0f, 4.0f, 0.25f, 2.0f, 3.0f, -4.0f, 0.5f};
static const uint32_t UH[] = {0, 0, 0, 0, 0, 0, 0, 0, 0x40003C00, 0x44004200, 0, 0};

static void varying_stores(void)
{
	struct sim_io io;
	setup(&io);
	io.uniforms = U;
	io.nuniforms = 8;
	io.uniform_regs = 2;
	io.attributes_out_cap = 64;
	CHECK(ls1(&io, "st_vary_32 r22.xyzw, [1].xyzw", ZERO_REGS | SECONDARY) == IP_STATUS_OK,
	      "st_vary_32");
	CHECK(vary_f(&io, 4) == 2.0f && vary_f(&io, 5) == 3.0f && vary_f(&io, 6) == -4.0f &&
	      vary_f(&io, 7) == 0.5f, "stored slot 1");
	CHECK(vary_f(&io, 0) == 0.0f, "slot 0 untouched");
	CHECK(sim_u32(&io.attr_out[16]) == ip_f32_bits(11.0f), "attributes untouched");
	/* mask and swizzle */
	setup(&io);
	io.uniforms = U;
	io.nuniforms = 8;
	io.uniform_regs = 2;
	ls1(&io, "st_vary_32 r22.xz, [0].wzyx", ZERO_REGS | SECONDARY);
	CHECK(vary_f(&io, 0) == 0.5f && vary_f(&io, 1) == 0.0f && vary_f(&io, 2) == 3.0f &&
	      vary_f(&io, 3) == 0.0f, "masked, swizzled store");
	/* index format bit 1 clear: the primary table */
	setup(&io);
	io.uniforms = U;
	io.nuniforms = 8;
	io.uniform_regs = 2;
	io.attributes_out_cap = 64;
	ls1(&io, "st_vary_32 r22.xyzw, [1].xyzw", ZERO_REGS);
	CHECK(vary_f(&io, 4) == 0.0f, "varyings untouched");
	CHECK(sim_u32(&io.attr_out[16]) == ip_f32_bits(2.0f), "primary table written");
	CHECK(sim_u32(&io.attr_out[0]) == ip_f32_bits(1.0f), "primary table keeps its input");
	/* index register selects the slot */
	setup(&io);
	io.uniforms = U;
	io.nuniforms = 8;
	io.uniform_regs = 2;
	ls1(&io, "st_vary_32 r22.xyzw, [0].xyzw", ARG_REG(ZERO) | INDEX_REG(1) | INDEX_COMP(3) | SECONDARY);
	CHECK(vary_f(&io, 12) == 2.0f, "stored at r27.w = 3");
	/* 16-bit: binary16 (1, 2, 3, 4) from r21's low half, stored as floats */
	setup(&io);
	io.uniforms = (const float *)(const void *)UH;
	io.nuniforms = 12;
	io.uniform_regs = 3;
	CHECK(ls1(&io, "st_vary_16 r21.xyzw, [0].xyzw", ZERO_REGS | SECONDARY) == IP_STATUS_OK,
	      "st_vary_16");
	CHECK(vary_f(&io, 0) == 1.0f && vary_f(&io, 1) == 2.0f && vary_f(&io, 2) == 3.0f &&
	      vary_f(&io, 3) == 4.0f, "16-bit store");
	/* past the table's size (64 bytes: 4 slots) */
	setup(&io);
	CHECK(ls1(&io, "st_vary_32 r22.xyzw, [4].xyzw", ZERO_REGS | SECONDARY) ==
	              IP_STATUS_UNMODELED,
	      "store past the table");
}

/* uniform buffer: record k = (4k, 4k+1, 4k+2, 4k+3) */
static float unis[40];
#define UBO_IMM OFFSET_LO(1)
#define VEC4(k) OFFSET_LO((uint32_t)(k) << 6)

static float uni(const char *ins, uint32_t unk25, unsigned comp)
{
	struct sim_io io;
	setup(&io);
	io.uniforms = unis;
	io.nuniforms = 40;
	if (ls1(&io, ins, unk25) != IP_STATUS_OK)
		return -1;
	return reg_f(&io, 0, comp);
}

static void uniform_loads(void)
{
	const char *ld32 = "ld_uniform_32 r0.xyzw, [0].xyzw";
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(ZERO), 1) == 1, "record 0");
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(ZERO) | VEC4(3), 1) == 13, "record 3 (low offset)");
	CHECK(uni("ld_uniform_32 r0.xyzw, [1].xyzw", UBO_IMM | INDEX_REG(ZERO) | VEC4(1), 0) == 36,
	      "record 9 (addr counts 8 records)");
	/* buffer index from a register: zero register, r26.x = 1 (no such buffer) */
	CHECK(uni(ld32, ZERO_REGS, 2) == 2, "buffer index from the zero register");
	CHECK(uni(ld32, INDEX_REG(ZERO) | ARG_REG(0), 2) == -1, "buffer 1 from r26.x");
	CHECK(uni(ld32, INDEX_REG(ZERO) | ARG_REG(0) | ARG_COMP(2), 2) == 2, "buffer 0 from r26.z");
	/* immediate buffer index bits: bit-size toggle and index format are its bits 5-7 */
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(ZERO) | BITSIZE, 0) == -1, "buffer 32");
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(ZERO) | INDEX_FORMAT(1), 0) == -1, "buffer 64");
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(ZERO) | ARG_COMP(1), 0) == -1, "buffer 1");
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(ZERO) | OFFSET_LO(2), 0) == -1, "bit 43");
	/* index register and shift add bytes: r26.x << 4 = 16 bytes, r27.w << 5 = 96 */
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(0) | INDEX_SHIFT(4), 0) == 4, "index r26.x << 4");
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(1) | INDEX_COMP(3) | INDEX_SHIFT(5), 0) == 24,
	      "index r27.w << 5");
	CHECK(uni(ld32, UBO_IMM | INDEX_REG(0), 0) == -1, "1 byte: unaligned");
	/* 16-bit (64-bit) loads: 8 bytes; byte offset 8 is aligned for them */
	CHECK(uni("ld_uniform_16 r0.xy, [0].xyzw", UBO_IMM | INDEX_REG(ZERO) | OFFSET_LO(32), 0) == 2,
	      "ld_uniform_16 at byte 8");
	CHECK(uni("ld_uniform_16 r0.xyzw, [0].xyzw", UBO_IMM | INDEX_REG(ZERO), 0) == -1,
	      "ld_uniform_16 selects past 64 bits");
	CHECK(uni("ld_uniform_32 r0.xyzw, [2].xyzw", UBO_IMM | INDEX_REG(ZERO), 0) == -1,
	      "past the buffer");
}

static void other_opcodes(void)
{
	struct sim_io io;
	setup(&io);
	CHECK(ls1(&io, "0x88 r0.xyzw, [0].xyzw", ZERO_REGS) == IP_STATUS_UNMODELED, "opcode 0x88");
	setup(&io);
	CHECK(ls1(&io, "noop", 0x3FFFFFF) == IP_STATUS_OK, "noop");
}

static void alu_feeds_index(void)
{
	struct sim_io io;
	/* an ALU word writes r26.x = 3 (integer inline constant); the load indexes with it */
	setup(&io);
	io.regs_in = NULL;
	sim_run("alu {\n\tvadd.imov r26, r24.xyzw, #0x0003\n}\n"
	        "ls {\n\tld_attr_32 r0.xyzw, [0].xyzw unk25=0x1c\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 31);
}

static void public_tables(void)
{
	char err[256];
	const struct ip_field *unk = ip_format_field(&midgard_load_store, "unk25");
	const struct ip_field *lo = ip_format_field(&midgard_ls_public, "offset_lo");
	const struct ip_field *addr = ip_format_field(&midgard_load_store, "addr");
	CHECK(ip_format_check(&midgard_ls_public, err, sizeof err) == 0, "%s", err);
	CHECK(ip_format_check(&midgard_ls_varying_params, err, sizeof err) == 0, "%s", err);
	CHECK(ip_format_check(&midgard_ls_ubo_offset, err, sizeof err) == 0, "%s", err);
	CHECK(unk && midgard_ls_public.bits == unk->width, "public layout covers unk25");
	CHECK(lo && midgard_ls_varying_params.bits == lo->width, "parameters cover offset_lo");
	CHECK(lo && addr && midgard_ls_ubo_offset.bits == lo->width + addr->width,
	      "uniform offset = offset_lo + addr");
}

int main(void)
{
	public_tables();
	for (unsigned v = 0; v < 2; v++)
		for (unsigned k = 0; k < 4; k++)
			for (unsigned c = 0; c < 4; c++)
				attrs[16 * v + 4 * k + c] = (float)(100 * v + 10 * k + c + 1);
	for (unsigned k = 0; k < 4; k++)
		for (unsigned c = 0; c < 4; c++)
			varys[4 * k + c] = (float)(1000 + 10 * k + c + 1);
	for (unsigned i = 0; i < 40; i++)
		unis[i] = (float)i;
	regs[4 * 26 + 0] = 1;
	regs[4 * 26 + 1] = 2;
	regs[4 * 27 + 3] = 3;
	alu_feeds_index();
	attribute_loads();
	index_fields();
	vertex_fields();
	varying_loads();
	varying_stores();
	uniform_loads();
	other_opcodes();
	return check_report("test_midgard_sim_loadstore");
}

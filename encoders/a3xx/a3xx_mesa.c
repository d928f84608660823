/* a3xx_mesa.c: `isaprobe disasm --style mesa` for a3xx: each instruction as Mesa's ir3
 * disassembler (isaspec's decoder on src/freedreno/isa/ir3*.xml, for a3xx) prints it: which
 * encoding matches (or "no match: ..."), then its display template. Field values come from the
 * field tables (a3xx_get); the encodings' fixed bits below are isaspec's patterns (facts). */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "a3xx.h"
#include "common/fp16.h"
#include "isaprobe/internal/mesa.h"

int a3xx_mesa_print(const struct ip_program *p, FILE *out);

/* How an encoding prints (its isaspec display template). */
enum klass {
	C0_0SRC, C0_1SRC, C0_IMMED, C0_BRAC, C0_BRAX, C0_BR1, C0_BR2,
	C1_GPR, C1_CONST, C1_IMMED, C1_RELGPR, C1_RELCONST, C1_MOVMSK,
	C2_1SRC, C2_2SRC, C2_COND, C2_INPUT, C3, C4, C5_TEX, C5_TCINV,
	C6_LDG, C6_STG, C6_LDL, C6_LDP, C6_STL, C6_STP, C6_LDLV, C6_RESINFO, C6_IBO_LD, C6_IBO_ST,
	C6_ATOMIC, C6_ATOMIC_G, C7_BAR, C7_SLEEP, C7_ICINV, C7_DATA,
};

struct leaf {
	const char *name;
	uint64_t mask, match; /* the bits its patterns fix, and their values */
	uint64_t dontcare;    /* the bits its patterns say are not looked at */
	enum klass k;
};

#define L(n, m, v, x, k) {n, m, v, x, k}

/* Every ir3 encoding of a3xx (gen 300): name, pattern mask and value, don't-care bits, display
 * class. */
static const struct leaf leaves[] = {
	L("absneg.f", 0xe7e0000000000000ull, 0x40c0000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("absneg.s", 0xe7e0000000000000ull, 0x4340000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("add.f", 0xe7e0000000000000ull, 0x4000000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("add.s", 0xe7e0000000000000ull, 0x4220000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("add.u", 0xe7e0000000000000ull, 0x4200000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("and.b", 0xe7e0000000000000ull, 0x4380000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("ashr.b", 0xe7e0000000000000ull, 0x4700000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("atomic.add", 0xe7f1fe00000001ffull, 0xc400000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.and", 0xe7f1fe00000001ffull, 0xc600000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.cmpxchg", 0xe7f1fe00000001ffull, 0xc540000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.dec", 0xe7f1fe00000001ffull, 0xc500000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.inc", 0xe7f1fe00000001ffull, 0xc4c0000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.max", 0xe7f1fe00000001ffull, 0xc5c0000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.min", 0xe7f1fe00000001ffull, 0xc580000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.or", 0xe7f1fe00000001ffull, 0xc640000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.s.add", 0xe7d0000000000001ull, 0xc410000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.and", 0xe7d0000000000001ull, 0xc610000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.cmpxchg", 0xe7d0000000000001ull, 0xc550000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.dec", 0xe7d0000000000001ull, 0xc510000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.inc", 0xe7d0000000000001ull, 0xc4d0000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.max", 0xe7d0000000000001ull, 0xc5d0000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.min", 0xe7d0000000000001ull, 0xc590000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.or", 0xe7d0000000000001ull, 0xc650000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.sub", 0xe7d0000000000001ull, 0xc450000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.xchg", 0xe7d0000000000001ull, 0xc490000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.s.xor", 0xe7d0000000000001ull, 0xc690000000000000ull, 0x0000010000000000ull, C6_ATOMIC_G),
	L("atomic.sub", 0xe7f1fe00000001ffull, 0xc440000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.xchg", 0xe7f1fe00000001ffull, 0xc480000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("atomic.xor", 0xe7f1fe00000001ffull, 0xc680000000000001ull, 0x0000010000000000ull, C6_ATOMIC),
	L("ball", 0xe78200e000000000ull, 0x008000a000000000ull, 0x000ce81f00000000ull, C0_BR1),
	L("bany", 0xe78200e000000000ull, 0x0080008000000000ull, 0x000ce81f00000000ull, C0_BR1),
	L("bar", 0xe782000000000000ull, 0xe002000000000000ull, 0x0005efffffffffffull, C7_BAR),
	L("bary.f", 0xe7e4000000000000ull, 0x4720000000000000ull, 0x0003000000000000ull, C2_INPUT),
	L("bfrev.b", 0xe7e0000000000000ull, 0x4660000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("bkt", 0xe782000000000000ull, 0x0002000000000000ull, 0x007ce8ff00000000ull, C0_IMMED),
	L("br", 0xe78200e000000000ull, 0x0080000000000000ull, 0x000ce81f00000000ull, C0_BR1),
	L("braa", 0xe78200e000000000ull, 0x0080004000000000ull, 0x000c081f00000000ull, C0_BR2),
	L("brac", 0xe78200e000000000ull, 0x0080006000000000ull, 0x007ce80000000000ull, C0_BRAC),
	L("brao", 0xe78200e000000000ull, 0x0080002000000000ull, 0x000c081f00000000ull, C0_BR2),
	L("brax", 0xe78200e000000000ull, 0x008000c000000000ull, 0x007ce81f00000000ull, C0_BRAX),
	L("call", 0xe782000000000000ull, 0x0180000000000000ull, 0x007ce8ff00000000ull, C0_IMMED),
	L("cbits.b", 0xe7e0000000000000ull, 0x47a0000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("ceil.f", 0xe7e0000000000000ull, 0x4140000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("chmask", 0xe7f2e0e000000000ull, 0x0480000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("chsh", 0xe7f2e0e000000000ull, 0x0500000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("clz.b", 0xe7e0000000000000ull, 0x46a0000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("clz.s", 0xe7e0000000000000ull, 0x4680000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("cmps.f", 0xe7e0000000000000ull, 0x40a0000000000000ull, 0x0000000000000000ull, C2_COND),
	L("cmps.s", 0xe7e0000000000000ull, 0x42a0000000000000ull, 0x0000000000000000ull, C2_COND),
	L("cmps.u", 0xe7e0000000000000ull, 0x4280000000000000ull, 0x0000000000000000ull, C2_COND),
	L("cmpv.f", 0xe7e0000000000000ull, 0x40e0000000000000ull, 0x0000000000000000ull, C2_COND),
	L("cmpv.s", 0xe7e0000000000000ull, 0x4440000000000000ull, 0x0000000000000000ull, C2_COND),
	L("cmpv.u", 0xe7e0000000000000ull, 0x4420000000000000ull, 0x0000000000000000ull, C2_COND),
	L("conv", 0xe7c0000000040000ull, 0xa200000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("convm", 0xe7c0000000040000ull, 0xa240000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("cos", 0xe7e0000000000000ull, 0x80a0000000000000ull, 0x000f8000ffff0000ull, C4),
	L("cut", 0xe7f2e0e000000000ull, 0x0400000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("dccln", 0xe790000000000000ull, 0xe200000000000000ull, 0x0067efffffffffffull, C7_DATA),
	L("dcflu", 0xe790000000000000ull, 0xe300000000000000ull, 0x0067efffffffffffull, C7_DATA),
	L("dcinv", 0xe790000000000000ull, 0xe280000000000000ull, 0x0067efffffffffffull, C7_DATA),
	L("dsx", 0xe7c0000000040000ull, 0xa380000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("dsxpp.1", 0xe7c0000000040000ull, 0xa600000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("dsy", 0xe7c0000000040000ull, 0xa3c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("dsypp.1", 0xe7c0000000040000ull, 0xa640000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("emit", 0xe7f2e0e000000000ull, 0x0380000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("end", 0xe7f2e0e000000000ull, 0x0300000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("exp2", 0xe7e0000000000000ull, 0x8060000000000000ull, 0x000f8000ffff0000ull, C4),
	L("fence", 0xe782000000000000ull, 0xe082000000000000ull, 0x0005efffffffffffull, C7_BAR),
	L("floor.f", 0xe7e0000000000000ull, 0x4120000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("flow_rev", 0xe7f2e0e000000000ull, 0x0580000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("gather4a", 0xe7c0000000040000ull, 0xa4c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("gather4b", 0xe7c0000000040000ull, 0xa480000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("gather4g", 0xe7c0000000040000ull, 0xa440000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("gather4r", 0xe7c0000000040000ull, 0xa400000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("getbit.b", 0xe7e0000000000000ull, 0x4760000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("getbuf", 0xe7c0000000040000ull, 0xa2c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("getinfo", 0xe7c0000000040000ull, 0xa340000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("getlod", 0xe7c0000000040000ull, 0xa1c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("getone", 0xe782000000000000ull, 0x0282000000000000ull, 0x007ce8ff00000000ull, C0_IMMED),
	L("getpos", 0xe7c0000000040000ull, 0xa300000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("getsize", 0xe7c0000000040000ull, 0xa280000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("hexp2", 0xe7e0000000000000ull, 0x8160000000000000ull, 0x000f8000ffff0000ull, C4),
	L("hlog2", 0xe7e0000000000000ull, 0x8140000000000000ull, 0x000f8000ffff0000ull, C4),
	L("hrsq", 0xe7e0000000000000ull, 0x8120000000000000ull, 0x000f8000ffff0000ull, C4),
	L("icinv", 0xe780000000000000ull, 0xe180000000000000ull, 0x007fefffffffffffull, C7_ICINV),
	L("isam", 0xe7c0000000040000ull, 0xa000000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("isaml", 0xe7c0000000040000ull, 0xa040000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("isamm", 0xe7c0000000040000ull, 0xa080000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("jump", 0xe782000000000000ull, 0x0100000000000000ull, 0x007ce8ff00000000ull, C0_IMMED),
	L("kill", 0xe782e0ff00000000ull, 0x0280000000000000ull, 0x000c080000000000ull, C0_1SRC),
	L("ldg", 0xe7f00000c0c00001ull, 0xc000000000800001ull, 0x0001ff0038000000ull, C6_LDG),
	L("ldgb", 0xe7c0000000000001ull, 0xc6c0000000000001ull, 0x00100100000001feull, C6_IBO_LD),
	L("ldib", 0xe7c0000000000001ull, 0xc180000000000001ull, 0x00100100000001feull, C6_IBO_LD),
	L("ldl", 0xe7c0000000800001ull, 0xc040000000800001ull, 0x0031ff0000400000ull, C6_LDL),
	L("ldlv", 0xe7c0000000c00001ull, 0xc7c0000000c00000ull, 0x0031ff00003fc000ull, C6_LDLV),
	L("ldlw", 0xe7c0000000800001ull, 0xc280000000800001ull, 0x0031ff0000400000ull, C6_LDL),
	L("ldp", 0xe7c0000000800001ull, 0xc080000000800001ull, 0x0031ff0000400000ull, C6_LDP),
	L("log2", 0xe7e0000000000000ull, 0x8040000000000000ull, 0x000f8000ffff0000ull, C4),
	L("mad.f16", 0xe780000000002000ull, 0x6300000000000000ull, 0x0000000000000000ull, C3),
	L("mad.f32", 0xe780000000002000ull, 0x6380000000000000ull, 0x0000000000000000ull, C3),
	L("mad.s16", 0xe780000000002000ull, 0x6100000000000000ull, 0x0000000000000000ull, C3),
	L("mad.s24", 0xe780000000002000ull, 0x6280000000000000ull, 0x0000000000000000ull, C3),
	L("mad.u16", 0xe780000000002000ull, 0x6000000000000000ull, 0x0000000000000000ull, C3),
	L("mad.u24", 0xe780000000002000ull, 0x6200000000000000ull, 0x0000000000000000ull, C3),
	L("madsh.m16", 0xe780000000002000ull, 0x6180000000000000ull, 0x0000000000000000ull, C3),
	L("madsh.u16", 0xe780000000002000ull, 0x6080000000000000ull, 0x0000000000000000ull, C3),
	L("max.f", 0xe7e0000000000000ull, 0x4040000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("max.s", 0xe7e0000000000000ull, 0x4320000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("max.u", 0xe7e0000000000000ull, 0x4300000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("mgen.b", 0xe7e0000000000000ull, 0x4740000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("min.f", 0xe7e0000000000000ull, 0x4020000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("min.s", 0xe7e0000000000000ull, 0x42e0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("min.u", 0xe7e0000000000000ull, 0x42c0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("mov-const", 0xe6600400fffff800ull, 0x2020000000000000ull, 0x0000000000000000ull, C1_CONST),
	L("mov-gpr", 0xe6600400fffffb00ull, 0x2000000000000000ull, 0x0000000000000000ull, C1_GPR),
	L("mov-immed", 0xe6600c0000000000ull, 0x2040000000000000ull, 0x0000000000000000ull, C1_IMMED),
	L("mov-relconst", 0xe6600400fffffc00ull, 0x2000000000000c00ull, 0x0000000000000000ull, C1_RELCONST),
	L("mov-relgpr", 0xe6600400fffffc00ull, 0x2000000000000800ull, 0x0000000000000000ull, C1_RELGPR),
	L("movmsk", 0xe67dcc00ffffffffull, 0x260cc00000000000ull, 0x0000000000000000ull, C1_MOVMSK),
	L("msad", 0xe7e0000000000000ull, 0x47e0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("mul.f", 0xe7e0000000000000ull, 0x4060000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("mul.s24", 0xe7e0000000000000ull, 0x4620000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("mul.u24", 0xe7e0000000000000ull, 0x4600000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("mull.u", 0xe7e0000000000000ull, 0x4640000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("nop", 0xe7f2e0e000000000ull, 0x0000000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("not.b", 0xe7e0000000000000ull, 0x43c0000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("or.b", 0xe7e0000000000000ull, 0x43a0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("prede", 0xe7f2e0e000000000ull, 0x0782000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("predf", 0xe782e0ff00000000ull, 0x0702000000000000ull, 0x000c080000000000ull, C0_1SRC),
	L("predt", 0xe782e0ff00000000ull, 0x0682000000000000ull, 0x000c080000000000ull, C0_1SRC),
	L("rcp", 0xe7e0000000000000ull, 0x8000000000000000ull, 0x000f8000ffff0000ull, C4),
	L("resinfo", 0xe7c0010000000000ull, 0xc3c0000000000000ull, 0x00100000fffff9ffull, C6_RESINFO),
	L("ret", 0xe7f2e0e000000000ull, 0x0200000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("rgetinfo", 0xe7c0000000040000ull, 0xa6c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("rgetpos", 0xe7c0000000040000ull, 0xa680000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("rndaz.f", 0xe7e0000000000000ull, 0x4180000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("rndne.f", 0xe7e0000000000000ull, 0x4160000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("rsq", 0xe7e0000000000000ull, 0x8020000000000000ull, 0x000f8000ffff0000ull, C4),
	L("sad.s16", 0xe780000000002000ull, 0x6700000000000000ull, 0x0000000000000000ull, C3),
	L("sad.s32", 0xe780000000002000ull, 0x6780000000000000ull, 0x0000000000000000ull, C3),
	L("sam", 0xe7c0000000040000ull, 0xa0c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("samb", 0xe7c0000000040000ull, 0xa100000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("samgp0", 0xe7c0000000040000ull, 0xa500000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("samgp1", 0xe7c0000000040000ull, 0xa540000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("samgp2", 0xe7c0000000040000ull, 0xa580000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("samgp3", 0xe7c0000000040000ull, 0xa5c0000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("samgq", 0xe7c0000000040000ull, 0xa180000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("saml", 0xe7c0000000040000ull, 0xa140000000000000ull, 0x0000000000020000ull, C5_TEX),
	L("sel.b16", 0xe780000000002000ull, 0x6400000000000000ull, 0x0000000000000000ull, C3),
	L("sel.b32", 0xe780000000002000ull, 0x6480000000000000ull, 0x0000000000000000ull, C3),
	L("sel.f16", 0xe780000000002000ull, 0x6600000000000000ull, 0x0000000000000000ull, C3),
	L("sel.f32", 0xe780000000002000ull, 0x6680000000000000ull, 0x0000000000000000ull, C3),
	L("sel.s16", 0xe780000000002000ull, 0x6500000000000000ull, 0x0000000000000000ull, C3),
	L("sel.s32", 0xe780000000002000ull, 0x6580000000000000ull, 0x0000000000000000ull, C3),
	L("setrm", 0xe7e0000000000000ull, 0x4780000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("shb", 0xe7e0000000000000ull, 0x47c0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("shl.b", 0xe7e0000000000000ull, 0x46c0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("shpe", 0xe7f2e0e000000000ull, 0x0402000000000000ull, 0x000c081f00000000ull, C0_0SRC),
	L("shps", 0xe782000000000000ull, 0x0382000000000000ull, 0x007ce8ff00000000ull, C0_IMMED),
	L("shr.b", 0xe7e0000000000000ull, 0x46e0000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("sign.f", 0xe7e0000000000000ull, 0x4080000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("sin", 0xe7e0000000000000ull, 0x8080000000000000ull, 0x000f8000ffff0000ull, C4),
	L("sleep", 0xe780000000000000ull, 0xe100000000000000ull, 0x0077efffffffffffull, C7_SLEEP),
	L("sqrt", 0xe7e0000000000000ull, 0x80c0000000000000ull, 0x000f8000ffff0000ull, C4),
	L("stg", 0xe7d00000c0800000ull, 0xc0c0000000800000ull, 0x00200000387fc001ull, C6_STG),
	L("stgb", 0xe7c0000000000001ull, 0xc700000000000000ull, 0x00100000007fc000ull, C6_IBO_ST),
	L("stib", 0xe7c0000000000001ull, 0xc740000000000000ull, 0x00100000007fc000ull, C6_IBO_ST),
	L("stl", 0xe7c0010000800000ull, 0xc100010000800000ull, 0x00300000007fc001ull, C6_STL),
	L("stlw", 0xe7c0010000800000ull, 0xc2c0010000800000ull, 0x00300000007fc001ull, C6_STL),
	L("stp", 0xe7c0010000800001ull, 0xc140010000800000ull, 0x00300000007fc000ull, C6_STP),
	L("sub.s", 0xe7e0000000000000ull, 0x4260000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("sub.u", 0xe7e0000000000000ull, 0x4240000000000000ull, 0x0007000000000000ull, C2_2SRC),
	L("tcinv", 0xe7c0000000000000ull, 0xa700000000000000ull, 0x003fffffffffffffull, C5_TCINV),
	L("trunc.f", 0xe7e0000000000000ull, 0x41a0000000000000ull, 0x00070000ffff0000ull, C2_1SRC),
	L("xor.b", 0xe7e0000000000000ull, 0x43e0000000000000ull, 0x0007000000000000ull, C2_2SRC),
};

/* One line being printed: the text, and the decoder's remarks after it (";"). */
struct line {
	FILE *out;
	const ip_word *w;
	char note[400]; /* "\t; " and the remarks, ", " between them */
	unsigned nremarks;
};

/* Adds a remark after the line. */
static void remark(struct line *l, const char *fmt, const char *name, uint64_t v)
{
	size_t n = strlen(l->note);
	if (n + 80 >= sizeof l->note || l->nremarks++ >= 4) /* the decoder keeps four */
		return;
	snprintf(l->note + n, sizeof l->note - n, "%s", n ? ", " : "\t; ");
	n = strlen(l->note);
	snprintf(l->note + n, sizeof l->note - n, fmt, name, v);
}

#define G(cat, f) ((unsigned)a3xx_get(l->w, cat, f))

static const char swz[] = "xyzw";

/* #reg-gpr: r<N>.c, with a0 and p0 named */
static void gpr(struct line *l, unsigned v, int half)
{
	unsigned n = v >> 2;
	fputs(half ? "h" : "", l->out);
	if (n == A3XX_REG_A0)
		fprintf(l->out, "a0.%c", swz[v & 3]);
	else if (n == A3XX_REG_P0)
		fprintf(l->out, "p0.%c", swz[v & 3]);
	else
		fprintf(l->out, "r%u.%c", n, swz[v & 3]);
}

static const char *const absneg[4] = {"", "(neg)", "(abs)", "(absneg)"};
static const char *const flut[12] = {"(0.0)", "(0.5)", "(1.0)", "(2.0)", "(e)", "(pi)",
	"(1/pi)", "(1/log2(e))", "(log2(e))", "(1/log2(10))", "(log2(10))", "(4.0)"};

static int sext(unsigned v, unsigned bits)
{
	return (int)(v ^ (1u << (bits - 1))) - (int)(1u << (bits - 1));
}

/* A field the decoder could not match: nothing printed, a remark after the line. */
static void no_match(struct line *l, const char *name, const char *field, uint64_t v)
{
	char both[80];
	snprintf(both, sizeof both, "%s.%s", name, field);
	remark(l, "no match: FIELD: '%s': %016" PRIx64, both, v);
}

/* A cat2/cat4 source (#multisrc): its 16 bits, whether half, (r), for remarks its name. */
static void multisrc(struct line *l, unsigned v, int half, int r, const char *name,
                     const char *field)
{
	unsigned mode = (v >> 11) & 7;
	const char *an = absneg[(v >> 14) & 3], *rr = r ? "(r)" : "";
	switch (mode) {
	case 0:
		if ((v >> 8) & 3) {
			no_match(l, name, field, v);
			return;
		}
		fprintf(l->out, "%s%s%s", (v >> 10) & 1 ? "(last)" : "", an, rr);
		gpr(l, v & 0xff, half);
		return;
	case 2:
	case 6:
		fprintf(l->out, "%s%s%sc%u.%c", an, rr, half ? "h" : "", (v & 0x7ff) >> 2,
		        swz[v & 3]);
		if (v & 0x2000) /* bit 13 is not looked at */
			remark(l, "dontcare bits in %s: %016" PRIx64, "#multisrc-const", v & 0x2000);
		return;
	case 1: {
		int off = sext(v & 0x3ff, 10);
		fprintf(l->out, "%s%s%s%c<a0.x", an, rr, half ? "h" : "", (v >> 10) & 1 ? 'c' : 'r');
		if (off)
			fprintf(l->out, " + %d", off);
		fputc('>', l->out);
		return;
	}
	case 4:
		fprintf(l->out, half ? "%s%sh(%d)" : "%s%s%d", an, rr, sext(v & 0x7ff, 11));
		return;
	case 5:
		if ((v & 0x3ff) < 12)
			fprintf(l->out, "%s%s%s%s", an, rr, (v >> 10) & 1 ? "h" : "", flut[v & 0x3ff]);
		else
			fprintf(l->out, "%s%s%s%u", an, rr, (v >> 10) & 1 ? "h" : "", v & 0x3ff);
		return;
	default:
		no_match(l, name, field, v);
	}
}

/* A cat3 source (#cat3-src, 13 bits). */
static void cat3_src(struct line *l, unsigned v, int half, const char *name, const char *field)
{
	switch ((v >> 11) & 3) {
	case 0:
		if ((v >> 8) & 3) {
			no_match(l, name, field, v);
			return;
		}
		fprintf(l->out, "%s", (v >> 10) & 1 ? "(last)" : "");
		gpr(l, v & 0xff, half);
		return;
	case 2:
		fprintf(l->out, "%sc%u.%c", half ? "h" : "", (v >> 2) & 0x1ff, swz[v & 3]);
		return;
	case 1:
		fprintf(l->out, "%s%c<a0.x + %d>", half ? "h" : "", (v >> 10) & 1 ? 'c' : 'r',
		        sext(v & 0x3ff, 10));
		return;
	default:
		no_match(l, name, field, v);
	}
}

/* (sy)(ss)(jp)... in the order the templates give them. */
static void flag(struct line *l, int on, const char *text)
{
	if (on)
		fputs(text, l->out);
}

/* #rptN: (rpt1)..(rpt5); a value the enum does not name is printed as a number */
static void repeat(struct line *l, unsigned n)
{
	if (n > 5)
		fprintf(l->out, "%u", n);
	else if (n)
		fprintf(l->out, "(rpt%u)", n);
}

static const char *const type_names[8] = {"f16", "f32", "u16", "u32", "s16", "s32", "u8", "s8"};
static const char *const cond_names[8] = {"lt", "le", "gt", "ge", "eq", "ne", "6", "7"};
static const char *const round_names[4] = {"", "(even)", "(pos_infinity)", "(neg_infinity)"};
static const char *const wrmask_names[16] = {"", "x", "y", "xy", "z", "xz", "yz", "xyz", "w",
	"xw", "yw", "xyw", "zw", "xzw", "yzw", "xyzw"};

static void cat0(struct line *l, const struct leaf *e)
{
	if (e->k == C0_BRAX) { /* isaspec has no template for brax: the remark alone */
		remark(l, "%s: no display template%.0" PRIx64, e->name, 0);
		return;
	}
	int imm = (int)(uint32_t)a3xx_get(l->w, 0, A0_IMMED) |
	          (int)((uint32_t)a3xx_get(l->w, 0, A0_UNK16) << 16);
	unsigned b45 = G(0, A0_UNK45), b32 = G(0, A0_UNK32);
	flag(l, G(0, A0_SY), "(sy)");
	flag(l, G(0, A0_SS), "(ss)");
	if (e->k != C0_IMMED)
		flag(l, (b45 >> 3) & 1, "(eq)");
	flag(l, G(0, A0_JP), "(jp)");
	if (e->k == C0_0SRC)
		repeat(l, G(0, A0_RPT));
	fputs(e->name, l->out);
	switch (e->k) {
	case C0_1SRC:
		fprintf(l->out, " %sp0.%c", G(0, A0_INV) ? "!" : "", swz[G(0, A0_COMP)]);
		break;
	case C0_BR1:
		fprintf(l->out, " %sp0.%c, #%d", G(0, A0_INV) ? "!" : "", swz[G(0, A0_COMP)], imm);
		break;
	case C0_BR2:
		fprintf(l->out, " %sp0.%c, %sp0.%c, #%d", G(0, A0_INV) ? "!" : "", swz[G(0, A0_COMP)],
		        b45 & 1 ? "!" : "", swz[(b45 >> 1) & 3], imm);
		break;
	case C0_BRAC:
		fprintf(l->out, ".%u #%d", b32 & 31, imm);
		break;
	case C0_IMMED:
	case C0_BRAX:
		fprintf(l->out, " #%d", imm);
		break;
	default:
		break;
	}
}

static void cat1(struct line *l, const struct leaf *e)
{
	unsigned st = G(1, A1_SRC_TYPE), dt = G(1, A1_DST_TYPE), dst = G(1, A1_DST);
	unsigned rnd = G(1, A1_EVEN) | G(1, A1_POS_INF) << 1, rpt = G(1, A1_RPT) & 3;
	uint32_t raw = (uint32_t)a3xx_get(l->w, 1, A1_SRC_RAW);
	int shalf = a3xx_type_half(st), dhalf = a3xx_type_half(dt), r = (int)G(1, A1_SRC_R);
	flag(l, G(1, A1_SY), "(sy)");
	flag(l, G(1, A1_SS), "(ss)");
	flag(l, G(1, A1_JP), "(jp)");
	repeat(l, rpt);
	flag(l, G(1, A1_UL), "(ul)");
	if (e->k == C1_MOVMSK) {
		fprintf(l->out, "movmsk.w%u ", 32u);
		gpr(l, dst, 0);
		return;
	}
	if (dst == 0xf4 && st == 4 && dt == 4)
		fprintf(l->out, "mova %sa0.x, ", round_names[rnd]);
	else if (dst == 0xf5 && st == 2 && dt == 2)
		fprintf(l->out, "mova1 %sa1.x, ", round_names[rnd]);
	else {
		fprintf(l->out, "%s.%s%s %s", st != dt ? "cov" : "mov", type_names[st], type_names[dt],
		        round_names[rnd]);
		if (G(1, A1_DST_REL)) {
			fprintf(l->out, "%sr<a0.x", dhalf ? "h" : "");
			if (dst)
				fprintf(l->out, " + %u", dst);
			fputc('>', l->out);
		} else {
			gpr(l, dst, dhalf);
		}
		fputs(", ", l->out);
	}
	switch (e->k) {
	case C1_GPR:
		fprintf(l->out, "%s%s", (raw >> 10) & 1 ? "(last)" : "", r ? "(r)" : "");
		gpr(l, raw & 0xff, shalf);
		break;
	case C1_CONST:
		fprintf(l->out, "%s%sc%u.%c", r ? "(r)" : "", shalf ? "h" : "", (raw & 0x7ff) >> 2,
		        swz[raw & 3]);
		break;
	case C1_RELGPR:
	case C1_RELCONST: {
		int off = sext(raw & 0x3ff, 10);
		fprintf(l->out, "%s%s%c<a0.x", r ? "(r)" : "", shalf ? "h" : "",
		        e->k == C1_RELGPR ? 'r' : 'c');
		if (off)
			fprintf(l->out, " + %d", off);
		fputc('>', l->out);
		break;
	}
	default: /* C1_IMMED */
		if (st == A3XX_F16)
			fprintf(l->out, "h(%f)", ip_f16_to_double((uint16_t)raw));
		else if (st == A3XX_F32) {
			float f;
			memcpy(&f, &raw, 4);
			fprintf(l->out, "(%f)", f);
		} else if (st == A3XX_U32 && raw > 0x1000)
			fprintf(l->out, "0x%x", raw);
		else if (st == 4)
			fprintf(l->out, "%d", sext(raw & 0xffff, 16));
		else if (st == 5)
			fprintf(l->out, "%d", (int32_t)raw);
		else
			fprintf(l->out, "%u", raw);
	}
}

/* The 16 bits of a cat2 source or of cat4's. */
static unsigned src16(const struct line *l, unsigned cat, unsigned f, unsigned mode, unsigned neg,
                      unsigned abs)
{
	return (unsigned)a3xx_get(l->w, cat, f) | (unsigned)a3xx_get(l->w, cat, mode) << 11 |
	       (unsigned)a3xx_get(l->w, cat, neg) << 14 | (unsigned)a3xx_get(l->w, cat, abs) << 15;
}

/* The flags before a cat2/cat3 name: (sy)(ss)(jp) (bits 0-2 of f), (sat) (bit 2 of rpt), then
 * (nopN) when nop (the (r) flags of an unrepeated instruction) or else (rptN), then (ul) (bit
 * 3 of f). */
static void alu_flags(struct line *l, unsigned f, unsigned rpt, unsigned nop)
{
	flag(l, f & 1, "(sy)");
	flag(l, f >> 1 & 1, "(ss)");
	flag(l, f >> 2 & 1, "(jp)");
	flag(l, rpt >> 2, "(sat)");
	if (nop)
		fprintf(l->out, "(nop%u) ", nop);
	else
		repeat(l, rpt & 3);
	flag(l, f >> 3 & 1, "(ul)");
}

static void cat2(struct line *l, const struct leaf *e)
{
	unsigned rpt = G(2, A2_RPT), r1 = G(2, A2_SRC1_R), r2 = G(2, A2_SRC2_R), dst = G(2, A2_DST);
	int full = (int)G(2, A2_FULL), nop = (r1 || r2) && !(rpt & 3) && e->k != C2_INPUT;
	int dhalf = full == (int)G(2, A2_DST_HALF) && dst <= 0xf7;
	alu_flags(l, G(2, A2_SY) | G(2, A2_SS) << 1 | G(2, A2_JP) << 2 | G(2, A2_UL) << 3, rpt,
	          nop ? r1 | r2 << 1 : 0);
	fputs(e->name, l->out);
	if (e->k == C2_COND)
		fprintf(l->out, ".%s", cond_names[G(2, A2_COND)]);
	fputc(' ', l->out);
	flag(l, G(2, A2_EI), "(ei)");
	gpr(l, dst, dhalf);
	fputs(", ", l->out);
	multisrc(l, src16(l, 2, A2_SRC1, A2_SRC1_MODE, A2_SRC1_NEG, A2_SRC1_ABS), !full,
	         nop ? 0 : (int)r1, e->name, "SRC1");
	if (e->k != C2_1SRC) {
		fputs(", ", l->out);
		multisrc(l, src16(l, 2, A2_SRC2, A2_SRC2_MODE, A2_SRC2_NEG, A2_SRC2_ABS), !full,
		         nop ? 0 : (int)r2, e->name, "SRC2");
	}
}

static void cat3(struct line *l, const struct leaf *e)
{
	static const uint16_t full_ops = 0x2aba; /* 1, 3, 4, 5, 7, 9, 11, 13 (isaspec FULL) */
	unsigned rpt = G(3, A3_RPT), r1 = G(3, A3_SRC1_R), r2 = G(3, A3_SRC2_R),
	         r3 = G(3, A3_SRC3_R), dst = G(3, A3_DST);
	int full = (full_ops >> G(3, A3_OPC)) & 1, nop = (r1 || r2) && !(rpt & 3);
	int dhalf = full == (int)G(3, A3_DST_HALF) && dst <= 0xf7;
	unsigned s1 = G(3, A3_SRC1) | G(3, A3_SRC1_MODE) << 11,
	         s3 = G(3, A3_SRC3) | G(3, A3_SRC3_MODE) << 11;
	alu_flags(l, G(3, A3_SY) | G(3, A3_SS) << 1 | G(3, A3_JP) << 2 | G(3, A3_UL) << 3, rpt,
	          nop ? r1 | r2 << 1 : 0);
	fprintf(l->out, "%s ", e->name);
	gpr(l, dst, dhalf);
	fprintf(l->out, ", %s%s", G(3, A3_SRC1_NEG) ? "(neg)" : "", !nop && r1 ? "(r)" : "");
	cat3_src(l, s1, !full, e->name, "SRC1");
	fprintf(l->out, ", %s%s", G(3, A3_SRC2_NEG) ? "(neg)" : "", !nop && r2 ? "(r)" : "");
	gpr(l, G(3, A3_SRC2), !full);
	fprintf(l->out, ", %s%s", G(3, A3_SRC3_NEG) ? "(neg)" : "", !nop && r3 ? "(r)" : "");
	cat3_src(l, s3, !full, e->name, "SRC3");
}

static void cat4(struct line *l, const struct leaf *e)
{
	unsigned rpt = G(4, A4_RPT), dst = G(4, A4_DST);
	int full = (int)G(4, A4_FULL), dhalf = full == (int)G(4, A4_DST_HALF) && dst <= 0xf7;
	flag(l, G(4, A4_SY), "(sy)");
	flag(l, G(4, A4_SS), "(ss)");
	flag(l, G(4, A4_JP), "(jp)");
	flag(l, rpt >> 2, "(sat)");
	repeat(l, rpt & 3);
	flag(l, G(4, A4_UL), "(ul)");
	fprintf(l->out, "%s ", e->name);
	gpr(l, dst, dhalf);
	fputs(", ", l->out);
	multisrc(l, src16(l, 4, A4_SRC, A4_SRC_MODE, A4_SRC_NEG, A4_SRC_ABS), !full,
	         (int)G(4, A4_SRC_R), e->name, "SRC");
}

/* isaspec's NUM_SRC, HAS_SAMP, HAS_TEX, HAS_TYPE of the cat5 opcodes 0-27 */
static const uint8_t num_src[28] = {1, 2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 0};
#define NO_SAMP 0x0f00fc00u /* 10-15, 24-27 */
#define NO_TEX 0x0f00c000u /* 14, 15, 24-27 */
#define NO_TYPE 0x03000000u /* 24, 25 */

static void cat5(struct line *l, const struct leaf *e)
{
	unsigned op = G(5, A5_OPC), type = G(5, A5_TYPE), half = !G(5, A5_FULL);
	flag(l, G(5, A5_SY), "(sy)");
	flag(l, G(5, A5_JP), "(jp)");
	fputs(e->name, l->out);
	if (e->k == C5_TCINV)
		return;
	flag(l, G(5, A5_IS_3D), ".3d");
	flag(l, G(5, A5_IS_A), ".a");
	flag(l, G(5, A5_IS_O), ".o");
	flag(l, G(5, A5_IS_P), ".p");
	flag(l, G(5, A5_IS_S), ".s");
	if (G(5, A5_IS_S2EN))
		fputs(".s2en.uniform", l->out);
	fputc(' ', l->out);
	if (!((NO_TYPE >> op) & 1))
		fprintf(l->out, "(%s)", type_names[type]);
	fprintf(l->out, "(%s)", wrmask_names[G(5, A5_WRMASK)]);
	gpr(l, G(5, A5_DST), a3xx_type_half(type));
	if (num_src[op] > 0) {
		fputs(", ", l->out);
		gpr(l, G(5, A5_SRC1), (int)half);
	}
	if (G(5, A5_IS_O) || num_src[op] > 1) {
		fputs(", ", l->out);
		gpr(l, G(5, A5_SRC2), (int)half);
	}
	if (G(5, A5_IS_S2EN)) {
		fputs(", ", l->out);
		gpr(l, G(5, A5_S2EN_SRC3), 1);
		return;
	}
	if (!((NO_SAMP >> op) & 1))
		fprintf(l->out, ", s#%u", G(5, A5_SAMP));
	if (!((NO_TEX >> op) & 1))
		fprintf(l->out, ", t#%u", G(5, A5_TEX));
	/* the bits isaspec asserts zero in this form: BASE_HI (19-20), then BASE_LO (47) */
	if ((G(5, A5_UNK17) >> 2) & 3)
		remark(l, "WARNING: unexpected bits[19:20] in %s: %016" PRIx64
		          " vs 0000000000000000", "#instruction-cat5-tex", (G(5, A5_UNK17) >> 2) & 3);
	if (G(5, A5_UNK47))
		remark(l, "WARNING: unexpected bits[47:47] in %s: %016" PRIx64
		          " vs 0000000000000000", "#instruction-cat5", (uint64_t)G(5, A5_UNK47));
	/* and the fields the opcode does not print */
	if (num_src[op] == 0 && G(5, A5_SRC1))
		remark(l, "WARNING: unexpected bits[0:7] in %s: %016" PRIx64 " vs 0000000000000000",
		       "#cat5-src1", (uint64_t)G(5, A5_SRC1));
	if (!G(5, A5_IS_O) && num_src[op] < 2 && G(5, A5_SRC2))
		remark(l, "WARNING: unexpected bits[0:7] in %s: %016" PRIx64 " vs 0000000000000000",
		       "#cat5-src2", (uint64_t)G(5, A5_SRC2));
	if (((NO_SAMP >> op) & 1) && G(5, A5_SAMP))
		remark(l, "WARNING: unexpected bits[0:3] in %s: %016" PRIx64 " vs 0000000000000000",
		       "#cat5-samp", (uint64_t)G(5, A5_SAMP));
	if (((NO_TEX >> op) & 1) && G(5, A5_TEX))
		remark(l, "WARNING: unexpected bits[0:6] in %s: %016" PRIx64 " vs 0000000000000000",
		       "#cat5-tex", (uint64_t)G(5, A5_TEX));
}

/* isaspec's offset type: nothing for 0, else signed */
static void offset(struct line *l, int off)
{
	if (off)
		fprintf(l->out, "%+d", off);
}

static void cat6(struct line *l, const struct leaf *e)
{
	unsigned type = G(6, A6_TYPE);
	const char *t = type_names[type];
	int th = a3xx_type_half(type);
	uint64_t w = l->w->w[0];
	flag(l, G(6, A6_SY), "(sy)");
	flag(l, G(6, A6_JP), "(jp)");
	fputs(e->name, l->out);
	switch (e->k) {
	case C6_LDG:
		fprintf(l->out, ".%s ", t);
		gpr(l, G(6, A6_DST_B), th);
		fputs(", g[", l->out);
		gpr(l, G(6, A6_SRC1), 0);
		offset(l, sext(G(6, A6_OFF), 13));
		fprintf(l->out, "], %u", (unsigned)(w >> 24) & 7);
		break;
	case C6_STG:
		fprintf(l->out, ".%s g[", t);
		gpr(l, G(6, A6_DST), 0);
		offset(l, sext(G(6, A6_OFF_HI) << 8 | G(6, A6_OFF_LO), 13));
		fputs("], ", l->out);
		gpr(l, G(6, A6_SRC1_B), th);
		fprintf(l->out, ", %u", (unsigned)(w >> 24) & 7);
		break;
	case C6_LDL:
	case C6_LDP:
		fprintf(l->out, ".%s ", t);
		gpr(l, G(6, A6_DST_B), 0);
		fprintf(l->out, ", %c[", e->k == C6_LDL ? 'l' : 'p');
		gpr(l, G(6, A6_SRC1), 0);
		offset(l, sext(G(6, A6_OFF), 13));
		fprintf(l->out, "], %u", G(6, A6_SRC2));
		break;
	case C6_STL:
	case C6_STP:
		fprintf(l->out, ".%s %c[", t, e->k == C6_STL ? 'l' : 'p');
		gpr(l, G(6, A6_DST), 0);
		offset(l, sext(G(6, A6_OFF_HI) << 8 | G(6, A6_OFF_LO), 13));
		fputs("], ", l->out);
		gpr(l, G(6, A6_SRC1_B), 0);
		fprintf(l->out, ", %u", G(6, A6_SRC2));
		break;
	case C6_LDLV:
		fprintf(l->out, ".%s ", t);
		gpr(l, G(6, A6_DST_B), 0);
		fprintf(l->out, ", l[%u], %u", G(6, A6_OFF), G(6, A6_SRC2));
		break;
	default: /* the a4xx-era image, buffer and atomic forms: name and type only */
		fprintf(l->out, ".%s", t);
		break;
	}
}

/* The encoding that matches the word, or NULL. */
static const struct leaf *decode(uint64_t w)
{
	for (size_t i = 0; i < sizeof leaves / sizeof leaves[0]; i++)
		if ((w & leaves[i].mask) == leaves[i].match)
			return &leaves[i];
	return NULL;
}

int a3xx_mesa_print(const struct ip_program *p, FILE *out)
{
	for (size_t i = 0; i < p->nbundles; i++) {
		for (unsigned s = 0; s < p->bundles[i].nslots; s++) {
			struct line l = {out, &p->bundles[i].slots[s].value, "", 0};
			uint64_t w = l.w->w[0];
			const struct leaf *e = decode(w);
			if (!e) {
				fprintf(out, "no match: %016" PRIx64 "\n", w);
				continue;
			}
			if (w & e->dontcare)
				remark(&l, "dontcare bits in %s: %016" PRIx64, e->name, w & e->dontcare);
			switch ((w >> 61) & 7) {
			case 0: cat0(&l, e); break;
			case 1: cat1(&l, e); break;
			case 2: cat2(&l, e); break;
			case 3: cat3(&l, e); break;
			case 4: cat4(&l, e); break;
			case 5: cat5(&l, e); break;
			case 6: cat6(&l, e); break;
			default: fputs(e->name, out); break;
			}
			fprintf(out, "%s\n", l.note);
		}
	}
	return 0;
}

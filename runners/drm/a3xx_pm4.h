/* a3xx_pm4.h: the PM4 packets and a3xx registers the msm job builder (a3xx_vs.c) writes and the
 * fake DRM device's msm GPU (tests/fakedrm/fake_msm.c) reads, named once. Facts from freedreno's
 * adreno_pm4.xml and a3xx.xml (docs/drm-sources.md, "msm"). */
#ifndef ISAPROBE_A3XX_PM4_H
#define ISAPROBE_A3XX_PM4_H

#include <stdint.h>

/* Packet headers: type 0 writes count registers from reg on; type 3 runs a CP opcode with count
 * payload dwords; type 2 is a one-dword filler. */
#define A3XX_PKT_TYPE(h) ((h) >> 30)
#define A3XX_PKT0(reg, count) ((uint32_t)((count) - 1) << 16 | (uint32_t)(reg))
#define A3XX_PKT3(op, count) (0xc0000000u | (uint32_t)((count) - 1) << 16 | (uint32_t)(op) << 8)
#define A3XX_PKT_COUNT(h) (((h) >> 16 & 0x3fff) + 1)
#define A3XX_PKT0_REG(h) ((h) & 0x7fff)
#define A3XX_PKT3_OP(h) ((h) >> 8 & 0xff)
#define A3XX_PKT2 0x80000000u

/* CP opcodes */
#define A3XX_CP_NOP 0x10
#define A3XX_CP_DRAW_INDX 0x22
#define A3XX_CP_WAIT_FOR_IDLE 0x26
#define A3XX_CP_LOAD_STATE 0x30
#define A3XX_CP_MEM_WRITE 0x3d
#define A3XX_CP_EVENT_WRITE 0x46

/* CP_EVENT_WRITE events (vgt_event_type) */
#define A3XX_EVENT_CACHE_FLUSH 6
#define A3XX_EVENT_HLSQ_FLUSH 7

/* CP_LOAD_STATE: dword 0 DST_OFF 15:0, STATE_SRC 18:16, STATE_BLOCK 21:19, NUM_UNIT 31:22;
 * dword 1 STATE_TYPE 1:0, EXT_SRC_ADDR 31:2 (the address, 4-byte aligned). A shader's units
 * are 256 bits (4 instructions); a3xx's const units are pairs of dwords: NUM_UNIT and DST_OFF
 * count halves of a vec4 (fd3_emit.c: NUM_UNIT(sizedwords / 2), DST_OFF(regid / 2)). */
#define A3XX_SS_INDIRECT 4u
#define A3XX_SB_VERT_SHADER 4u
#define A3XX_ST_SHADER 0u
#define A3XX_ST_CONSTANTS 1u
#define A3XX_LOAD_STATE0(dst, src, block, units)                                                  \
	((uint32_t)(dst) | (uint32_t)(src) << 16 | (uint32_t)(block) << 19 | (uint32_t)(units) << 22)
#define A3XX_LOAD_STATE_UNITS(d0) ((d0) >> 22)
#define A3XX_LOAD_STATE_SRC(d0) ((d0) >> 16 & 7)
#define A3XX_LOAD_STATE_BLOCK(d0) ((d0) >> 19 & 7)
#define A3XX_LOAD_STATE_DST(d0) ((d0) & 0xffff)
#define A3XX_CONST_UNITS_PER_VEC4 2u
#define A3XX_LOAD_STATE_MAX_UNITS 1023u /* NUM_UNIT's 10 bits */

/* CP_DRAW_INDX's draw initiator: PRIM_TYPE 5:0, SOURCE_SELECT 7:6, VIS_CULL 10:9,
 * PRE_DRAW_INITIATOR_ENABLE 14 (freedreno's DRAW() always sets it), NUM_INSTANCES 31:24. An
 * auto-indexed draw is 3 dwords (viz query, initiator, count); an index buffer adds its base
 * and size (freedreno_draw.h). */
#define A3XX_DI_PT_POINTLIST 9u
#define A3XX_DI_SRC_SEL_AUTO_INDEX 2u
#define A3XX_DI_IGNORE_VISIBILITY 0u
#define A3XX_DI_PRE_DRAW_INITIATOR_ENABLE (1u << 14)
#define A3XX_DRAW_INITIATOR(prim, src, vis)                                                   \
	((prim) | (src) << 6 | (vis) << 9 | A3XX_DI_PRE_DRAW_INITIATOR_ENABLE | 1u << 24)
#define A3XX_DRAW_AUTO_DWORDS 3u

/* Registers (dword offsets) */
#define A3XX_GRAS_CL_CLIP_CNTL 0x2040
#define A3XX_GRAS_SC_CONTROL 0x2072 /* RENDER_MODE 7:4, MSAA_SAMPLES 11:8, RASTER_MODE 15:12 */
#define A3XX_RB_MODE_CONTROL 0x20c0 /* RENDER_MODE 10:8, MRT 13:12, MARB_CACHE_SPLIT_MODE 15 */
#define A3XX_RB_RENDER_CONTROL 0x20c1 /* DISABLE_COLOR_PIPE 12, ALPHA_TEST_FUNC 26:24 */
#define A3XX_PC_PRIM_VTX_CNTL 0x21ec /* STRIDE_IN_VPC 4:0, POLYMODE_FRONT 7:5, _BACK 10:8, PROVOKING_VTX_LAST 25 */
#define A3XX_HLSQ_CONTROL_0_REG 0x2200
#define A3XX_HLSQ_CONTROL_1_REG 0x2201
#define A3XX_HLSQ_CONTROL_2_REG 0x2202
#define A3XX_HLSQ_CONTROL_3_REG 0x2203
#define A3XX_HLSQ_VS_CONTROL_REG 0x2204 /* CONSTLENGTH 9:0, CONSTSTARTOFFSET 20:12, INSTRLENGTH 31:24 */
#define A3XX_HLSQ_FS_CONTROL_REG 0x2205
#define A3XX_VFD_CONTROL_0 0x2240
#define A3XX_VFD_CONTROL_1 0x2241 /* MAXSTORAGE 3:0, REGID4VTX 23:16, REGID4INST 31:24 */
#define A3XX_VPC_ATTR 0x2280      /* TOTALATTR 8:0, THRDASSIGN 27:12, LMSIZE 31:28 */
#define A3XX_VPC_PACK 0x2281
#define A3XX_SP_SP_CTRL_REG 0x22c0 /* CONSTMODE 18, BINNING 19, SLEEPMODE 21:20, L0MODE 23:22 */
#define A3XX_SP_VS_CTRL_REG0 0x22c4 /* HALFREGFOOTPRINT 9:4, FULLREGFOOTPRINT 15:10, LENGTH 31:24 */
#define A3XX_SP_VS_CTRL_REG1 0x22c5 /* CONSTLENGTH 9:0, CONSTMAXID 19:10, INITIALOUTSTANDING 30:24 */
#define A3XX_SP_VS_PARAM_REG 0x22c6 /* POSREGID 7:0, PSIZEREGID 15:8, TOTALVSOUTVAR 24:20 */
#define A3XX_SP_VS_OBJ_OFFSET_REG 0x22d4
#define A3XX_SP_VS_OBJ_START_REG 0x22d5
#define A3XX_SP_VS_LENGTH_REG 0x22df
#define A3XX_SP_FS_CTRL_REG0 0x22e0
#define A3XX_SP_FS_CTRL_REG1 0x22e1
#define A3XX_SP_FS_OBJ_OFFSET_REG 0x22e2 /* CONSTOBJECTOFFSET 24:16, SHADEROBJOFFSET 31:25 */
#define A3XX_SP_FS_OUTPUT_REG 0x22ec     /* MRT 1:0, DEPTH_ENABLE 7, DEPTH_REGID 15:8 */
#define A3XX_SP_FS_MRT_REG(n) (0x22f0 + (n)) /* REGID 7:0 */
#define A3XX_SP_FS_LENGTH_REG 0x22ff
#define A3XX_REG_COUNT 0x8000 /* a type-0 packet's 15-bit register index */

/* a3xx_regid of r63.x: "no register" (no position, point size, frag coord, output...) */
#define A3XX_REGID_NONE 0xfcu

/* SP_VS_CTRL_REG0 (and SP_FS_CTRL_REG0): THREADMODE 0 (MULTI 0), INSTRBUFFERMODE 1 (CACHE 0,
 * BUFFER 1: run from the state memory CP_LOAD_STATE filled), CACHEINVALID 2 (CACHE mode must
 * set it), THREADSIZE 20 (TWO_QUADS 0, FOUR_QUADS 1), SUPERTHREADMODE 21 */
#define A3XX_SP_CTRL_BUFFER (1u << 1)
#define A3XX_SP_CTRL_CACHEINVALID (1u << 2)
#define A3XX_SP_CTRL_FOUR_QUADS (1u << 20)
#define A3XX_SP_CTRL_SUPERTHREAD (1u << 21)
/* fd3 keeps a VS in BUFFER mode up to this many units with its FS (256 units of state memory,
 * CACHE beyond: fd3_program.c) */
#define A3XX_VS_BUFFER_MAX_UNITS 128u

/* The state a vertex-shader draw of points runs with, as Mesa's fd3 writes it for every draw
 * (fd3_program.c fd3_program_emit, fd3_emit.c fd3_emit_state, fd3_draw.c, fd3_gmem.c), for a
 * program with no vertex inputs, no varyings, no position, and no fragment stage: the
 * rasterizer discards (RB_RENDER_CONTROL.DISABLE_COLOR_PIPE, as fd3 does for
 * rasterizer_discard) and the fragment shader is fd3's binning-pass one (no instructions).
 * Values: docs/msm-sources.md. Registers whose value depends on the draw come after. */
struct a3xx_reg_value {
	uint32_t reg, value;
};
static const struct a3xx_reg_value a3xx_vs_draw_state[] = {
	/* FSTHREADSIZE FOUR_QUADS, FSSUPERTHREADENABLE, SPSHADERRESTART, SPCONSTFULLUPDATE */
	{A3XX_HLSQ_CONTROL_0_REG, 1u << 4 | 1u << 6 | 1u << 9 | 1u << 29},
	/* VSTHREADSIZE TWO_QUADS, VSSUPERTHREADENABLE; no frag coord registers */
	{A3XX_HLSQ_CONTROL_1_REG, 1u << 8 | A3XX_REGID_NONE << 16 | A3XX_REGID_NONE << 24},
	/* PRIMALLOCTHRESHOLD 31, no faceness register */
	{A3XX_HLSQ_CONTROL_2_REG, 31u << 26 | A3XX_REGID_NONE << 2},
	/* no barycentric registers */
	{A3XX_HLSQ_CONTROL_3_REG, A3XX_REGID_NONE * 0x01010101u},
	/* the FS: no consts from const slot 128, no instructions */
	{A3XX_HLSQ_FS_CONTROL_REG, 128u << 12},
	/* SLEEPMODE 1, CONSTMODE 0 (VS and FS consts within 256), L0MODE 0 */
	{A3XX_SP_SP_CTRL_REG, 1u << 20},
	/* no position, no point size, no varyings */
	{A3XX_SP_VS_PARAM_REG, A3XX_REGID_NONE | A3XX_REGID_NONE << 8},
	{A3XX_SP_FS_LENGTH_REG, 0},
	{A3XX_SP_FS_CTRL_REG0, A3XX_SP_CTRL_BUFFER},
	{A3XX_SP_FS_CTRL_REG1, 0},
	{A3XX_SP_FS_OBJ_OFFSET_REG, 128u << 16},
	{A3XX_SP_FS_OUTPUT_REG, A3XX_REGID_NONE << 8},
	{A3XX_SP_FS_MRT_REG(0), A3XX_REGID_NONE},
	{A3XX_SP_FS_MRT_REG(1), A3XX_REGID_NONE},
	{A3XX_SP_FS_MRT_REG(2), A3XX_REGID_NONE},
	{A3XX_SP_FS_MRT_REG(3), A3XX_REGID_NONE},
	/* THRDASSIGN 1, LMSIZE 1, no attributes to pass on */
	{A3XX_VPC_ATTR, 1u << 12 | 1u << 28},
	{A3XX_VPC_PACK, 0},
	/* no vertex fetch; MAXSTORAGE 1, no vertex or instance id registers */
	{A3XX_VFD_CONTROL_0, 0},
	{A3XX_VFD_CONTROL_1, 1u | A3XX_REGID_NONE << 16 | A3XX_REGID_NONE << 24},
	/* GL's default rasterizer: polygons filled (PC_DRAW_TRIANGLES 2), the last vertex
	 * provoking; no varyings (STRIDE_IN_VPC 0) */
	{A3XX_PC_PRIM_VTX_CNTL, 2u << 5 | 2u << 8 | 1u << 25},
	{A3XX_GRAS_CL_CLIP_CNTL, 0},
	/* RB_RENDERING_PASS, one sample */
	{A3XX_GRAS_SC_CONTROL, 0},
	/* RB_RENDERING_PASS, one render target, MARB_CACHE_SPLIT_MODE */
	{A3XX_RB_MODE_CONTROL, 1u << 15},
	/* the rasterizer discards: DISABLE_COLOR_PIPE */
	{A3XX_RB_RENDER_CONTROL, 1u << 12},
};
#define A3XX_VS_DRAW_STATE_COUNT (sizeof a3xx_vs_draw_state / sizeof a3xx_vs_draw_state[0])

/* HLSQ_VS_CONTROL_REG for a program of `units` 256-bit units and `consts` vec4 consts. */
static inline uint32_t a3xx_hlsq_vs_control(uint32_t units, uint32_t consts)
{
	return consts | units << 24;
}
/* SP_VS_CTRL_REG0: MULTI, BUFFER up to A3XX_VS_BUFFER_MAX_UNITS (else CACHE, CACHEINVALID),
 * the register footprints, TWO_QUADS and superthreads (as HLSQ_CONTROL_1 says), the length. */
static inline uint32_t a3xx_sp_vs_ctrl0(uint32_t units, uint32_t footprint)
{
	uint32_t mode = units <= A3XX_VS_BUFFER_MAX_UNITS ? A3XX_SP_CTRL_BUFFER
	                                                  : A3XX_SP_CTRL_CACHEINVALID;
	return mode | footprint << 4 | footprint << 10 | A3XX_SP_CTRL_SUPERTHREAD | units << 24;
}
/* SP_VS_CTRL_REG1: the const length, CONSTMAXID the last const, no inputs outstanding. */
static inline uint32_t a3xx_sp_vs_ctrl1(uint32_t consts)
{
	return consts | (consts ? consts - 1 : 0) << 10;
}

/* Shader and lengths count 256-bit units: four 64-bit instructions. */
#define A3XX_INSTR_UNIT_BYTES 32u

/* The sentinel each job writes with CP_MEM_WRITE once its draw is idle: this tag | the job's
 * index in its submission (16 bits). */
#define A3XX_SENTINEL_TAG 0x1a3c0000u

#endif

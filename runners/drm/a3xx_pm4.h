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
 * dword 1 STATE_TYPE 1:0, EXT_SRC_ADDR 31:2 (the address, 4-byte aligned) */
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

/* CP_DRAW_INDX's draw initiator: PRIM_TYPE 5:0, SOURCE_SELECT 7:6, VIS_CULL 10:9 */
#define A3XX_DI_PT_POINTLIST 9u
#define A3XX_DI_SRC_SEL_AUTO_INDEX 2u
#define A3XX_DI_IGNORE_VISIBILITY 0u
#define A3XX_DRAW_INITIATOR(prim, src, vis) ((prim) | (src) << 6 | (vis) << 9)

/* Registers (dword offsets) */
#define A3XX_HLSQ_CONTROL_0_REG 0x2200
#define A3XX_HLSQ_CONTROL_1_REG 0x2201
#define A3XX_HLSQ_VS_CONTROL_REG 0x2204 /* CONSTLENGTH 9:0, CONSTSTARTOFFSET 20:12, INSTRLENGTH 31:24 */
#define A3XX_VFD_CONTROL_0 0x2240
#define A3XX_SP_VS_CTRL_REG0 0x22c4 /* HALFREGFOOTPRINT 9:4, FULLREGFOOTPRINT 15:10, LENGTH 31:24 */
#define A3XX_SP_VS_CTRL_REG1 0x22c5 /* CONSTLENGTH 9:0 */
#define A3XX_SP_VS_PARAM_REG 0x22c6 /* POSREGID 7:0, PSIZEREGID 15:8, TOTALVSOUTVAR 24:20 */
#define A3XX_SP_VS_OBJ_OFFSET_REG 0x22d4
#define A3XX_SP_VS_OBJ_START_REG 0x22d5
#define A3XX_SP_VS_LENGTH_REG 0x22df
#define A3XX_REG_COUNT 0x8000 /* a type-0 packet's 15-bit register index */

/* HLSQ_CONTROL_1_REG: VSTHREADSIZE 7:6 (FOUR_QUADS = 1), VSSUPERTHREADENABLE 8 */
#define A3XX_HLSQ_CONTROL_1_VS_FOUR_QUADS (1u << 6 | 1u << 8)
/* a3xx_regid of r63.x: "no register" in the position and point size fields */
#define A3XX_REGID_NONE 0xfcu

/* Shader and lengths count 256-bit units: four 64-bit instructions. */
#define A3XX_INSTR_UNIT_BYTES 32u

/* The sentinel each job writes with CP_MEM_WRITE once its draw is idle: this tag | the job's
 * index in its submission (16 bits). */
#define A3XX_SENTINEL_TAG 0x1a3c0000u

#endif

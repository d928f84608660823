/* r5xx_regs.h: the R5xx (R520..R580) 3D registers and command-stream packets the radeon runner
 * writes and the fake DRM device decodes, named once for both (sources: docs/radeon-sources.md). */
#ifndef ISAPROBE_R5XX_REGS_H
#define ISAPROBE_R5XX_REGS_H

#include <stdint.h>

/* ---- packets (type in bits 31:30, count = payload dwords - 1 in 29:16) ---- */
#define R5XX_PKT_TYPE(h) ((h) >> 30)
#define R5XX_PKT_COUNT(h) (((h) >> 16) & 0x3fffu)
/* type 0: register writes from reg (dword address in 12:0); bit 15: all to the one register */
#define R5XX_PKT0(reg, n) ((uint32_t)(((n) - 1u) << 16 | ((reg) >> 2)))
#define R5XX_PKT0_ONE(reg, n) (R5XX_PKT0(reg, n) | 1u << 15)
#define R5XX_PKT0_REG(h) (((h) & 0x1fffu) << 2)
#define R5XX_PKT0_ONE_REG(h) (((h) >> 15) & 1u)
/* type 2: a one-dword filler */
#define R5XX_PKT2 0x80000000u
/* type 3: opcode in 15:8 */
#define R5XX_PKT3(op, n) ((uint32_t)(3u << 30 | ((n) - 1u) << 16 | (op) << 8))
#define R5XX_PKT3_OP(h) (((h) >> 8) & 0xffu)
#define R5XX_OP_NOP 0x10              /* also carries a relocation: its dword is the index x 4 */
#define R5XX_OP_3D_DRAW_IMMD_2 0x35   /* VAP_VF_CNTL, then the vertices */

/* VAP_VF_CNTL of a draw: primitive type 3:0, walk 5:4 (3: vertices in the packet), count 31:16 */
#define R5XX_VF_PRIM_QUADS 13u
#define R5XX_VF_WALK_IMMD (3u << 4)
#define R5XX_VF_NUM(n) ((uint32_t)(n) << 16)

/* ---- registers ---- */
#define R5XX_WAIT_UNTIL 0x1720
#define R5XX_WAIT_3D_IDLECLEAN (1u << 17)
#define R5XX_VAP_CNTL_STATUS 0x2140
#define R5XX_VAP_PVS_BYPASS (1u << 8)
#define R5XX_VAP_VTE_CNTL 0x20b0          /* 1 << 8 | 1 << 9 | 1 << 10: x, y, z, w unscaled */
#define R5XX_VAP_VTE_WINDOW 0x700u
#define R5XX_VAP_VTX_SIZE 0x20b4          /* dwords per immediate vertex */
#define R5XX_VAP_OUT_VTX_FMT_0 0x2090     /* bit 0 position */
#define R5XX_VAP_OUT_VTX_FMT_1 0x2094     /* 3 bits per texture coordinate: its components */
#define R5XX_VAP_PROG_STREAM_CNTL_0 0x2150
#define R5XX_RS_IP_0 0x4074
#define R5XX_RS_COUNT 0x4300
#define R5XX_RS_INST_COUNT 0x4304
#define R5XX_RS_INST_0 0x4320
#define R5XX_GA_US_VECTOR_INDEX 0x4250
#define R5XX_GA_US_VECTOR_DATA 0x4254
#define R5XX_US_VECTOR_CONST (1u << 16)   /* index type: constants (else instructions) */
#define R5XX_TX_ENABLE 0x4104
#define R5XX_TX_FILTER0(u) (0x4400 + 4 * (u))
#define R5XX_TX_FILTER1(u) (0x4440 + 4 * (u))
#define R5XX_TX_FORMAT0(u) (0x4480 + 4 * (u)) /* width-1 10:0, height-1 21:11, pitch enable 31 */
#define R5XX_TX_FORMAT1(u) (0x44c0 + 4 * (u)) /* format 4:0 */
#define R5XX_TX_FORMAT2(u) (0x4500 + 4 * (u)) /* pitch-1 10:0; width bit 11 in 15, height's in 16 */
#define R5XX_TX_OFFSET(u) (0x4540 + 4 * (u))  /* address 31:5, macro tile 2, micro tile 4:3 */
#define R5XX_TX_PITCH_EN (1u << 31)
#define R5XX_TX_FILTER_NEAREST (1u << 9 | 1u << 11) /* magnification, minification */
#define R5XX_TX_CLAMP_EDGE (2u << 0 | 2u << 3)      /* clamp to the last texel in s and t */
#define R5XX_SC_SCISSOR0 0x43e0           /* x 12:0, y 25:13 (inclusive corners) */
#define R5XX_SC_SCISSOR1 0x43e4
#define R5XX_US_CONFIG 0x4600
#define R5XX_US_PIXSIZE 0x4604            /* the highest temporary used */
#define R5XX_US_FC_BOOL_CONST 0x4620
#define R5XX_US_FC_CTRL 0x4624
#define R5XX_US_FC_FULL (1u << 31)        /* FULL_FC_EN */
#define R5XX_US_CODE_ADDR 0x4630          /* start 8:0, end 24:16 */
#define R5XX_US_CODE_RANGE 0x4634         /* address 8:0, size - 1 24:16 */
#define R5XX_US_CODE_OFFSET 0x4638
#define R5XX_US_OUT_FMT(n) (0x46a4 + 4 * (n))
#define R5XX_US_FC_INT_CONST(n) (0x4c00 + 4 * (n))
#define R5XX_RB3D_CCTL 0x4e00             /* colour buffers - 1 in 6:5 */
#define R5XX_RB3D_COLOR_CHANNEL_MASK 0x4e0c /* b, g, r, a in bits 0-3 */
#define R5XX_RB3D_COLOROFFSET(n) (0x4e28 + 4 * (n))
#define R5XX_RB3D_COLORPITCH(n) (0x4e38 + 4 * (n)) /* pitch 13:1, tiling 17:16, format 24:21 */
#define R5XX_RB3D_DSTCACHE_CTLSTAT 0x4e4c
#define R5XX_DSTCACHE_FLUSH_FREE 0xau
#define R5XX_ZB_CNTL 0x4f00

/* texture formats (TX_FORMAT1 4:0) */
#define R5XX_TX_X16 0x01
#define R5XX_TX_W8Z8Y8X8 0x0c
#define R5XX_TX_32F 0x1b
#define R5XX_TX_32F_32F 0x1c
#define R5XX_TX_32F_32F_32F_32F 0x1d
/* colour buffer formats (RB3D_COLORPITCH 24:21) */
#define R5XX_CB_RGB565 4u
#define R5XX_CB_ARGB8888 6u
#define R5XX_CB_ARGB32323232 7u
#define R5XX_CB_ARGB16161616 10u
/* US_OUT_FMT 4:0 */
#define R5XX_OUT_C4_8 0u
#define R5XX_OUT_C_16 3u
#define R5XX_OUT_UNUSED 15u
#define R5XX_OUT_C_32_FP 19u
#define R5XX_OUT_C2_32_FP 20u
#define R5XX_OUT_C4_32_FP 21u

#define R5XX_US_INSTRS 512  /* instruction slots */
#define R5XX_US_CONSTS 256  /* float constants */
#define R5XX_US_INT_CONSTS 32
#define R5XX_TEX_UNITS 16
#define R5XX_COLOR_BUFFERS 4
#define R5XX_TEX_MAX 4096   /* texels per side with the R500 bit 11 extensions */

/* The immediate vertices of the rectangle: x, y, z, w of the position, then texture coordinate
 * 0 (x - 0.5, y - 0.5, 0, 1), which rasterizer instruction 0 writes to temporary 0: at the
 * pixel centre (i + 0.5, j + 0.5) the program reads (i, j, 0, 1) there, the CTM simulator's
 * convention (docs/ctm-simulator.md). */
#define R5XX_VTX_DWORDS 8
#define R5XX_RECT_VERTICES 4

/* The CTM memory formats (the command's data field) and their R5xx counterparts: texture
 * format, colour buffer format, US output format. */
struct r5xx_ctm_format {
	unsigned ctm;
	uint32_t tex, cb, out;
};
static const struct r5xx_ctm_format r5xx_ctm_formats[] = {
	{0, R5XX_TX_X16, R5XX_CB_RGB565, R5XX_OUT_C_16},                   /* uint16_1 */
	{1, R5XX_TX_W8Z8Y8X8, R5XX_CB_ARGB8888, R5XX_OUT_C4_8},            /* uint8_4 */
	{2, R5XX_TX_32F, R5XX_CB_ARGB8888, R5XX_OUT_C_32_FP},              /* float32_1 */
	{3, R5XX_TX_32F_32F, R5XX_CB_ARGB16161616, R5XX_OUT_C2_32_FP},     /* float32_2 */
	{4, R5XX_TX_32F_32F_32F_32F, R5XX_CB_ARGB32323232, R5XX_OUT_C4_32_FP}, /* float32_4 */
};
#define R5XX_CTM_FORMATS (sizeof r5xx_ctm_formats / sizeof r5xx_ctm_formats[0])

/* The model record of a job on a GPU model: a NOP of seven dwords, this magic, the relocation
 * (index x 4) of the record's buffer, the record's offset in it, the float, integer and boolean
 * constants the job's memory held (0xffffffff: no area set) and the start_program's offset in
 * the command buffer; a GPU skips NOPs. */
#define R5XX_MODEL_NOP_MAGIC 0x49504d52u

#endif

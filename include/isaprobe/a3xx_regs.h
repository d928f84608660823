/* a3xx_regs.h: the a3xx register file as the registers role holds it, one invocation after the
 * other: the layout the simulator, the harness and `isaprobe run` share
 * (docs/a3xx-simulator.md). */
#ifndef ISAPROBE_A3XX_REGS_H
#define ISAPROBE_A3XX_REGS_H

/* The register file of one invocation, as the `registers` buffer holds it (input: initial
 * values; output: after the run), little-endian:
 *   bytes    0-767   r0.x ... r47.w, 32 bits each (scalar register i at 4 i)
 *   bytes  768-1151  hr0.x ... hr47.w, 16 bits each (not aliased with the full registers)
 *   bytes 1152-1155  a0.x (signed)
 *   bytes 1156-1171  p0.x ... p0.w
 * Invocation k's file starts at k * A3XX_REGS_BYTES. */
#define A3XX_FULL_REGS 192
#define A3XX_HALF_REGS 192
#define A3XX_REGS_HALF_AT (4 * A3XX_FULL_REGS)
#define A3XX_REGS_A0_AT (A3XX_REGS_HALF_AT + 2 * A3XX_HALF_REGS)
#define A3XX_REGS_P0_AT (A3XX_REGS_A0_AT + 4)
#define A3XX_REGS_BYTES (A3XX_REGS_P0_AT + 16)

#endif

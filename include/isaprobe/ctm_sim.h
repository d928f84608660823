/* ctm_sim.h: the CTM reference simulator as other runners call it (the radeon runner, the fake
 * radeon device): the machine state a command processor sets up, and the processor array that runs
 * a DPP program over the domain. Behaviour and what is unmodeled: docs/ctm-simulator.md. */
#ifndef ISAPROBE_CTM_SIM_H
#define ISAPROBE_CTM_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "isaprobe/runner.h"

#define CTM_INPUTS 16
#define CTM_OUTPUTS 4
#define CTM_TEMPS 128
#define CTM_FCONSTS 256
#define CTM_ICONSTS 32
#define CTM_BCONSTS 32
/* (i, j) pairs one start_program may run here: a simulator limit (timeout past it), so that a
 * fuzzed domain of 4096 x 4096 does not hold a campaign worker for minutes. */
#define CTM_MAX_PROCESSORS (1u << 16)

/* A memory area as the MC addresses it: base, pitch (elements), height, tiling, data format. */
struct ctm_surface {
	int set;
	uint32_t base; /* byte address */
	uint32_t pitch, height;
	unsigned tiling, format;
};

enum ctm_fc_mode { CTM_FC_PARTIAL, CTM_FC_FULL };

/* Why a run stopped early (static text), with the status to record. */
struct ctm_stop {
	enum ip_status status;
	const char *why;
	uint32_t invocation; /* i + j * width of the domain */
	uint32_t where;      /* byte offset of the instruction (or command) */
};

/* The whole machine: memory, program, and the state the commands set. Front ends fill it and
 * call ctm_start_program(); the radeon fake device will fill it from register writes. */
struct ctm_machine {
	uint8_t *mem; /* GPU memory from address 0 */
	size_t mem_len;
	const uint32_t *code; /* the program: 6 words an instruction */
	unsigned ninstr;
	int domain_set;
	uint32_t i0, j0, i1, j1;
	struct ctm_surface inst, constf, consti, constb, cond;
	struct ctm_surface input[CTM_INPUTS], output[CTM_OUTPUTS];
	uint32_t out_mask;      /* set_out_mask: channel c written when bit c is set */
	int cond_enabled;       /* a set_cond_loc was received */
	unsigned cond_loc;      /* 0: processors (conditional output), 1: PE (conditional execution) */
	unsigned cond_test;     /* 0 never .. 7 always */
	int cond_write;         /* set_cond_out_mask */
	float pe_cond_value;    /* the PE's conditional value (not in the extract: a parameter) */
	enum ctm_fc_mode fc_mode;
	int perf_enabled;
	uint64_t budget;        /* instructions one processor may execute */
	uint64_t steps;         /* executed, all processors */
	/* A front end that runs no program itself (the radeon runner, turning a command buffer
	 * into draws) gets each start_program here instead: 0, or -1 with *stop filled. */
	int (*on_start)(struct ctm_machine *m, void *ctx, struct ctm_stop *stop);
	void *start_ctx;
	uint32_t start_off; /* the byte offset of the start_program being handed over */
	/* Constants held in registers rather than memory (the fake radeon device: the US's
	 * constant registers). NULL: read from the constant areas. A constant at or past the
	 * count is one the memory did not hold: a read faults as the memory read would. */
	const uint32_t *fconst_regs; /* 4 words a constant */
	unsigned nfconst;
	const uint32_t *iconst_regs; /* US_FC_INT_CONST: count 7:0, initial 15:8, step 23:16 */
	unsigned niconst;
	int bconst_in_reg;           /* boolean constants from bconst_reg's bits */
	uint32_t bconst_reg;
	unsigned nbconst;
};

/* Sets the power-on state: nothing configured, every output channel enabled, full flow
 * control, no memory. */
void ctm_machine_reset(struct ctm_machine *m);
/* What start_program does before any processor runs: 0 (run the domain), 1 (an empty domain:
 * nothing to run), or -1 with *stop filled (no domain, no program, a domain too large). */
int ctm_check_start(const struct ctm_machine *m, struct ctm_stop *stop);
/* Runs the program once for each (i, j) of the domain. 0, or -1 with *stop filled. */
int ctm_start_program(struct ctm_machine *m, struct ctm_stop *stop);
/* Executes a command buffer (words, little-endian); start_program runs the array. where offsets
 * count from cmd_base. 0, or -1 with *stop filled. */
int ctm_run_commands(struct ctm_machine *m, const uint8_t *cmds, size_t len, struct ctm_stop *stop);

/* Memory helpers shared by the machine and the processors. */
int ctm_element_size(unsigned format);
/* Byte address of element (x, y) of a surface, or -1 when it cannot be computed (tiled, bad
 * format) with *why set. */
long long ctm_element_address(const struct ctm_surface *s, uint32_t x, uint32_t y, const char **why);

/* The conditional test of (i, j) with client value v (the CO): 0 with *pass, or -1 with *stop
 * filled (an undescribed buffer format, an address outside memory). */
int ctm_cond_test(const struct ctm_machine *m, uint32_t i, uint32_t j, float v, int *pass,
                  struct ctm_stop *stop);

/* One processor running the program at (i, j) (ctm_dpp.c). Returns 0 with outputs delivered,
 * or -1 with *stop filled. */
int ctm_run_processor(struct ctm_machine *m, uint32_t i, uint32_t j, struct ctm_stop *stop);

/* A job's program as the machine takes it: the instruction words (*words, malloc'd, 6 a
 * instruction) and the command buffer the executable carries (*cmds, malloc'd; NULL when it
 * has none). 0; -1 with *why (static text) and *status when the program is unreadable or
 * memory ran out. */
int ctm_job_program(const uint8_t *code, size_t len, uint32_t **words, unsigned *ninstr,
                    uint8_t **cmds, size_t *ncmds, enum ip_status *status, const char **why);

#endif

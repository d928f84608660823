/* utgard_gp.h: Mali-200/400 (Utgard) GP vertex processor: the 128-bit instruction and the ISA
 * entry points. Every bit position lives in utgard_gp_tables.c; this header only names things. */
#ifndef ISAPROBE_UTGARD_GP_H
#define ISAPROBE_UTGARD_GP_H

#include "isaprobe/field.h"
#include "isaprobe/isa.h"

#define UTGARD_GP_INSTR_BYTES 16

/* Input selector values (the 5-bit ALU input fields) the syntax and the simulator name. */
enum utgard_gp_src {
	UTGARD_GP_SRC_REG0_X = 0,  /* 0-3: register 0 unit result, this instruction */
	UTGARD_GP_SRC_REG1_X = 4,  /* 4-7: register 1 unit result, this instruction */
	UTGARD_GP_SRC_UNUSED8 = 8,
	UTGARD_GP_SRC_LOAD_X = 12, /* 12-15: uniform/temporary load result, this instruction */
	UTGARD_GP_SRC_ACC0 = 16,   /* 16-20: results of the last instruction */
	UTGARD_GP_SRC_ACC1 = 17,
	UTGARD_GP_SRC_MUL0 = 18,
	UTGARD_GP_SRC_MUL1 = 19,
	UTGARD_GP_SRC_PASS = 20,
	UTGARD_GP_SRC_NONE = 21,   /* unit not used */
	UTGARD_GP_SRC_CPLX = 22,   /* complex result of the last instruction; identity as input B */
	UTGARD_GP_SRC_PASS_2 = 23, /* 23-27: results of two instructions ago */
	UTGARD_GP_SRC_ACC0_2 = 24,
	UTGARD_GP_SRC_ACC1_2 = 25,
	UTGARD_GP_SRC_MUL0_2 = 26,
	UTGARD_GP_SRC_MUL1_2 = 27,
	UTGARD_GP_SRC_REG0P_X = 28, /* 28-31: register 0 unit result of the last instruction */
};

/* Store input values (3-bit store fields). */
enum utgard_gp_store_src {
	UTGARD_GP_ST_ACC0 = 0,
	UTGARD_GP_ST_ACC1 = 1,
	UTGARD_GP_ST_MUL0 = 2,
	UTGARD_GP_ST_MUL1 = 3,
	UTGARD_GP_ST_PASS = 4,
	UTGARD_GP_ST_UNK5 = 5,
	UTGARD_GP_ST_CPLX = 6,
	UTGARD_GP_ST_NONE = 7,
};

enum utgard_gp_mul_op {
	UTGARD_GP_MUL_MUL = 0,
	UTGARD_GP_MUL_COMPLEX1 = 1,
	UTGARD_GP_MUL_COMPLEX2 = 3,
	UTGARD_GP_MUL_SELECT = 4,
};

enum utgard_gp_acc_op {
	UTGARD_GP_ACC_ADD = 0,
	UTGARD_GP_ACC_FLOOR = 1,
	UTGARD_GP_ACC_SIGN = 2,
	UTGARD_GP_ACC_GE = 4,
	UTGARD_GP_ACC_LT = 5,
	UTGARD_GP_ACC_MIN = 6,
	UTGARD_GP_ACC_MAX = 7,
};

enum utgard_gp_complex_op {
	UTGARD_GP_CPLX_NONE = 0,
	UTGARD_GP_CPLX_EXP2 = 2,
	UTGARD_GP_CPLX_LOG2 = 3,
	UTGARD_GP_CPLX_RSQRT = 4,
	UTGARD_GP_CPLX_RCP = 5,
	UTGARD_GP_CPLX_PASS = 9,
	UTGARD_GP_CPLX_SET_AR01 = 10,
	UTGARD_GP_CPLX_SET_AR0 = 12,
	UTGARD_GP_CPLX_SET_AR1 = 13,
	UTGARD_GP_CPLX_SET_AR2 = 14,
	UTGARD_GP_CPLX_SET_AR3 = 15,
};

enum utgard_gp_pass_op {
	UTGARD_GP_PASS_OP4 = 4, /* before complex exp2 in the notes' sequence (unknown alone) */
	UTGARD_GP_PASS_OP5 = 5, /* after the log2 sequence (unknown alone) */
	UTGARD_GP_PASS_PASS = 2,
	UTGARD_GP_PASS_CLAMP = 6,
};

#define UTGARD_GP_LOAD_OFFSET_NONE 7

extern const struct ip_format utgard_gp_instr;
extern const struct ip_isa utgard_gp_isa;

int utgard_gp_unpack(const uint8_t *bytes, size_t len, struct ip_program *out, struct ip_diag *d);
int utgard_gp_pack(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d);
int utgard_gp_assemble(const char *src, struct ip_program *out, struct ip_diag *d);
int utgard_gp_disassemble(const struct ip_program *p, FILE *out);

#endif

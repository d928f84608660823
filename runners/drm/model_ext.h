/* model_ext.h: the simulated-GPU extension: what a job carries when the device is a model of a
 * GPU (the project's fake DRM device) rather than a GPU, for the parts of a simulator job no
 * hardware descriptor can express. A real kernel rejects its GET_PARAM, so the drm runner only
 * writes model records for a device that says it is a model (docs/drm-runner.md). */
#ifndef ISAPROBE_DRM_MODEL_EXT_H
#define ISAPROBE_DRM_MODEL_EXT_H

#include <stdint.h>

/* GET_PARAM index (panfrost and lima) answering 1 on a GPU model; -EINVAL on every kernel. */
#define IP_MODEL_PARAM 0x49500001u
/* A GPU model's counters since it started (the fake DRM device's, for `isaprobe bench drm`):
 * submissions the kernel accepted, jobs (panfrost job headers, lima draws) the GPU ran. */
#define IP_MODEL_PARAM_SUBMISSIONS 0x49500002u
#define IP_MODEL_PARAM_JOBS 0x49500003u
/* Record magic "IPMR" and layout version. */
#define IP_MODEL_MAGIC 0x524d5049u
#define IP_MODEL_VERSION 2u /* 2: the textures role */

/* Roles in the record, numbered once (enum ip_buf_role may be renumbered). */
enum ip_model_role {
	IP_MODEL_UNIFORMS,
	IP_MODEL_ATTRIBUTES,
	IP_MODEL_VARYINGS_IN,
	IP_MODEL_VARYINGS_OUT,
	IP_MODEL_GLOBAL,
	IP_MODEL_REGISTERS,
	IP_MODEL_TEXTURES,
	IP_MODEL_ROLES
};

#define IP_MODEL_WHY 96

/* One per job, 64-byte aligned, little-endian. Each role lives at va (0: the job has none):
 * in_len bytes of input (0: no input), out_cap bytes of output (0: not observed). The device
 * writes the second part. */
struct ip_model_record {
	uint32_t magic;
	uint32_t version;
	uint32_t code_len;          /* bytes of the program; the rest of the code region is padding */
	uint32_t uniform_regs;      /* the job's uniform_regs (-1 as 0xffffffff) */
	uint64_t budget;            /* instruction budget per invocation; 0: the model's */
	struct {
		uint64_t va;
		uint32_t in_len;
		uint32_t out_cap;
	} role[IP_MODEL_ROLES];
	/* written by the device once the job ran */
	uint32_t done;              /* 1 when the fields below are valid */
	uint32_t status;            /* enum ip_status */
	uint32_t fault;
	uint32_t invocation;
	uint32_t where;
	uint32_t out_len[IP_MODEL_ROLES];
	uint32_t pad;
	uint64_t steps;
	char why[IP_MODEL_WHY];
};

#define IP_MODEL_RECORD_BYTES 320
_Static_assert(sizeof(struct ip_model_record) <= IP_MODEL_RECORD_BYTES, "model record size");

/* Where a job points at its record: panfrost, in the Local Storage descriptor's words 6-7
 * (unused by the hardware); lima, in a VS command with this value2 before the DRAW; msm, in a
 * CP_NOP before the draw whose payload is IP_MODEL_MAGIC and the record's address. */
#define IP_MODEL_LS_OFFSET 24
#define IP_MODEL_LIMA_VS_CMD 0x7e000000u

#endif

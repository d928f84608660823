/* drm.h: the hardware runner on the kernel's DRM drivers (panfrost: Midgard, Bifrost; lima:
 * Utgard GP), and the render nodes it finds for `isaprobe devices`. docs/drm-runner.md. */
#ifndef ISAPROBE_DRM_H
#define ISAPROBE_DRM_H

#include <stdint.h>

#include "isaprobe/runner.h"

/* Backend "drm": cfg->device is a render node (NULL: the first of /dev/dri/renderD128-191 whose
 * GPU runs cfg->isa). Tuned by ISAPROBE_DRM_BO_BUDGET (bytes of buffer objects per submission,
 * default 64 MiB), ISAPROBE_DRM_JOBS (jobs per submission, default 1024) and
 * ISAPROBE_DRM_TIMEOUT (seconds a submission may take before the device counts as lost,
 * default 10). Results' why texts stay valid until the next batch. Its `harness`: the register
 * harness it wraps jobs with on a GPU (none on a GPU model): docs/harness.md. */
extern const struct ip_runner_backend ip_drm_backend;

/* Whether a GPU of this model (`t760`, `g52`, `mali400`, `a320`: as `isaprobe devices` names
 * them) runs the job, of ISA isa (NULL: any), under a kernel (no model extension), without
 * opening a device: the runner's own checks (its register harness included, docs/harness.md)
 * and the default buffer budget. 0, or -1 with d saying why not (`isaprobe gpu-check`). */
int ip_drm_model_check(const char *model, const char *isa, const struct ip_job *job,
                       const struct ip_result *res, struct ip_diag *d);

/* The name the panfrost kernel driver gives a Mali exception code (job status or MMU fault
 * status bits 7:0: "INSTR_INVALID_ENC", "TRANSLATION_FAULT_1"), or NULL for a code its table
 * does not have (runners/drm/mali_exceptions.c). */
const char *ip_mali_exception_name(uint32_t code);

/* One render node as `isaprobe devices` shows it. */
struct ip_drm_device_info {
	char path[64];
	char driver[32];      /* kernel driver, "" when the node could not be identified */
	int major, minor, patch;
	uint32_t id, revision;
	char model[16];       /* "t760", "g52", "mali400"... "unknown" */
	char title[32];       /* "Mali-T760" */
	char isa[16];         /* "" when the project has no ISA for it */
	unsigned arch;
	uint32_t cores;
	int model_ext;        /* a GPU model (the project's fake device), not a GPU */
	char error[512];      /* why the node is not usable, "" when it is */
};

/* Scans /dev/dri/renderD128-191 (or only path when not NULL). Returns how many nodes exist (at
 * most max are filled). */
int ip_drm_list_devices(const char *path, struct ip_drm_device_info *out, int max);

#endif

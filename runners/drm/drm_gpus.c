/* drm_gpus.c: GPU ids to models, one table per driver (facts and sources: docs/drm-sources.md).
 * panfrost's ids are the GPU_ID register's product field; Bifrost ones are matched, as the
 * kernel does, after masking with 0xf00f. */
#include <stddef.h>

#include <string.h>

#include "drm_gpus.h"

struct pan_model {
	uint32_t id;
	const char *model, *title;
	unsigned arch; /* genxml version: 4, 5 Midgard; 6, 7 Bifrost */
};

static const struct pan_model pan_models[] = {
	/* the T60x's register says 0x6956 (kbase GPU_ID_PI_T60X); panfrost_gpu.c rewrites it to
	 * 0x0600 before userspace sees it */
	{0x0600, "t604", "Mali-T604", 4},
	{0x0620, "t628", "Mali-T628", 4}, /* the T62x id: T622, T624, T628 */
	{0x0720, "t720", "Mali-T720", 4},
	{0x0750, "t760", "Mali-T760", 5},
	{0x0820, "t820", "Mali-T820", 5},
	{0x0830, "t830", "Mali-T830", 5},
	{0x0860, "t860", "Mali-T860", 5},
	{0x0880, "t880", "Mali-T880", 5},
	{0x6000, "g71", "Mali-G71", 6},
	{0x6001, "g72", "Mali-G72", 6},
	{0x7000, "g51", "Mali-G51", 7},
	{0x7001, "g76", "Mali-G76", 7},
	{0x7002, "g52", "Mali-G52", 7},
	{0x7003, "g31", "Mali-G31", 7},
};

void ip_drm_panfrost_gpu(uint32_t prod_id, struct ip_drm_gpu *g)
{
	uint32_t match = prod_id;
	if (match & 0xf000)
		match &= 0xf00f;
	g->id = prod_id;
	g->model = "unknown";
	g->title = "unknown Mali";
	g->isa = NULL;
	/* the architecture without a table entry (pan_arch): new-format ids carry it in bits 15:12 */
	g->arch = prod_id & 0xf000 ? prod_id >> 12 : 0;
	for (size_t i = 0; i < sizeof pan_models / sizeof pan_models[0]; i++)
		if (pan_models[i].id == match) {
			g->model = pan_models[i].model;
			g->title = pan_models[i].title;
			g->arch = pan_models[i].arch;
		}
	if (g->arch == 4 || g->arch == 5)
		g->isa = "midgard";
	else if (g->arch == 6 || g->arch == 7)
		g->isa = "bifrost";
}

void ip_drm_lima_gpu(uint32_t gpu_id, uint32_t gp_version, struct ip_drm_gpu *g)
{
	g->id = gp_version;
	g->revision = gp_version & 0xffff;
	g->arch = 4;
	switch (gp_version >> 16) {
	case 0xa07: g->model = "mali200"; g->title = "Mali-200"; break;
	case 0xc07: g->model = "mali300"; g->title = "Mali-300"; break;
	case 0xb07: g->model = "mali400"; g->title = "Mali-400"; break;
	case 0xd07: g->model = "mali450"; g->title = "Mali-450"; break;
	default:
		/* the GP version is not one of the four: fall back on what the kernel matched */
		g->model = gpu_id == 1 ? "mali400" : gpu_id == 2 ? "mali450" : "unknown";
		g->title = gpu_id == 1 ? "Mali-400" : gpu_id == 2 ? "Mali-450" : "unknown Utgard";
		break;
	}
	g->isa = "utgard_gp"; /* every Utgard GP runs the same vertex ISA */
}

/* msm: the kernel's GPU_ID is its adreno revision number; the MSM8916's A306 answers 307 (305
 * and 306 being the A305 and A305C), so the chip id tells the A306 apart. a3xx: 3xx. */
struct msm_model {
	uint32_t gpu_id;
	const char *model, *title;
};

static const struct msm_model msm_models[] = {
	{305, "a305", "Adreno 305"}, {306, "a305c", "Adreno 305C"}, {307, "a306", "Adreno 306"},
	{320, "a320", "Adreno 320"}, {330, "a330", "Adreno 330"},
};

void ip_drm_msm_gpu(uint32_t gpu_id, uint32_t chip_id, struct ip_drm_gpu *g)
{
	g->id = gpu_id;
	g->revision = chip_id;
	g->arch = gpu_id / 100;
	g->model = "unknown";
	g->title = "unknown Adreno";
	g->isa = g->arch == 3 ? "a3xx" : NULL;
	for (size_t i = 0; i < sizeof msm_models / sizeof msm_models[0]; i++)
		if (msm_models[i].gpu_id == gpu_id) {
			g->model = msm_models[i].model;
			g->title = msm_models[i].title;
		}
}

int ip_drm_gpu_named(const char *model, struct ip_drm_gpu *g, const struct ip_drm_driver **drv)
{
	static const uint32_t lima_gp[] = {0xa07u << 16, 0xc07u << 16, 0xb07u << 16, 0xd07u << 16};
	for (size_t i = 0; i < sizeof pan_models / sizeof pan_models[0]; i++)
		if (strcmp(pan_models[i].model, model) == 0) {
			ip_drm_panfrost_gpu(pan_models[i].id, g);
			*drv = &ip_drm_panfrost;
			return 0;
		}
	for (size_t i = 0; i < sizeof lima_gp / sizeof lima_gp[0]; i++) {
		ip_drm_lima_gpu(0, lima_gp[i], g);
		if (strcmp(g->model, model) == 0) {
			*drv = &ip_drm_lima;
			return 0;
		}
	}
	for (size_t i = 0; i < sizeof msm_models / sizeof msm_models[0]; i++)
		if (strcmp(msm_models[i].model, model) == 0) {
			ip_drm_msm_gpu(msm_models[i].gpu_id, 0, g);
			*drv = &ip_drm_msm;
			return 0;
		}
	return -1;
}

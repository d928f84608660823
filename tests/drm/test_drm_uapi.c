/* test_drm_uapi.c: every kernel interface struct and ioctl number the drm runner declares
 * (runners/drm/drm_uapi.h, msm_uapi.h), against sizes, field offsets and numbers written out
 * here from the kernel's headers: include/uapi/drm/panfrost_drm.h (torvalds/linux 6f3562b3,
 * driver 1.2), include/uapi/drm/lima_drm.h (torvalds/linux 0cfa80d3, driver 1.1),
 * include/uapi/drm/msm_drm.h (torvalds/linux 02189ca8), include/uapi/linux/sync_file.h; numbers
 * as _IOC(dir, 'd', 0x40 + n, size) gives them (docs/drm-sources.md); and the a3xx PM4 packets
 * the msm job builder writes, against freedreno's adreno_pm4.xml and a3xx.xml. */
#include <stddef.h>

#include "runners/drm/a3xx_pm4.h"
#include "runners/drm/drm_uapi.h"
#include "runners/drm/msm_uapi.h"
#include "runners/drm/model_ext.h"
#include "runners/drm/drm_radeon.h"
#include "check.h"

#define SIZE(type, n) CHECK(sizeof(struct type) == (n), "sizeof " #type " = %zu, kernel %d", \
                            sizeof(struct type), (n))
#define AT(type, field, n)                                                                   \
	CHECK(offsetof(struct type, field) == (n), #type "." #field " at %zu, kernel %d",     \
	      offsetof(struct type, field), (n))
#define NUMBER(macro, n)                                                                     \
	CHECK((unsigned long)(macro) == (n), #macro " = 0x%08lx, kernel 0x%08lx",              \
	      (unsigned long)(macro), (unsigned long)(n))

int main(void)
{
	/* panfrost */
	SIZE(ip_panfrost_submit, 40);
	AT(ip_panfrost_submit, jc, 0);
	AT(ip_panfrost_submit, in_syncs, 8);
	AT(ip_panfrost_submit, in_sync_count, 16);
	AT(ip_panfrost_submit, out_sync, 20);
	AT(ip_panfrost_submit, bo_handles, 24);
	AT(ip_panfrost_submit, bo_handle_count, 32);
	AT(ip_panfrost_submit, requirements, 36);
	SIZE(ip_panfrost_wait_bo, 16);
	AT(ip_panfrost_wait_bo, timeout_ns, 8);
	SIZE(ip_panfrost_create_bo, 24);
	AT(ip_panfrost_create_bo, flags, 4);
	AT(ip_panfrost_create_bo, handle, 8);
	AT(ip_panfrost_create_bo, pad, 12);
	AT(ip_panfrost_create_bo, offset, 16);
	SIZE(ip_panfrost_mmap_bo, 16);
	AT(ip_panfrost_mmap_bo, offset, 8);
	SIZE(ip_panfrost_get_param, 16);
	AT(ip_panfrost_get_param, value, 8);
	SIZE(ip_panfrost_get_bo_offset, 16);
	SIZE(ip_panfrost_madvise, 12);
	AT(ip_panfrost_madvise, retained, 8);
	NUMBER(IP_IOCTL_PANFROST_SUBMIT, 0x40286440ul);
	NUMBER(IP_IOCTL_PANFROST_WAIT_BO, 0x40106441ul);
	NUMBER(IP_IOCTL_PANFROST_CREATE_BO, 0xc0186442ul);
	NUMBER(IP_IOCTL_PANFROST_MMAP_BO, 0xc0106443ul);
	NUMBER(IP_IOCTL_PANFROST_GET_PARAM, 0xc0106444ul);
	NUMBER(IP_IOCTL_PANFROST_GET_BO_OFFSET, 0xc0106445ul);
	NUMBER(IP_IOCTL_PANFROST_MADVISE, 0xc00c6448ul);
	CHECK(IP_PANFROST_BO_NOEXEC == 1 && IP_PANFROST_BO_HEAP == 2, "BO flags");
	CHECK(IP_PANFROST_JD_REQ_FS == 1, "requirements");
	CHECK(IP_PANFROST_PARAM_GPU_PROD_ID == 0 && IP_PANFROST_PARAM_SHADER_PRESENT == 2 &&
	          IP_PANFROST_PARAM_MMU_FEATURES == 12 && IP_PANFROST_PARAM_THREAD_TLS_ALLOC == 39,
	      "parameter numbers");

	/* lima */
	SIZE(ip_lima_get_param, 16);
	SIZE(ip_lima_gem_create, 16);
	AT(ip_lima_gem_create, handle, 8);
	SIZE(ip_lima_gem_info, 16);
	AT(ip_lima_gem_info, va, 4);
	AT(ip_lima_gem_info, offset, 8);
	SIZE(ip_lima_gem_submit_bo, 8);
	SIZE(ip_lima_gp_frame, 24);
	SIZE(ip_lima_gem_submit, 48);
	AT(ip_lima_gem_submit, pipe, 4);
	AT(ip_lima_gem_submit, nr_bos, 8);
	AT(ip_lima_gem_submit, frame_size, 12);
	AT(ip_lima_gem_submit, bos, 16);
	AT(ip_lima_gem_submit, frame, 24);
	AT(ip_lima_gem_submit, flags, 32);
	AT(ip_lima_gem_submit, out_sync, 36);
	AT(ip_lima_gem_submit, in_sync, 40);
	SIZE(ip_lima_gem_wait, 16);
	AT(ip_lima_gem_wait, timeout_ns, 8);
	SIZE(ip_lima_ctx_create, 8);
	SIZE(ip_lima_ctx_free, 8);
	NUMBER(IP_IOCTL_LIMA_GET_PARAM, 0xc0106440ul);
	NUMBER(IP_IOCTL_LIMA_GEM_CREATE, 0xc0106441ul);
	NUMBER(IP_IOCTL_LIMA_GEM_INFO, 0xc0106442ul);
	NUMBER(IP_IOCTL_LIMA_GEM_SUBMIT, 0x40306443ul);
	NUMBER(IP_IOCTL_LIMA_GEM_WAIT, 0x40106444ul);
	NUMBER(IP_IOCTL_LIMA_CTX_CREATE, 0x80086445ul);
	NUMBER(IP_IOCTL_LIMA_CTX_FREE, 0x40086446ul);
	CHECK(IP_LIMA_PIPE_GP == 0 && IP_LIMA_PIPE_PP == 1, "pipes");
	CHECK(IP_LIMA_SUBMIT_BO_READ == 1 && IP_LIMA_SUBMIT_BO_WRITE == 2, "submit BO flags");
	CHECK(IP_LIMA_PARAM_GP_VERSION == 2 && IP_LIMA_GPU_MALI450 == 2, "lima parameters");

	/* msm (GET_PARAM and GEM_INFO in today's 24-byte layout, GEM_SUBMIT in the 40-byte one) */
	SIZE(ip_msm_param, 24);
	AT(ip_msm_param, param, 4);
	AT(ip_msm_param, value, 8);
	AT(ip_msm_param, len, 16);
	SIZE(ip_msm_gem_new, 16);
	AT(ip_msm_gem_new, flags, 8);
	AT(ip_msm_gem_new, handle, 12);
	SIZE(ip_msm_gem_info, 24);
	AT(ip_msm_gem_info, value, 8);
	AT(ip_msm_gem_info, len, 16);
	SIZE(ip_msm_gem_cpu_prep, 24);
	AT(ip_msm_gem_cpu_prep, timeout, 8);
	SIZE(ip_msm_gem_cpu_fini, 4);
	SIZE(ip_msm_gem_submit_cmd, 32);
	AT(ip_msm_gem_submit_cmd, size, 12);
	AT(ip_msm_gem_submit_cmd, nr_relocs, 20);
	AT(ip_msm_gem_submit_cmd, relocs, 24);
	SIZE(ip_msm_gem_submit_bo, 16);
	AT(ip_msm_gem_submit_bo, handle, 4);
	AT(ip_msm_gem_submit_bo, presumed, 8);
	SIZE(ip_msm_gem_submit, 40);
	AT(ip_msm_gem_submit, fence, 4);
	AT(ip_msm_gem_submit, nr_bos, 8);
	AT(ip_msm_gem_submit, nr_cmds, 12);
	AT(ip_msm_gem_submit, bos, 16);
	AT(ip_msm_gem_submit, cmds, 24);
	AT(ip_msm_gem_submit, fence_fd, 32);
	AT(ip_msm_gem_submit, queueid, 36);
	SIZE(ip_msm_wait_fence, 32);
	AT(ip_msm_wait_fence, timeout, 8);
	AT(ip_msm_wait_fence, queueid, 24);
	SIZE(ip_msm_submitqueue, 12);
	AT(ip_msm_submitqueue, id, 8);
	SIZE(ip_msm_submitqueue_query, 24);
	AT(ip_msm_submitqueue_query, id, 8);
	AT(ip_msm_submitqueue_query, param, 12);
	AT(ip_msm_submitqueue_query, len, 16);
	NUMBER(IP_IOCTL_MSM_GET_PARAM, 0xc0186440ul);
	NUMBER(IP_IOCTL_MSM_GEM_NEW, 0xc0106442ul);
	NUMBER(IP_IOCTL_MSM_GEM_INFO, 0xc0186443ul);
	NUMBER(IP_IOCTL_MSM_GEM_CPU_PREP, 0x40186444ul);
	NUMBER(IP_IOCTL_MSM_GEM_CPU_FINI, 0x40046445ul);
	NUMBER(IP_IOCTL_MSM_GEM_SUBMIT, 0xc0286446ul);
	NUMBER(IP_IOCTL_MSM_WAIT_FENCE, 0x40206447ul);
	NUMBER(IP_IOCTL_MSM_SUBMITQUEUE_NEW, 0xc00c644aul);
	NUMBER(IP_IOCTL_MSM_SUBMITQUEUE_CLOSE, 0x4004644bul);
	NUMBER(IP_IOCTL_MSM_SUBMITQUEUE_QUERY, 0x4018644cul);
	CHECK(IP_MSM_PIPE_3D0 == 0x10 && IP_MSM_PARAM_GPU_ID == 1 && IP_MSM_PARAM_CHIP_ID == 3 &&
	          IP_MSM_PARAM_FAULTS == 9 && IP_MSM_INFO_GET_IOVA == 1 && IP_MSM_BO_WC == 0x20000 &&
	          IP_MSM_SUBMIT_CMD_BUF == 1 && IP_MSM_SUBMIT_BO_WRITE == 2,
	      "msm constants");

	/* a3xx PM4: headers, opcodes, state load and draw fields, registers */
	CHECK(A3XX_PKT3(A3XX_CP_LOAD_STATE, 2) == 0xc0013000u, "type-3 header");
	CHECK(A3XX_PKT0(0x22d4, 2) == 0x000122d4u, "type-0 header");
	CHECK(A3XX_CP_NOP == 0x10 && A3XX_CP_DRAW_INDX == 0x22 && A3XX_CP_WAIT_FOR_IDLE == 0x26 &&
	          A3XX_CP_MEM_WRITE == 0x3d && A3XX_CP_EVENT_WRITE == 0x46,
	      "CP opcodes");
	CHECK(A3XX_LOAD_STATE0(0, A3XX_SS_INDIRECT, A3XX_SB_VERT_SHADER, 3) == 0x00e40000u,
	      "CP_LOAD_STATE dword 0: 0x%08x", A3XX_LOAD_STATE0(0, A3XX_SS_INDIRECT, A3XX_SB_VERT_SHADER, 3));
	/* points 9, auto index 2 << 6, PRE_DRAW_INITIATOR_ENABLE 1 << 14, one instance 1 << 24 */
	CHECK(A3XX_DRAW_INITIATOR(A3XX_DI_PT_POINTLIST, A3XX_DI_SRC_SEL_AUTO_INDEX,
	                          A3XX_DI_IGNORE_VISIBILITY) == 0x01004089u,
	      "draw initiator");
	CHECK(A3XX_GRAS_CL_CLIP_CNTL == 0x2040 && A3XX_GRAS_SC_CONTROL == 0x2072 &&
	          A3XX_RB_MODE_CONTROL == 0x20c0 && A3XX_RB_RENDER_CONTROL == 0x20c1 &&
	          A3XX_PC_PRIM_VTX_CNTL == 0x21ec && A3XX_HLSQ_FS_CONTROL_REG == 0x2205 &&
	          A3XX_VFD_CONTROL_1 == 0x2241 && A3XX_VPC_ATTR == 0x2280 &&
	          A3XX_SP_SP_CTRL_REG == 0x22c0 && A3XX_SP_FS_CTRL_REG0 == 0x22e0 &&
	          A3XX_SP_FS_OUTPUT_REG == 0x22ec && A3XX_SP_FS_MRT_REG(0) == 0x22f0 &&
	          A3XX_SP_FS_LENGTH_REG == 0x22ff,
	      "a3xx draw state registers (a3xx.xml)");
	CHECK(A3XX_HLSQ_VS_CONTROL_REG == 0x2204 && A3XX_SP_VS_CTRL_REG0 == 0x22c4 &&
	          A3XX_SP_VS_OBJ_START_REG == 0x22d5 && A3XX_SP_VS_LENGTH_REG == 0x22df &&
	          A3XX_VFD_CONTROL_0 == 0x2240 && A3XX_HLSQ_CONTROL_1_REG == 0x2201,
	      "a3xx registers");

	/* sync_file */
	SIZE(ip_sync_file_info, 56);
	AT(ip_sync_file_info, status, 32);
	AT(ip_sync_file_info, sync_fence_info, 48);
	NUMBER(IP_SYNC_IOC_FILE_INFO, 0xc0383e04ul);

	/* the core ioctls the runner calls through libdrm (drm.h of libdrm-dev 2.4.114) */
	NUMBER(DRM_IOCTL_GEM_CLOSE, 0x40086409ul);
	NUMBER(DRM_IOCTL_SYNCOBJ_CREATE, 0xc00864bful);
	NUMBER(DRM_IOCTL_SYNCOBJ_HANDLE_TO_FD, 0xc01064c1ul);
	NUMBER(DRM_IOCTL_SYNCOBJ_WAIT, 0xc02064c3ul);
	NUMBER(DRM_IOCTL_SYNCOBJ_RESET, 0xc01064c4ul);

	/* radeon, from libdrm-dev's radeon_drm.h (the kernel's include/uapi/drm/radeon_drm.h):
	 * the runner's structs against the kernel's sizes and the numbers _IOC gives them */
	SIZE(drm_radeon_gem_create, 32);
	AT(drm_radeon_gem_create, handle, 16);
	AT(drm_radeon_gem_create, initial_domain, 20);
	SIZE(drm_radeon_gem_mmap, 32);
	AT(drm_radeon_gem_mmap, addr_ptr, 24);
	SIZE(drm_radeon_gem_wait_idle, 8);
	SIZE(drm_radeon_gem_busy, 8);
	SIZE(drm_radeon_cs, 32);
	AT(drm_radeon_cs, chunks, 8);
	SIZE(drm_radeon_cs_chunk, 16);
	AT(drm_radeon_cs_chunk, chunk_data, 8);
	SIZE(drm_radeon_cs_reloc, 16);
	SIZE(drm_radeon_info, 16);
	AT(drm_radeon_info, value, 8);
	NUMBER(DRM_IOCTL_RADEON_GEM_CREATE, 0xc020645dul);
	NUMBER(DRM_IOCTL_RADEON_GEM_MMAP, 0xc020645eul);
	NUMBER(DRM_IOCTL_RADEON_GEM_WAIT_IDLE, 0x40086464ul);
	NUMBER(DRM_IOCTL_RADEON_CS, 0xc0206466ul);
	NUMBER(DRM_IOCTL_RADEON_INFO, 0xc0106467ul);
	NUMBER(DRM_IOCTL_RADEON_GEM_BUSY, 0xc008646aul);
	NUMBER(RADEON_CHUNK_ID_RELOCS, 1);
	NUMBER(RADEON_CHUNK_ID_IB, 2);
	NUMBER(RADEON_INFO_DEVICE_ID, 0);
	NUMBER(RADEON_INFO_GPU_RESET_COUNTER, 0x26);

	/* the model record fits the room the runner gives it */
	CHECK(sizeof(struct ip_model_record) <= IP_MODEL_RECORD_BYTES, "model record");
	return check_report("test_drm_uapi");
}

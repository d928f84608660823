/* test_drm_uapi.c: every kernel interface struct and ioctl number the drm runner declares
 * (runners/drm/drm_uapi.h), against sizes, field offsets and numbers written out here from the
 * kernel's headers: include/uapi/drm/panfrost_drm.h (torvalds/linux 6f3562b3, driver 1.2),
 * include/uapi/drm/lima_drm.h (torvalds/linux 0cfa80d3, driver 1.1), include/uapi/linux/
 * sync_file.h; numbers as _IOC(dir, 'd', 0x40 + n, size) gives them (docs/drm-sources.md). */
#include <stddef.h>

#include "../runners/drm/drm_uapi.h"
#include "../runners/drm/model_ext.h"
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

	/* the model record fits the room the runner gives it */
	CHECK(sizeof(struct ip_model_record) <= IP_MODEL_RECORD_BYTES, "model record");
	return check_report("test_drm_uapi");
}

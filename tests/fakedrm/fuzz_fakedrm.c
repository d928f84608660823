/* fuzz_fakedrm.c: a libFuzzer harness for what the fake DRM device parses from GPU memory: job
 * chains, descriptors, model records (panfrost), VS command lists, tables and records (lima) and
 * PM4 command buffers, state loads, draws and records (msm), read from BOs filled with the input.
 * The device must refuse garbage as a GPU would (a fault, a GP error, an msm hang or IOMMU fault),
 * never crash or hang. Not built by CMake; docs/fakedrm.md has the command. */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runners/drm/drm_uapi.h"
#include "runners/drm/msm_uapi.h"
#include "fuzz_fake_harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return fuzz_fake_init("/dev/dri/renderD128=t760,/dev/dri/renderD129=g71,"
	                      "/dev/dri/renderD130=mali400,/dev/dri/renderD131=a320");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const nodes[4] = {"/dev/dri/renderD128", "/dev/dri/renderD129",
	                                     "/dev/dri/renderD130", "/dev/dri/renderD131"};
	unsigned which;
	uint8_t *bo_map[3] = {NULL, NULL, NULL};
	uint32_t handles[3];
	uint64_t va[3];
	int fd, lima, msm;
	if (size < 8)
		return 0;
	which = data[0] % 4;
	msm = which == 3;
	lima = which == 2 || msm; /* both have 32-bit addresses */
	fd = fake_open(nodes[which]);
	if (fd < 0)
		return 0;
	for (int i = 0; i < 3; i++) {
		uint64_t off;
		int handled;
		uint8_t *p;
		size_t n, at = 8 + i * (size - 8) / 3, end = 8 + (i + 1) * (size - 8) / 3;
		if (msm) {
			struct ip_msm_gem_new c = {.size = BO_BYTES, .flags = IP_MSM_BO_WC};
			struct ip_msm_gem_info inf = {.info = IP_MSM_INFO_GET_IOVA};
			if (io(fd, IP_IOCTL_MSM_GEM_NEW, &c))
				goto out;
			inf.handle = c.handle;
			if (io(fd, IP_IOCTL_MSM_GEM_INFO, &inf))
				goto out;
			handles[i] = c.handle;
			va[i] = inf.value;
			inf.info = IP_MSM_INFO_GET_OFFSET;
			if (io(fd, IP_IOCTL_MSM_GEM_INFO, &inf))
				goto out;
			off = inf.value;
		} else if (lima) {
			struct ip_lima_gem_create c = {.size = BO_BYTES};
			struct ip_lima_gem_info inf = {0};
			if (io(fd, IP_IOCTL_LIMA_GEM_CREATE, &c))
				goto out;
			inf.handle = c.handle;
			if (io(fd, IP_IOCTL_LIMA_GEM_INFO, &inf))
				goto out;
			handles[i] = c.handle;
			va[i] = inf.va;
			off = inf.offset;
		} else {
			struct ip_panfrost_create_bo c = {.size = BO_BYTES, .flags = i ? 1u : 0u};
			struct ip_panfrost_mmap_bo m = {0};
			if (io(fd, IP_IOCTL_PANFROST_CREATE_BO, &c))
				goto out;
			m.handle = c.handle;
			if (io(fd, IP_IOCTL_PANFROST_MMAP_BO, &m))
				goto out;
			handles[i] = c.handle;
			va[i] = c.offset;
			off = m.offset;
		}
		p = fake_mmap(NULL, BO_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (int64_t)off,
		              &handled);
		if (p == MAP_FAILED)
			goto out;
		n = end - at < BO_BYTES ? end - at : BO_BYTES;
		memcpy(bo_map[i] = p, data + at, n);
	}
	/* a word 0xA<b>.. is an address in BO b: offset (low 24 bits) from its start; 64-bit words
	 * on panfrost, 32-bit ones on lima (whose addresses are 32 bits) */
	for (int i = 0; i < 3; i++) {
		for (size_t k = 0; k + 8 <= BO_BYTES && !lima; k += 8) {
			uint64_t w;
			memcpy(&w, bo_map[i] + k, 8);
			if ((w >> 60) == 0xa && ((w >> 56) & 0xf) < 3) {
				w = va[(w >> 56) & 0xf] + (w & 0xffffff);
				memcpy(bo_map[i] + k, &w, 8);
			}
		}
		for (size_t k = 0; k + 4 <= BO_BYTES && lima; k += 4) {
			uint32_t w;
			memcpy(&w, bo_map[i] + k, 4);
			if ((w >> 28) == 0xa && ((w >> 24) & 0xf) < 3) {
				w = (uint32_t)va[(w >> 24) & 0xf] + (w & 0xffffff);
				memcpy(bo_map[i] + k, &w, 4);
			}
		}
		munmap(bo_map[i], BO_BYTES);
		bo_map[i] = NULL;
	}
	if (msm) {
		struct ip_msm_gem_submit_bo bos[3];
		struct ip_msm_gem_submit_cmd cmd = {.type = IP_MSM_SUBMIT_CMD_BUF, .submit_idx = 1};
		struct ip_msm_gem_submit s = {.flags = IP_MSM_PIPE_3D0, .nr_bos = 3, .nr_cmds = 1};
		struct ip_msm_wait_fence w = {0};
		for (int i = 0; i < 3; i++)
			bos[i] = (struct ip_msm_gem_submit_bo){3, handles[i], va[i]};
		cmd.submit_offset = data[1] & 0xfcu;
		cmd.size = 4u * (1u + data[2] + ((uint32_t)data[3] << 8));
		s.bos = (uint64_t)(uintptr_t)bos;
		s.cmds = (uint64_t)(uintptr_t)&cmd;
		if (io(fd, IP_IOCTL_MSM_GEM_SUBMIT, &s) == 0) {
			w.fence = s.fence;
			io(fd, IP_IOCTL_MSM_WAIT_FENCE, &w); /* the past: at once */
		}
	} else if (lima) {
		struct ip_lima_ctx_create cc = {0};
		struct ip_lima_gem_submit_bo bos[3];
		struct ip_lima_gp_frame fr = {0};
		struct ip_lima_gem_submit s = {0};
		if (io(fd, IP_IOCTL_LIMA_CTX_CREATE, &cc))
			goto out;
		for (int i = 0; i < 3; i++)
			bos[i] = (struct ip_lima_gem_submit_bo){handles[i], 3};
		fr.vs_cmd_start = (uint32_t)va[1] + (data[1] & 0xf8);
		fr.vs_cmd_end = fr.vs_cmd_start + 8u * (1u + data[2]);
		s.ctx = cc.id;
		s.nr_bos = 3;
		s.frame_size = sizeof fr;
		s.bos = (uint64_t)(uintptr_t)bos;
		s.frame = (uint64_t)(uintptr_t)&fr;
		io(fd, IP_IOCTL_LIMA_GEM_SUBMIT, &s);
	} else {
		struct ip_panfrost_submit s = {0};
		s.jc = va[1] + (data[1] & 0xc0u) + ((uint64_t)data[2] << 8);
		s.bo_handles = (uint64_t)(uintptr_t)handles;
		s.bo_handle_count = 3;
		io(fd, IP_IOCTL_PANFROST_SUBMIT, &s);
	}
out:
	for (int i = 0; i < 3; i++)
		if (bo_map[i])
			munmap(bo_map[i], BO_BYTES);
	fake_close(fd);
	close(fd);
	return 0;
}

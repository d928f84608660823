/* fuzz_fake_radeon.c: a libFuzzer harness for the fake device's radeon command-stream parser:
 * the input is an IB (and the memory of the BO it draws into), submitted as a CS on a fake R580
 * with two relocations. The device must refuse what the kernel's checker refuses (-EINVAL) and
 * run the rest on the CTM simulator, never crash or hang. Not built by CMake; docs/fakedrm.md
 * has the command. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <radeon_drm.h>

#include "fuzz_fake_harness.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return fuzz_fake_init("/dev/dri/renderD128=r580");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct drm_radeon_cs_reloc relocs[2];
	struct drm_radeon_cs_chunk chunks[2];
	uint64_t ptrs[2];
	struct drm_radeon_cs cs = {0};
	struct drm_radeon_gem_wait_idle w = {0};
	size_t ib_bytes, mem_bytes;
	uint32_t *ib;
	int fd;
	if (size < 8)
		return 0;
	/* the first byte: how much of the rest is IB (in 1/256ths), the rest the BO's memory */
	ib_bytes = ((size - 1) * data[0] / 256) & ~(size_t)3;
	mem_bytes = size - 1 - ib_bytes;
	if (!ib_bytes || !(ib = malloc(ib_bytes)))
		return 0;
	memcpy(ib, data + 1, ib_bytes);
	fd = fake_open("/dev/dri/renderD128");
	if (fd < 0) {
		free(ib);
		return 0;
	}
	for (int i = 0; i < 2; i++) {
		struct drm_radeon_gem_create c = {.size = BO_BYTES,
		                                  .initial_domain = RADEON_GEM_DOMAIN_GTT};
		struct drm_radeon_gem_mmap m = {0};
		uint8_t *p;
		int handled;
		if (io(fd, DRM_IOCTL_RADEON_GEM_CREATE, &c))
			goto out;
		m.handle = c.handle;
		if (io(fd, DRM_IOCTL_RADEON_GEM_MMAP, &m))
			goto out;
		p = fake_mmap(NULL, BO_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		              (int64_t)m.addr_ptr, &handled);
		if (p == MAP_FAILED)
			goto out;
		if (i == 0)
			memcpy(p, data + 1 + ib_bytes, mem_bytes < BO_BYTES ? mem_bytes : BO_BYTES);
		munmap(p, BO_BYTES);
		relocs[i] = (struct drm_radeon_cs_reloc){c.handle, RADEON_GEM_DOMAIN_GTT,
		                                         RADEON_GEM_DOMAIN_GTT, 0};
	}
	chunks[0] = (struct drm_radeon_cs_chunk){RADEON_CHUNK_ID_IB, (uint32_t)(ib_bytes / 4),
	                                         (uint64_t)(uintptr_t)ib};
	chunks[1] = (struct drm_radeon_cs_chunk){RADEON_CHUNK_ID_RELOCS, 8,
	                                         (uint64_t)(uintptr_t)relocs};
	ptrs[0] = (uint64_t)(uintptr_t)&chunks[0];
	ptrs[1] = (uint64_t)(uintptr_t)&chunks[1];
	cs.num_chunks = 2;
	cs.chunks = (uint64_t)(uintptr_t)ptrs;
	if (io(fd, DRM_IOCTL_RADEON_CS, &cs) == 0) {
		w.handle = relocs[0].handle;
		io(fd, DRM_IOCTL_RADEON_GEM_WAIT_IDLE, &w);
	}
out:
	fake_close(fd);
	close(fd);
	free(ib);
	return 0;
}

/* test_drm_harness_addr.c: the addresses a register harness asks the drm runner to write into a
 * wrapped job's inputs (struct ip_harness_addr): ip_drm_place_roles writes the GPU address of one
 * role's buffer (plus an offset) where the harness said, 4 or 8 bytes little-endian, after the
 * input is copied in; an input that receives one is never shared with the previous job; a
 * buffer the job does not have is refused. Addresses worked out by hand from the arena's. */
#include <stdlib.h>
#include <string.h>

#include "runners/drm/drm_job.h"
#include "check.h"

#define VA 0x40000000u

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

int main(void)
{
	static uint8_t mem[1 << 16];
	static uint8_t uni[64], glob_in[32];
	static uint8_t glob_out[256];
	struct ip_drm_dev dev;
	struct ip_drm_batch b;
	struct ip_drm_slot s[2], *list[2] = {&s[0], &s[1]};
	struct ip_buf in[2] = {{IP_BUF_UNIFORMS, uni, sizeof uni}, {IP_BUF_GLOBAL, glob_in, 32}};
	struct ip_out_buf out[2] = {{IP_BUF_GLOBAL, glob_out, sizeof glob_out, 0},
	                            {IP_BUF_GLOBAL, glob_out, sizeof glob_out, 0}};
	struct ip_job job = {(const uint8_t *)"x", 1, in, 2, {1, 0}, 0};
	struct ip_result res[2];
	const struct ip_harness_addr addrs[2] = {{IP_BUF_UNIFORMS, IP_BUF_GLOBAL, 8, 8, 16},
	                                         {IP_BUF_UNIFORMS, IP_BUF_GLOBAL, 20, 4, 0}};
	for (unsigned i = 0; i < sizeof uni; i++)
		uni[i] = (uint8_t)(0xA0 + i);
	memset(&dev, 0, sizeof dev);
	memset(&b, 0, sizeof b);
	memset(s, 0, sizeof s);
	b.dev = &dev;
	b.data.bo.map = mem;
	b.data.bo.va = VA;
	b.data.bo.size = sizeof mem;
	b.slots = list;
	for (int k = 0; k < 2; k++) {
		res[k] = (struct ip_result){.outputs = &out[k], .noutputs = 1};
		s[k].job = &job;
		s[k].res = &res[k];
		s[k].addrs = addrs;
		s[k].naddrs = 2;
	}
	/* job 0: uniforms at VA (64 bytes), global after it at VA + 128 (256 bytes: the output) */
	b.n = 1;
	CHECK(ip_drm_place_roles(&b, &s[0], NULL, 0) == 0, "placing job 0");
	CHECK(s[0].role[IP_BUF_UNIFORMS].va == VA && s[0].role[IP_BUF_GLOBAL].va == VA + 64,
	      "uniforms at 0x%llx, global at 0x%llx",
	      (unsigned long long)s[0].role[IP_BUF_UNIFORMS].va,
	      (unsigned long long)s[0].role[IP_BUF_GLOBAL].va);
	CHECK(le(mem + 8, 8) == VA + 64 + 16, "8 bytes at 8: 0x%llx", (unsigned long long)le(mem + 8, 8));
	CHECK(le(mem + 20, 4) == VA + 64, "4 bytes at 20: 0x%llx", (unsigned long long)le(mem + 20, 4));
	CHECK(mem[7] == 0xA7 && mem[16] == 0xB0 && mem[19] == 0xB3 && mem[24] == 0xB8,
	      "the input's other bytes: %02x %02x %02x %02x", mem[7], mem[16], mem[19], mem[24]);
	CHECK(memcmp(mem + 64, glob_in, 32) == 0, "the global input copied in");
	/* job 1, the same inputs: its uniforms are not shared (they hold job 1's own address) */
	b.n = 2;
	CHECK(ip_drm_place_roles(&b, &s[1], NULL, 0) == 0, "placing job 1");
	CHECK(s[1].role[IP_BUF_UNIFORMS].va != s[0].role[IP_BUF_UNIFORMS].va,
	      "the uniforms with an address were shared between jobs");
	CHECK(le(s[1].role[IP_BUF_UNIFORMS].map + 8, 8) == s[1].role[IP_BUF_GLOBAL].va + 16,
	      "job 1's address");
	/* without addresses the uniforms are shared, as before */
	s[1].naddrs = 0;
	s[0].naddrs = 0;
	b.data.used = 0;
	b.n = 1;
	ip_drm_place_roles(&b, &s[0], NULL, 0);
	b.n = 2;
	ip_drm_place_roles(&b, &s[1], NULL, 0);
	CHECK(s[1].role[IP_BUF_UNIFORMS].va == s[0].role[IP_BUF_UNIFORMS].va,
	      "plain uniforms not shared");
	/* an address of a buffer the job does not have: refused */
	{
		const struct ip_harness_addr bad = {IP_BUF_UNIFORMS, IP_BUF_ATTRIBUTES, 0, 8, 0};
		s[0].addrs = &bad;
		s[0].naddrs = 1;
		b.data.used = 0;
		b.n = 1;
		CHECK(ip_drm_place_roles(&b, &s[0], NULL, 0) == -1, "an address of a missing buffer");
	}
	return check_report("test_drm_harness_addr");
}

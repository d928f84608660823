/* infer_device.c: what infer_device.h declares, compiled once into the tests' support library
 * (tests/support/CMakeLists.txt). */
#include "infer_device.h"

static const float dev_a[4] = {-1.5f, 2.25f, 3.0f, -0.75f};

static const float dev_b[4] = {2.0f, -4.5f, 0.5f, 1.25f};

uint32_t dev_reg(unsigned i) { return 0xa0000000u | (i * 0x01010101u) | 0x10; }

uint32_t dev_uni(unsigned i) { return 0xc0de0000u + i * 7u; }

void dev_inputs(uint8_t regs[64], uint8_t unis[64], uint8_t attrs[32])
{
	for (unsigned i = 0; i < 16; i++) {
		uint32_t r = dev_reg(i), u = i == 15 ? 0xabcu : dev_uni(i);
		memcpy(regs + 4 * i, &r, 4);
		memcpy(unis + 4 * i, &u, 4);
	}
	for (unsigned i = 0; i < 4; i++) {
		uint32_t a = ip_f32_bits(dev_a[i]), b = ip_f32_bits(dev_b[i]);
		memcpy(attrs + 4 * i, &a, 4);
		memcpy(attrs + 16 + 4 * i, &b, 4);
	}
}

int dev_run(unsigned ctx, uint32_t v, uint32_t out[DEV_NOUT])
{
	unsigned reg = v & 7, off = v >> 3 & 15, op = v >> 10 & 3, neg = v >> 12 & 1;
	unsigned mask = v >> 13 & 7, sh = v >> 16 & 15;
	int soff = off >= 8 ? (int)off - 16 : (int)off;
	if (ctx == 0 && (v >> 7 & 1))
		return IP_STATUS_FAULT;
	if (ctx == 1)
		op = 0;
	out[0] = mask & 1 ? dev_reg(reg) : 0xdeadbeefu;
	out[1] = mask & 2 ? dev_uni((unsigned)(8 + soff)) : 0xdeadbeefu;
	for (unsigned k = 0; k < 2; k++) {
		float a = dev_a[k], b = dev_b[k];
		float r = op == 0 ? a + b : op == 1 ? a * b : op == 2 ? fminf(a, b) : fmaxf(a, b);
		out[2 + k] = ip_f32_bits(neg ? -r : r);
	}
	out[4] = mask & 4 ? 0x0badf00du : 0xdeadbeefu;
	out[5] = 0xabcu << sh;
	out[6] = 0x600df00du;
	return IP_STATUS_OK;
}

int64_t dev_campaign(struct ip_store *s, const char *name, const char *strategy,
                     const uint32_t *values, size_t n, unsigned repeat)
{
	struct ip_diag d;
	uint8_t regs[64], unis[64], attrs[32];
	uint8_t seed[3] = {DEV_SEED & 0xff, DEV_SEED >> 8 & 0xff, DEV_SEED >> 16 & 0xff};
	uint64_t cursor;
	int finished;
	int64_t dev = ip_store_device(s, "sim", "synthetic", NULL, &d);
	int64_t probe = ip_store_probe(s, name, "synth", "synthetic device probe\n", 0, &d);
	struct ip_campaign_key key = {probe, dev, strategy, 0, 0, 0, 1};
	int64_t id = ip_store_campaign(s, &key, &cursor, &finished, &d);
	if (dev < 0 || probe < 0 || id < 0) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	dev_inputs(regs, unis, attrs);
	struct ip_layout_context ctxs[2] = {{"ops", seed, 3}, {"plain", seed, 3}};
	struct ip_layout_target tgt = {0, DEV_WIDTH, "synth.word", "unk32", 0, 0, 32};
	struct ip_layout_buffer bufs[4] = {
		{0, "registers", 0, regs, sizeof regs, 0, NULL},
		{0, "uniforms", 0, unis, sizeof unis, 0, NULL},
		{0, "attributes", 0, attrs, sizeof attrs, 0, NULL},
		{1, "varyings_out", 0, NULL, 4 * DEV_NOUT, 0, NULL},
	};
	struct ip_campaign_layout lay = {ctxs, 2, &tgt, 1, bufs, 4};
	if (ip_store_campaign_layout(s, id, &lay, &d)) {
		ip_diag_print(&d, stderr);
		return -1;
	}
	struct ip_run *runs = calloc(2 * n, sizeof *runs);
	uint8_t(*val)[3] = calloc(2 * n, 3);
	uint32_t(*out)[DEV_NOUT] = calloc(2 * n, sizeof *out);
	for (size_t i = 0; i < 2 * n; i++) {
		unsigned ctx = (unsigned)(i / n);
		uint32_t v = values[i % n];
		int st = dev_run(ctx, v, out[i]);
		val[i][0] = v & 0xff;
		val[i][1] = v >> 8 & 0xff;
		val[i][2] = v >> 16 & 0xff;
		runs[i] = (struct ip_run){ctx, val[i], 3,
		                          {(enum ip_status)st, st ? 0x42u : 0u, (const uint8_t *)out[i],
		                           st ? 0 : sizeof out[i]}};
	}
	for (unsigned r = 0; r < repeat; r++)
		if (ip_store_record(s, id, runs, 2 * n, 2 * n, &d)) {
			ip_diag_print(&d, stderr);
			id = -1;
			break;
		}
	free(runs);
	free(val);
	free(out);
	return id;
}

size_t dev_walk_pairs(uint32_t *v)
{
	size_t n = 0;
	v[n++] = DEV_SEED;
	for (unsigned i = 0; i < DEV_WIDTH; i++)
		v[n++] = DEV_SEED ^ (1u << i);
	for (unsigned i = 0; i < DEV_WIDTH; i++)
		for (unsigned j = i + 1; j < DEV_WIDTH; j++)
			v[n++] = DEV_SEED ^ (1u << i) ^ (1u << j);
	return n;
}

void dev_remove(const char *path)
{
	ip_store_remove(path);
}

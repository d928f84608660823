/* test_afl_engine.c: the AFL++ engine's parts without afl-fuzz: test-case images (variant in,
 * the same variant out, any other bit refused), outcome classes, the run log (records cut short
 * are skipped, never misread) and the custom mutator (only target bits ever change). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/afl/afl_internal.h"
#include "check.h"
#include "sample_probes.h"

/* The mutator is a shared library of its own; its source is compiled into this test. */
#include "fuzz/afl/afl_mutator.c"

static const char *const probes[] = {
	/* Midgard: targets in two different words of one bundle */
	"isa midgard\n"
	"program <<END\n"
	"ls {\n"
	"\tld_attr_32 r0.xyzw, [0].xyzw\n"
	"\tld_attr_32 r1.xyzw, [1].xyzw\n"
	"}\n"
	"END\n"
	"target 0.load_store unk25\n"
	"target 0.load_store.1 bits 25-30\n"
	"input attributes distinct 256\n"
	"observe registers 512\n"
	"context a op=ld_attr_32\n"
	"context v op=ld_vary_32 unk25=0x1c9c\n",
	/* Bifrost: two targets of one clause word */
	"isa bifrost\n"
	"program <<END\n"
	"clause {\n"
	"\treg read=r0 read=r1 wfma=r3 first=1\n"
	"\tfma ADD.f32 src0=p0 src1=p1\n"
	"\tadd NOP src0=p0\n"
	"}\n"
	"END\n"
	"target 0.fma_fmod unk9\n"
	"target 0.fma_fmod unk13\n"
	"input registers distinct 256\n"
	"observe registers 256\n"
	"context add\n"
	"context max op=0x10\n",
	/* Utgard GP: one field of the 128-bit word */
	SAMPLE_UTGARD_GP_FLAGS_PROBE,
};

static ip_word random_value(uint64_t *rng, unsigned width)
{
	ip_word v;
	v.w[0] = test_rand(rng);
	v.w[1] = test_rand(rng);
	if (width < 128)
		v.w[1] &= width <= 64 ? 0 : ip_mask64(width - 64);
	if (width < 64)
		v.w[0] &= ip_mask64(width);
	return v;
}

static int in_targets(const struct ip_afl_layout *l, size_t bit)
{
	for (unsigned f = 0; f < l->nfields; f++)
		if (bit >= l->fields[f].bit && bit < (size_t)l->fields[f].bit + l->fields[f].width)
			return 1;
	return 0;
}

/* Images: what write puts is what read gives back, the slots are the program's words with
 * the value applied (ip_probe_apply), and any bit outside the targets is refused. */
static void test_images(uint64_t *rng)
{
	for (size_t k = 0; k < sizeof probes / sizeof probes[0]; k++) {
		struct ip_probe p;
		struct ip_diag d;
		struct ip_afl_layout l;
		uint8_t *seeds, *img;
		ip_diag_init(&d, "probe");
		if (ip_probe_parse(probes[k], "probe", &p, &d) != 0) {
			CHECK(0, "probe %zu: %s", k, d.msg);
			ip_probe_free(&p);
			continue;
		}
		CHECK(ip_afl_image_layout(&p, &l, &d) == 0, "layout %zu: %s", k, d.msg);
		seeds = malloc(p.ncontexts * l.size);
		img = malloc(l.size + 1);
		for (unsigned c = 0; c < p.ncontexts; c++)
			ip_afl_image_write(&p, &l, c, &p.contexts[c].seed_value, seeds + c * l.size);
		for (unsigned long it = 0; it < test_scaled(2000); it++) {
			unsigned c = (unsigned)(test_rand(rng) % p.ncontexts);
			ip_word v = random_value(rng, p.width);
			struct ip_variant got;
			struct ip_program prog;
			size_t at = IP_AFL_IMAGE_HEADER, bit;
			int same = 1;
			ip_afl_image_write(&p, &l, c, &v, img);
			CHECK(ip_afl_image_read(&l, p.ncontexts, seeds, img, l.size, &got) ==
			          IP_AFL_IMAGE_OK && got.context == c && ip_word_eq(&got.value, &v),
			      "probe %zu: the image does not give its variant back", k);
			ip_probe_copy_program(&prog, &p.contexts[c].prog);
			ip_probe_apply(&p, &prog, &v);
			for (size_t b = 0; b < prog.nbundles; b++)
				for (unsigned s = 0; s < prog.bundles[b].nslots; s++, at += 16) {
					uint8_t w[16];
					ip_word_to_bytes(&prog.bundles[b].slots[s].value, w, 16);
					same &= memcmp(w, img + at, 16) == 0;
				}
			CHECK(same && at == l.size, "probe %zu: image slots are not the program's words", k);
			ip_program_free(&prog);
			/* one bit outside the targets and the header: refused */
			do
				bit = 8 * IP_AFL_IMAGE_HEADER +
				      test_rand(rng) % (8 * (l.size - IP_AFL_IMAGE_HEADER));
			while (in_targets(&l, bit));
			img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
			CHECK(ip_afl_image_read(&l, p.ncontexts, seeds, img, l.size, &got) ==
			          IP_AFL_IMAGE_FOREIGN,
			      "probe %zu: a flipped non-target bit %zu was accepted", k, bit);
			img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		}
		img[3] = (uint8_t)p.ncontexts;
		CHECK(ip_afl_image_read(&l, p.ncontexts, seeds, img, l.size, NULL) ==
		          IP_AFL_IMAGE_CONTEXT, "context past the last");
		img[3] = 0;
		img[2] ^= 1;
		CHECK(ip_afl_image_read(&l, p.ncontexts, seeds, img, l.size, NULL) ==
		          IP_AFL_IMAGE_HEADER_BAD, "bad version");
		img[2] ^= 1;
		CHECK(ip_afl_image_read(&l, p.ncontexts, seeds, img, l.size - 1, NULL) ==
		          IP_AFL_IMAGE_SIZE, "short image");
		free(seeds);
		free(img);
		ip_probe_free(&p);
	}
}

static unsigned emitted;
static void count_emit(void *arg, uint32_t f)
{
	(void)arg;
	(void)f;
	emitted++;
}

static void put_word(uint8_t *b, uint32_t w)
{
	b[0] = (uint8_t)w;
	b[1] = (uint8_t)(w >> 8);
	b[2] = (uint8_t)(w >> 16);
	b[3] = (uint8_t)(w >> 24);
}

/* Classes: the planted words as written in the probe, and functions worked out by hand. */
static void test_classes(void)
{
	static const char text[] = "isa midgard\n"
	                           "program <<END\n"
	                           "ls {\n"
	                           "\tld_attr_32 r0.xyzw, [0].xyzw\n"
	                           "}\n"
	                           "END\n"
	                           "target 0.load_store unk25\n"
	                           "input uniforms words 0x12345678 0x3f800000 0x0000c000 -7\n"
	                           "observe registers 32\n";
	struct ip_probe p;
	struct ip_diag d;
	struct ip_afl_classifier *c = NULL;
	uint8_t base_data[32] = {0}, data[32];
	struct ip_outcome base = {IP_STATUS_OK, 0, base_data, 32}, o = {IP_STATUS_OK, 0, data, 32};
	static const struct {
		uint32_t word;
		enum ip_afl_word_kind kind;
		enum ip_afl_function func;
		uint32_t src;
	} cases[] = {
		{0x12345678, IP_AFL_WORD_PLANTED, IP_AFL_F_IDENTITY, 0},
		{0x3f800000, IP_AFL_WORD_PLANTED, IP_AFL_F_IDENTITY, 1},
		{0x92345678, IP_AFL_WORD_FUNCTION, IP_AFL_F_NEG, 0},
		{0xedcba987, IP_AFL_WORD_FUNCTION, IP_AFL_F_NOT, 0},
		{0x00001234, IP_AFL_WORD_FUNCTION, IP_AFL_F_HI16, 0},
		{0x56781234, IP_AFL_WORD_FUNCTION, IP_AFL_F_SWAP16, 0},
		{0x00003c00, IP_AFL_WORD_FUNCTION, IP_AFL_F_F32_F16, 1}, /* 1.0 as binary16 */
		{0xffffc000, IP_AFL_WORD_FUNCTION, IP_AFL_F_SEXT_LO16, 2},
		{0xc0000000, IP_AFL_WORD_FUNCTION, IP_AFL_F_F16LO_F32, 2}, /* binary16 -2.0 */
		{0xc0e00000, IP_AFL_WORD_FUNCTION, IP_AFL_F_I2F, 3},       /* -7.0f */
		/* 7 = -(-7), but integer negation is not one of the functions */
		{0x00000007, IP_AFL_WORD_NEW, IP_AFL_F_IDENTITY, 1},
		{0xdeadbeef, IP_AFL_WORD_NEW, IP_AFL_F_IDENTITY, 1},
	};
	uint64_t c0, c1, c2, c3, f1, f2;
	ip_diag_init(&d, "classes");
	if (ip_probe_parse(text, "classes", &p, &d) != 0 || ip_afl_classifier_new(&p, &c, &d) != 0) {
		CHECK(0, "%s", d.msg);
		ip_probe_free(&p);
		return;
	}
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		enum ip_afl_word_kind kind;
		enum ip_afl_function func;
		uint32_t src;
		ip_afl_explain_word(c, cases[i].word, &kind, &func, &src);
		CHECK(kind == cases[i].kind && func == cases[i].func && src == cases[i].src,
		      "0x%08x: kind %d func %s src %u, want kind %d func %s src %u", cases[i].word,
		      kind, ip_afl_function_name(func), src, cases[i].kind,
		      ip_afl_function_name(cases[i].func), cases[i].src);
	}
	/* the class: the same changes give the same class, another source or word another */
	memcpy(data, base_data, 32);
	put_word(data + 8, 0x12345678);
	emitted = 0;
	c0 = ip_afl_classify(c, &base, &o, count_emit, NULL);
	CHECK(emitted == 3, "%u features for one changed word (status, word, class)", emitted);
	c1 = ip_afl_classify(c, &base, &o, NULL, NULL);
	CHECK(c0 == c1, "the same outcome, two classes");
	put_word(data + 8, 0x3f800000);
	c2 = ip_afl_classify(c, &base, &o, NULL, NULL);
	CHECK(c2 != c0, "another planted word, the same class");
	put_word(data + 8, 0);
	put_word(data + 12, 0x12345678);
	c3 = ip_afl_classify(c, &base, &o, NULL, NULL);
	CHECK(c3 != c0, "another output word, the same class");
	put_word(data + 12, 0);
	CHECK(ip_afl_classify(c, &base, &o, NULL, NULL) != c0, "no change, the same class");
	/* a new value is a new value whatever it is; a fault's class is its code */
	put_word(data, 0xdeadbeef);
	f1 = ip_afl_classify(c, &base, &o, NULL, NULL);
	put_word(data, 0xfeedface);
	CHECK(ip_afl_classify(c, &base, &o, NULL, NULL) == f1, "two new values, two classes");
	o.status = IP_STATUS_FAULT;
	o.fault = 0x42;
	o.len = 0;
	f1 = ip_afl_classify(c, &base, &o, NULL, NULL);
	o.fault = 0x43;
	f2 = ip_afl_classify(c, &base, &o, NULL, NULL);
	CHECK(f1 != f2, "two fault codes, one class");
	{
		struct ip_afl_class_set set = {0};
		CHECK(ip_afl_class_set_add(&set, c0) == 1 && ip_afl_class_set_add(&set, c0) == 0 &&
		          ip_afl_class_set_add(&set, 0) == 1 && ip_afl_class_set_add(&set, 0) == 0,
		      "class set");
		for (uint64_t i = 1; i <= 5000; i++)
			ip_afl_class_set_add(&set, i * UINT64_C(0x9E3779B97F4A7C15));
		CHECK(ip_afl_class_set_count(&set) == 5002, "%llu classes, want 5002",
		      (unsigned long long)ip_afl_class_set_count(&set));
		ip_afl_class_set_free(&set);
	}
	ip_afl_classifier_free(c);
	ip_probe_free(&p);
}

/* The run log: records in a stream with garbage and a record cut short (its writer killed),
 * fed in chunks of random sizes: every whole record comes out exactly, in order. */
static void test_runlog(uint64_t *rng)
{
	enum { N = 300 };
	static uint8_t datas[N][600];
	struct ip_afl_logrec recs[N];
	uint8_t *stream = malloc((size_t)N * 2000);
	size_t len = 0, got = 0;
	int cut = 0;
	struct ip_afl_log_reader rd = {0};
	for (int i = 0; i < N; i++) {
		struct ip_afl_logrec *r = &recs[i];
		r->context = (uint32_t)(test_rand(rng) % 64);
		r->value_len = 1 + (unsigned)(test_rand(rng) % 16);
		for (unsigned k = 0; k < 16; k++)
			r->value[k] = k < r->value_len ? (uint8_t)test_rand(rng) : 0;
		r->status = (enum ip_status)(test_rand(rng) % IP_STATUS_COUNT);
		r->fault = (uint32_t)test_rand(rng);
		r->len = test_rand(rng) % 3 == 0 ? 0 : (size_t)(test_rand(rng) % 600);
		for (size_t k = 0; k < r->len; k++)
			datas[i][k] = (uint8_t)test_rand(rng);
		r->data = r->len ? datas[i] : NULL;
	}
	for (int i = 0; i < N; i++) {
		if (i % 50 == 7) { /* a record cut short: kept out of what must come back */
			uint8_t tmp[2000];
			ip_afl_log_encode(&recs[i], tmp);
			memcpy(stream + len, tmp, ip_afl_log_size(&recs[i]) / 2);
			len += ip_afl_log_size(&recs[i]) / 2;
			recs[i].value_len = 99; /* marks it */
			cut++;
			continue;
		}
		if (i % 40 == 3) /* garbage, containing a magic */
			memcpy(stream + len, "xxIPR1\x05\0\0\0yy", 12), len += 12;
		ip_afl_log_encode(&recs[i], stream + len);
		len += ip_afl_log_size(&recs[i]);
	}
	for (size_t at = 0; at < len;) {
		size_t k = 1 + test_rand(rng) % 700;
		struct ip_afl_logrec r;
		if (k > len - at)
			k = len - at;
		ip_afl_log_feed(&rd, stream + at, k);
		at += k;
		while (ip_afl_log_next(&rd, &r)) {
			while (got < N && recs[got].value_len == 99)
				got++;
			CHECK(got < N, "more records than written");
			if (got >= N)
				break;
			CHECK(r.context == recs[got].context && r.value_len == recs[got].value_len &&
			          memcmp(r.value, recs[got].value, 16) == 0 &&
			          r.status == recs[got].status && r.fault == recs[got].fault &&
			          r.len == recs[got].len &&
			          (r.len == 0 || memcmp(r.data, recs[got].data, r.len) == 0),
			      "record %zu differs", got);
			got++;
		}
	}
	while (got < N && recs[got].value_len == 99)
		got++;
	CHECK(got == N, "%zu of %d records came back", got, N);
	CHECK(rd.records == (uint64_t)(N - cut) && rd.skipped > 0, "%llu records, %llu skipped",
	      (unsigned long long)rd.records, (unsigned long long)rd.skipped);
	ip_afl_log_reader_free(&rd);
	free(stream);
}

/* The mutator: only the fields' bits ever change, every one of them does, and each move shows
 * up as a queue entry's description. */
static void test_mutator(uint64_t *rng)
{
	enum { SIZE = 52 };
	static const struct { uint32_t bit, width; } fields[] = {{185, 26}, {300, 5}, {408, 3}};
	uint8_t in[SIZE], add[SIZE], changed[SIZE] = {0}, mask[SIZE] = {0};
	unsigned long calls = test_scaled(200000);
	unsigned seen_moves = 0;
	void *m;
	setenv("ISAPROBE_AFL_FIELDS", "185:26,300:5,408:3", 1);
	m = afl_custom_init(NULL, 7);
	CHECK(m != NULL, "init");
	if (!m)
		return;
	for (size_t f = 0; f < 3; f++)
		for (uint32_t b = fields[f].bit; b < fields[f].bit + fields[f].width; b++)
			mask[b / 8] |= (uint8_t)(1u << (b % 8));
	for (size_t i = 0; i < SIZE; i++)
		in[i] = (uint8_t)test_rand(rng);
	for (unsigned long i = 0; i < calls; i++) {
		uint8_t *out = NULL;
		size_t n;
		const char *what;
		if (i % 97 == 0) /* another queue entry: same non-target bits, other target bits */
			for (size_t k = 0; k < SIZE; k++)
				in[k] = (uint8_t)((in[k] & ~mask[k]) | (test_rand(rng) & mask[k]));
		for (size_t k = 0; k < SIZE; k++)
			add[k] = (uint8_t)test_rand(rng);
		n = afl_custom_fuzz(m, in, SIZE, &out, i % 3 ? add : NULL, SIZE, 1 << 20);
		CHECK(n == SIZE && out != NULL, "size %zu", n);
		for (size_t k = 0; k < SIZE; k++) {
			uint8_t x = (uint8_t)(out[k] ^ in[k]);
			if (x & ~mask[k]) {
				CHECK(0, "call %lu changed non-target bits 0x%02x of byte %zu", i,
				      x & ~mask[k], k);
				i = calls;
				break;
			}
			changed[k] |= x;
		}
		what = afl_custom_describe(m, 64);
		for (unsigned mv = 0; mv < M_COUNT; mv++)
			if (strcmp(what, move_names[mv]) == 0)
				seen_moves |= 1u << mv;
	}
	CHECK(memcmp(changed, mask, SIZE) == 0, "not every target bit was ever changed");
	CHECK(seen_moves == (1u << M_COUNT) - 1, "moves seen: 0x%x", seen_moves);
	/* a test case too short for the fields is left alone */
	{
		uint8_t *out = NULL;
		CHECK(afl_custom_fuzz(m, in, 20, &out, NULL, 0, 1 << 20) == 20 &&
		          memcmp(out, in, 20) == 0,
		      "a short test case was changed");
	}
	afl_custom_deinit(m);
	setenv("ISAPROBE_AFL_FIELDS", "185:26,x", 1);
	CHECK(afl_custom_init(NULL, 1) == NULL, "bad ISAPROBE_AFL_FIELDS accepted");
}

int main(void)
{
	uint64_t rng = test_seed(0xAF1);
	test_images(&rng);
	test_classes();
	test_runlog(&rng);
	test_mutator(&rng);
	return check_report("test_afl_engine");
}

/* test_midgard_sim_control.c: control flow on the Midgard simulator: both compact branch forms
 * taken and not taken, next-type rules, the instruction budget, and faults with their codes. */
#include "midgard_sim_util.h"

/* r23 = (1.5, ...), r22 = (2, ...) */
static const float U[] = {1.5f, -2.0f, 4.0f, 0.25f, 2.0f, 3.0f, -4.0f, 0.5f};

static void setup(struct sim_io *io)
{
	memset(io, 0, sizeof *io);
	io->uniforms = U;
	io->nuniforms = 8;
	io->uniform_regs = 2;
}

/* Word 0 sets r31.w and branches over word 1 (one quadword) to word 2 when taken. */
static const char cond_prog[] =
	"alu {\n"
	"\tsadd.%s r31.w, r23.x, r22.x\n"
	"\tvmul.fmov r0, r24.xyzw, #1.0\n"
	"\tcbr.br %s, alu4, 1\n"
	"}\n"
	"alu {\n\tvmul.fmov r1, r24.xyzw, #2.0\n}\n"
	"alu {\n\tvmul.fmov r2, r24.xyzw, #3.0\n}\n"
	"ls {\n\tnoop\n}\n";

static void conditional(const char *cmp, const char *cond, int taken)
{
	struct sim_io io;
	char src[512];
	setup(&io);
	snprintf(src, sizeof src, cond_prog, cmp, cond);
	sim_run(src, &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 1.0);
	CHECK_F(&io, 1, 0, taken ? 0.0 : 2.0);
	CHECK_F(&io, 2, 0, 3.0);
	CHECK(io.res.steps == (taken ? 3u : 4u), "%s/%s: %llu steps", cmp, cond,
	      (unsigned long long)io.res.steps);
}

static void branches(void)
{
	/* flt(1.5, 2) is true, fle... flt(2 < 1.5) false via feq */
	conditional("flt", "true", 1);
	conditional("flt", "false", 0);
	conditional("feq", "true", 0);
	conditional("feq", "false", 1);
}

static void unconditional(void)
{
	struct sim_io io;
	setup(&io);
	sim_run("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n\tcbr.jmp alu4, 1\n}\n"
	        "alu {\n\tvmul.fmov r1, r24.xyzw, #2.0\n}\n"
	        "alu {\n\tvmul.fmov r2, r24.xyzw, #3.0\n}\n"
	        "ls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 1, 0, 0.0);
	CHECK_F(&io, 2, 0, 3.0);
	/* offset 0: continues with the next word */
	setup(&io);
	sim_run("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n\tcbr.jmp alu4, 0\n}\n"
	        "alu {\n\tvmul.fmov r1, r24.xyzw, #2.0\n}\n"
	        "ls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 1, 0, 2.0);
}

static void endless_loop(void)
{
	struct sim_io io;
	/* the word (two quadwords) branches back to itself for ever */
	setup(&io);
	io.budget = 1000;
	sim_run("alu {\n\tsadd.feq r31.w, r23.x, r23.x\n\tvmul.fmov r0, r24.xyzw, #1.0\n"
	        "\tcbr.br true, alu8, -2\n}\nls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_TIMEOUT);
	CHECK(io.res.steps == 1000, "%llu steps", (unsigned long long)io.res.steps);
	CHECK(io.res.where == 0, "where %u", io.res.where);
	/* default budget */
	setup(&io);
	sim_run("alu {\n\tsadd.feq r31.w, r23.x, r23.x\n\tvmul.fmov r0, r24.xyzw, #1.0\n"
	        "\tcbr.br true, alu8, -2\n}\nls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_TIMEOUT);
}

static void next_type_rules(void)
{
	struct sim_io io;
	/* the notes' rule: second-to-last before a final ALU word announces "end": the last word
	 * runs only when branched to */
	setup(&io);
	sim_run("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n}\nalu {\n\tvmul.fmov r1, r24.xyzw, #2.0\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 1, 0, 0.0);
	CHECK(io.res.steps == 1, "%llu steps", (unsigned long long)io.res.steps);
	/* an announced type that is not the next word's: INSTR_TYPE_MISMATCH */
	setup(&io);
	sim_run("alu next=ls {\n\tvmul.fmov r0, r24.xyzw, #1.0\n}\nalu {\n\tvmul.fmov r1, r24.xyzw, #2.0\n}\n"
	        "ls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_FAULT);
	CHECK(io.res.fault == 0x52, "fault 0x%x", io.res.fault);
	CHECK(io.res.where == 16, "where %u", io.res.where);
	/* running past the end of the code: INSTR_INVALID_PC */
	setup(&io);
	sim_run("ls next=alu4 {\n\tnoop\n}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_FAULT);
	CHECK(io.res.fault == 0x50, "fault 0x%x", io.res.fault);
	/* a branch whose target type is wrong, and one out of the code */
	setup(&io);
	sim_run("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n\tcbr.jmp ls, 0\n}\n"
	        "alu {\n\tvmul.fmov r1, r24.xyzw, #2.0\n}\nls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_FAULT);
	CHECK(io.res.fault == 0x52, "fault 0x%x", io.res.fault);
	setup(&io);
	sim_run("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n\tcbr.jmp alu4, 100\n}\nls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_FAULT);
	CHECK(io.res.fault == 0x50, "fault 0x%x", io.res.fault);
}

static void invalid_encodings(void)
{
	struct sim_io io;
	uint8_t *bin;
	size_t len;
	/* instruction word type 0 (Mesa: TAG_INVALID): INSTR_INVALID_ENC */
	if (sim_assemble("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n}\n", &bin, &len) != 0)
		return;
	bin[0] &= 0xF0;
	setup(&io);
	sim_run_bin(bin, len, &io);
	CHECK_STATUS(&io, IP_STATUS_FAULT);
	CHECK(io.res.fault == 0x51, "fault 0x%x", io.res.fault);
	/* type 0xC (an "upper" ALU type): invalid on T604/T628/T760, a write-out word on T860 */
	bin[0] = (uint8_t)((bin[0] & 0xF0) | 0xC);
	setup(&io);
	io.gpu = "t604";
	sim_run_bin(bin, len, &io);
	CHECK_STATUS(&io, IP_STATUS_FAULT);
	CHECK(io.res.fault == 0x51, "fault 0x%x", io.res.fault);
	setup(&io);
	io.gpu = "t760";
	sim_run_bin(bin, len, &io);
	CHECK(io.res.fault == 0x51, "t760 fault 0x%x", io.res.fault);
	setup(&io);
	io.gpu = "t860";
	sim_run_bin(bin, len, &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	free(bin);
	/* texture words are not modeled */
	setup(&io);
	sim_run("tex {}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	/* an unknown GPU model cannot be opened */
	setup(&io);
	io.gpu = "g71";
	sim_run("ls {\n\tnoop\n}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_RUNNER_ERROR);
}

static void invocations(void)
{
	struct sim_io io;
	setup(&io);
	io.invocations = 3;
	sim_run("alu {\n\tvmul.fmov r0, r24.xyzw, #1.0\n}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK(io.res.steps == 3, "%llu steps", (unsigned long long)io.res.steps);
	CHECK(sim_u32(&io.regs[2][0]) == 0x3F800000, "invocation 2 r0.x");
}

static void models(void)
{
	static const char *const names[] = {"t604", "t628", "t760", "t860"};
	struct ip_runner *r;
	struct ip_runner_config cfg = {"midgard", NULL, NULL};
	struct ip_diag d;
	ip_diag_init(&d, NULL);
	CHECK(ip_runner_open("sim", &cfg, &r, &d) == 0, "open: %s", d.msg);
	CHECK(strcmp(ip_runner_model(r), "t760") == 0, "default model %s", ip_runner_model(r));
	ip_runner_close(r);
	for (unsigned i = 0; i < 4; i++) {
		cfg.gpu = names[i];
		CHECK(ip_runner_open("sim", &cfg, &r, &d) == 0, "open %s: %s", names[i], d.msg);
		CHECK(strcmp(ip_runner_model(r), names[i]) == 0, "model %s", ip_runner_model(r));
		ip_runner_close(r);
	}
	/* the same program behaves the same on every model */
	for (unsigned i = 0; i < 4; i++) {
		struct sim_io io;
		setup(&io);
		io.gpu = names[i];
		sim_run("alu {\n\tvmul.fadd r0, r23.xyzw, r22.xyzw\n}\n", &io);
		CHECK_STATUS(&io, IP_STATUS_OK);
		CHECK_F(&io, 0, 0, 3.5);
	}
}

static void pipeline_and_unknown_bits(void)
{
	struct sim_io io;
	/* r24 written by vmul, read by vadd in the same word */
	setup(&io);
	sim_run("alu {\n\tvmul.fmul r24, r23.xyzw, r22.xyzw\n\tvadd.fadd r0, r24.xyzw, #1.0\n}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
	CHECK_F(&io, 0, 0, 4.0);
	/* ... but not from an earlier word */
	setup(&io);
	sim_run("alu {\n\tvmul.fmul r24, r23.xyzw, r22.xyzw\n}\nalu {\n\tvadd.fadd r0, r24.xyzw, #1.0\n}\n"
	        "ls {\n\tnoop\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	/* bits the notes call unknown, in the control word and the scalar field */
	setup(&io);
	sim_run("alu unk18=1 {\n\tvmul.fadd r0, r23.xyzw, r22.xyzw\n}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	setup(&io);
	sim_run("alu {\n\tsadd.fadd r0.x, r23.x, r22.x unk25=1\n}\n", &io);
	CHECK_STATUS(&io, IP_STATUS_UNMODELED);
	/* a word that never runs does not matter */
	setup(&io);
	sim_run("alu {\n\tvmul.fadd r0, r23.xyzw, r22.xyzw\n}\nalu unk18=1 {\n\tvmul.fadd r1, r23.xyzw, r22.xyzw\n}\n",
	        &io);
	CHECK_STATUS(&io, IP_STATUS_OK);
}

int main(void)
{
	models();
	pipeline_and_unknown_bits();
	branches();
	unconditional();
	endless_loop();
	next_type_rules();
	invalid_encodings();
	invocations();
	return check_report("test_midgard_sim_control");
}

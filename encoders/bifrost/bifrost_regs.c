/* bifrost_regs.c: what a register field reads and writes (both clause encodings, the port-1 and
 * port-3 control tricks, the 63/31 swap) and the notes' encoding algorithm; the uniform/const port. */
#include <pthread.h>

#include "bifrost.h"

/* Field lookups, once: the tables own every position. */
struct reg_fields {
	const struct ip_field *uc_sel, *port0, *port1, *port2, *port3, *ctrl;
	const struct ip_field *port0_hi, *port0_off, *ctrl1;           /* 32-bit */
	const struct ip_field *port1_ctl, *port3_ctl, *unk32;          /* 64-bit */
};

static struct reg_fields f32, f64;
static pthread_once_t fields_once = PTHREAD_ONCE_INIT;

/* Looks the fields up once; campaign workers decode in parallel, hence pthread_once. */
static void lookup_fields(void)
{
	f32.uc_sel = ip_format_field(&bifrost_reg32, "uc_sel");
	f32.port0 = ip_format_field(&bifrost_reg32, "port0");
	f32.port1 = ip_format_field(&bifrost_reg32, "port1");
	f32.port2 = ip_format_field(&bifrost_reg32, "port2");
	f32.port3 = ip_format_field(&bifrost_reg32, "port3");
	f32.ctrl = ip_format_field(&bifrost_reg32, "ctrl");
	f32.port0_hi = ip_format_field(&bifrost_reg32, "port0_hi");
	f32.port0_off = ip_format_field(&bifrost_reg32, "port0_off");
	f32.ctrl1 = ip_format_field(&bifrost_reg32, "ctrl1");
	f64.uc_sel = ip_format_field(&bifrost_reg64, "uc_sel");
	f64.port0 = ip_format_field(&bifrost_reg64, "port0");
	f64.port1 = ip_format_field(&bifrost_reg64, "port1");
	f64.port2 = ip_format_field(&bifrost_reg64, "port2");
	f64.port3 = ip_format_field(&bifrost_reg64, "port3");
	f64.ctrl = ip_format_field(&bifrost_reg64, "ctrl64");
	f64.port1_ctl = ip_format_field(&bifrost_reg64, "port1_ctl");
	f64.port3_ctl = ip_format_field(&bifrost_reg64, "port3_ctl");
	f64.unk32 = ip_format_field(&bifrost_reg64, "unk32");
}

static void init_fields(void)
{
	pthread_once(&fields_once, lookup_fields);
}

#define G(f) ((unsigned)ip_field_get(f, w))

/* ---- 32-bit clauses (Mesa's register modes) ------------------------------------------------
 * Mode -> (port 2, port 3, port 3 writes FMA): Mesa's bifrost_reg_ctrl_lut, restated. Port 2
 * writes are always the FMA result. 0, 25 and 28-31 are reserved. */
enum { SL_I, SL_R, SL_W, SL_WL, SL_WH }; /* idle, read, write, write low half, write high half */
static const struct {
	uint8_t slot2, slot3, slot3_fma;
	const char *name;
} modes[32] = {
	[1] = {SL_R, SL_WL, 1, "R_WL_FMA"},    [2] = {SL_R, SL_WH, 1, "R_WH_FMA"},
	[3] = {SL_R, SL_W, 1, "R_W_FMA"},      [4] = {SL_R, SL_WL, 0, "R_WL_ADD"},
	[5] = {SL_R, SL_WH, 0, "R_WH_ADD"},    [6] = {SL_R, SL_W, 0, "R_W_ADD"},
	[7] = {SL_WL, SL_WL, 0, "WL_WL_ADD"},  [8] = {SL_WL, SL_WH, 0, "WL_WH_ADD"},
	[9] = {SL_WL, SL_W, 0, "WL_W_ADD"},    [10] = {SL_WH, SL_WL, 0, "WH_WL_ADD"},
	[11] = {SL_WH, SL_WH, 0, "WH_WH_ADD"}, [12] = {SL_WH, SL_W, 0, "WH_W_ADD"},
	[13] = {SL_W, SL_WL, 0, "W_WL_ADD"},   [14] = {SL_W, SL_WH, 0, "W_WH_ADD"},
	[15] = {SL_W, SL_W, 0, "W_W_ADD"},     [16] = {SL_I, SL_I, 1, "IDLE_1"},
	[17] = {SL_I, SL_W, 1, "I_W_FMA"},     [18] = {SL_I, SL_WL, 1, "I_WL_FMA"},
	[19] = {SL_I, SL_WH, 1, "I_WH_FMA"},   [20] = {SL_R, SL_I, 0, "R_I"},
	[21] = {SL_I, SL_W, 0, "I_W_ADD"},     [22] = {SL_I, SL_WL, 0, "I_WL_ADD"},
	[23] = {SL_I, SL_WH, 0, "I_WH_ADD"},   [24] = {SL_WL, SL_WH, 0, "WL_WH_MIX"},
	[26] = {SL_WH, SL_WL, 0, "WH_WL_MIX"}, [27] = {SL_I, SL_I, 1, "IDLE"},
};

const char *bifrost_reg_mode_name(unsigned mode)
{
	return mode < 32 ? modes[mode].name : NULL;
}

static void set_write(struct bifrost_reg_access *a, unsigned p, unsigned op, int fma)
{
	a->use[p] = fma ? BIFROST_PORT_WFMA : BIFROST_PORT_WADD;
	a->half[p] = (uint8_t)(op == SL_WL ? BIFROST_WRITE_LO : op == SL_WH ? BIFROST_WRITE_HI
	                                                              : BIFROST_WRITE_FULL);
}

static struct bifrost_reg_access decode32(const ip_word *w, int first)
{
	struct bifrost_reg_access a = {{BIFROST_PORT_OFF}, {0}, {0}, 0, 1, 0};
	unsigned ctrl = G(f32.ctrl), c, mode;
	a.reg[2] = G(f32.port2);
	a.reg[3] = G(f32.port3);
	if (ctrl == 0) {
		c = G(f32.ctrl1);
		if (!G(f32.port0_off)) {
			a.use[0] = BIFROST_PORT_READ;
			a.reg[0] = G(f32.port0) | G(f32.port0_hi) << 5;
		}
	} else {
		unsigned p0 = G(f32.port0), p1 = G(f32.port1);
		c = ctrl;
		a.use[0] = a.use[1] = BIFROST_PORT_READ;
		a.reg[0] = p0 <= p1 ? p0 : 63 - p0;
		a.reg[1] = p0 <= p1 ? p1 : 63 - p1;
	}
	/* the context: first instruction, or port 2 == port 3 */
	mode = first ? (c & 7) | (c & 8) << 1 : a.reg[2] == a.reg[3] ? c + 16 : c;
	a.mode = mode;
	if (!modes[mode].name) {
		a.valid = 0;
		return a;
	}
	if (modes[mode].slot2 == SL_R)
		a.use[2] = BIFROST_PORT_READ;
	else if (modes[mode].slot2 != SL_I)
		set_write(&a, 2, modes[mode].slot2, 1);
	if (modes[mode].slot3 != SL_I)
		set_write(&a, 3, modes[mode].slot3, modes[mode].slot3_fma);
	a.invalid_enc = first && a.reg[2] != a.reg[3] &&
	                !(modes[mode].slot2 != SL_I && modes[mode].slot3 != SL_I);
	return a;
}

static void set(const struct ip_field *f, ip_word *w, unsigned v)
{
	ip_field_set(f, w, v);
}

int bifrost_reg32_encode(ip_word *w, const unsigned *reads_in, unsigned nreads, int wfma,
                         int wadd, int first)
{
	unsigned slot2 = SL_I, slot3 = SL_I, fma3 = 0, mode, ctrl, p2 = 0, p3 = 0, reads[3];
	int p2read = nreads == 3, same;
	init_fields();
	for (unsigned i = 0; i < nreads && i < 3; i++)
		reads[i] = reads_in[i];
	if (nreads > 3 || (p2read && wfma >= 0 && wadd >= 0))
		return -1;
	/* writes: ADD to port 3, FMA to port 2 when port 3 is taken, else port 3 (bi_assign_slots) */
	if (wadd >= 0) {
		slot3 = SL_W;
		p3 = (unsigned)wadd;
	}
	if (wfma >= 0 && slot3 == SL_W) {
		slot2 = SL_W;
		p2 = (unsigned)wfma;
	} else if (wfma >= 0) {
		slot3 = SL_W;
		fma3 = 1;
		p3 = (unsigned)wfma;
	}
	if (p2read) {
		/* port 2 reads the third register; but where port 3 writes that one (no mode reads
		 * and writes one register through ports 2 and 3 outside the first instruction), it
		 * reads through port 0 or 1 and port 2 takes another: Mesa assigns ports 0 and 1 to
		 * the first registers read in source order, so a register also written is one of
		 * them (bi_assign_slot_read) */
		if (!first && slot3 != SL_I && reads[2] == p3)
			for (unsigned i = 0; i < 2; i++)
				if (reads[i] != p3) {
					reads[2] = reads[i];
					reads[i] = p3;
					break;
				}
		slot2 = SL_R;
		p2 = reads[2];
	}
	if (slot2 == SL_I && slot3 == SL_I) {
		mode = first ? 16 : 27; /* IDLE_1 / IDLE */
	} else {
		for (mode = 1; mode < 32; mode++)
			if (modes[mode].name && modes[mode].slot2 == slot2 && modes[mode].slot3 == slot3 &&
			    (slot3 == SL_I || modes[mode].slot3_fma == fma3) && mode != 16 && mode != 27)
				break;
		if (mode == 32)
			return -1;
	}
	if (first) {
		if (mode & 8)
			return -1; /* both results written at the end of the clause: no encoding */
		ctrl = (mode & 7) | (mode & 16) >> 1;
		same = !(slot2 != SL_I && slot3 != SL_I); /* else the hardware raises INSTR_INVALID_ENC */
	} else {
		ctrl = mode & 15;
		same = (mode & 16) != 0;
	}
	if (same) {
		if (slot2 != SL_I && slot3 != SL_I && p2 != p3)
			return -1;
		if (slot2 != SL_I)
			p3 = p2;
		else
			p2 = p3;
	} else if (!first && p2 == p3) {
		return -1; /* port 2 reading and port 3 writing one register: no encoding */
	}
	set(f32.port2, w, p2);
	set(f32.port3, w, p3);
	if (nreads >= 2 && reads[0] != reads[1]) {
		unsigned a = reads[0] < reads[1] ? reads[0] : reads[1];
		unsigned b = reads[0] < reads[1] ? reads[1] : reads[0];
		if (a >= 32) {
			a = 63 - a;
			b = 63 - b;
		}
		set(f32.ctrl, w, ctrl);
		set(f32.port0, w, a);
		set(f32.port1, w, b);
		return 0;
	}
	if (nreads == 3)
		return -1; /* a repeated register with a third one: read it through port 2 instead */
	if (ctrl == 0)
		return -1; /* control 0 in port 1 would mean "control in port 1" again */
	set(f32.ctrl, w, 0);
	set(f32.ctrl1, w, ctrl);
	set(f32.port0_off, w, nreads == 0);
	set(f32.port0, w, nreads ? reads[0] & 31 : 0);
	set(f32.port0_hi, w, nreads ? reads[0] >> 5 : 0);
	return 0;
}

/* ---- 64-bit clauses ---------------------------------------------------------------------- */
/* One control value of the notes' table: what it says of each port (NS: not said; CT: the
 * port holds a control value, so it neither reads nor writes). */
struct ctl64 {
	uint8_t value;
	char where; /* 'm' main, '1' port 1, '3' port 3 */
	int8_t use[4];
	uint8_t plus16;
};
#define NS (-1)
#define CT 4
#define R BIFROST_PORT_READ
#define OFF BIFROST_PORT_OFF
#define WF BIFROST_PORT_WFMA
#define WA BIFROST_PORT_WADD
static const struct ctl64 ctl64_table[] = {
	{0, '1', {R, CT, WF, WA}, 1},
	{2, '3', {NS, NS, WA, CT}, 0},
	{3, '1', {OFF, CT, WF, WA}, 0},
	{6, '3', {NS, NS, WF, CT}, 0},
	{7, '3', {NS, NS, OFF, CT}, 0},
	{8, 'm', {R, R, WF, WA}, 0},
	{10, '3', {NS, NS, R, CT}, 0},
	{12, '1', {R, CT, NS, CT}, 1},
	{15, '1', {OFF, CT, NS, CT}, 0},
	{17, 'm', {R, R, R, WA}, 0},
	{26, 'm', {R, R, R, WF}, 0},
	{27, 'm', {R, R, NS, CT}, 0},
	{29, 'm', {NS, CT, WF, WA}, 0},
	{31, 'm', {NS, CT, NS, CT}, 0},
};

static const struct ctl64 *find_ctl64(unsigned v, char where)
{
	for (unsigned i = 0; i < IP_COUNT(ctl64_table); i++)
		if (ctl64_table[i].value == v && ctl64_table[i].where == where)
			return &ctl64_table[i];
	return NULL;
}

/* Fills in what a control value says; fails on a clash or a missing control. */
static int apply_ctl(int *use, const struct ctl64 *c, int *plus16)
{
	if (!c)
		return -1;
	for (unsigned p = 0; p < 4; p++) {
		if (c->use[p] == NS)
			continue;
		if (use[p] != NS && use[p] != c->use[p])
			return -1;
		use[p] = c->use[p];
	}
	*plus16 |= c->plus16;
	return 0;
}

static struct bifrost_reg_access decode64(const ip_word *w)
{
	struct bifrost_reg_access a = {{BIFROST_PORT_OFF}, {0}, {0}, 0, 1, 0};
	int use[4] = {NS, NS, NS, NS}, plus16 = 0;
	unsigned main = G(f64.ctrl), p0 = G(f64.port0);
	if (apply_ctl(use, find_ctl64(main, 'm'), &plus16) != 0) {
		a.valid = 0;
		return a;
	}
	if (main == 29 || main == 31)
		a.valid &= apply_ctl(use, find_ctl64(G(f64.port1_ctl), '1'), &plus16) == 0;
	if (main == 27 || main == 31)
		a.valid &= apply_ctl(use, find_ctl64(G(f64.port3_ctl), '3'), &plus16) == 0;
	for (unsigned p = 0; p < 4; p++) {
		a.valid &= use[p] != NS;
		a.use[p] = use[p] == NS || use[p] == CT ? BIFROST_PORT_OFF : (enum bifrost_port_use)use[p];
	}
	if (a.use[1] == BIFROST_PORT_READ) {
		unsigned p1 = G(f64.port1);
		if (p0 == p1) {
			a.use[1] = BIFROST_PORT_OFF; /* equal: only port 0 reads */
			a.reg[0] = 2 * p0;
		} else {
			a.reg[0] = 2 * (p0 < p1 ? p0 : 31 - p0);
			a.reg[1] = 2 * (p0 < p1 ? p1 : 31 - p1);
		}
	} else {
		a.reg[0] = 2 * (p0 + (plus16 ? 16 : 0));
	}
	a.reg[2] = 2 * G(f64.port2);
	if (main != 27 && main != 31)
		a.reg[3] = 2 * G(f64.port3);
	return a;
}

int bifrost_reg64_encode(ip_word *w, const unsigned *reads, unsigned nreads, int wfma, int wadd)
{
	enum bifrost_port_use p2 = BIFROST_PORT_OFF, p3 = BIFROST_PORT_OFF;
	unsigned r[3], main, p3ctl = 7;
	int nwrites = (wfma >= 0) + (wadd >= 0);
	init_fields();
	if (nreads > 3 || (nreads == 3 && nwrites == 2))
		return -1;
	for (unsigned i = 0; i < nreads; i++) {
		if (reads[i] % 2 || reads[i] > 62)
			return -1;
		r[i] = reads[i] / 2;
	}
	if ((wfma >= 0 && wfma % 2) || (wadd >= 0 && wadd % 2))
		return -1;
	/* writes: both -> port 2 FMA, port 3 ADD; one -> port 2 unless port 2 reads */
	if (nreads == 3) {
		p2 = BIFROST_PORT_READ;
		set(f64.port2, w, r[2]);
		if (nwrites) {
			p3 = wfma >= 0 ? BIFROST_PORT_WFMA : BIFROST_PORT_WADD;
			set(f64.port3, w, (unsigned)(wfma >= 0 ? wfma : wadd) / 2);
		}
	} else if (nwrites == 2) {
		p2 = BIFROST_PORT_WFMA;
		p3 = BIFROST_PORT_WADD;
		set(f64.port2, w, (unsigned)wfma / 2);
		set(f64.port3, w, (unsigned)wadd / 2);
	} else if (nwrites == 1) {
		p2 = wfma >= 0 ? BIFROST_PORT_WFMA : BIFROST_PORT_WADD;
		set(f64.port2, w, (unsigned)(wfma >= 0 ? wfma : wadd) / 2);
	} else {
		set(f64.port2, w, 0);
	}
	if (nreads == 1 && r[0] <= 15) {
		r[1] = r[0]; /* port 0 == port 1: only port 0 reads */
		nreads = 2;
	}
	if (nreads >= 2) {
		unsigned a = r[0] < r[1] ? r[0] : r[1], b = r[0] < r[1] ? r[1] : r[0];
		if (a >= 16) {
			a = 31 - a;
			b = 31 - b;
		}
		if (a == b && r[0] != r[1])
			return -1;
		set(f64.port0, w, a);
		set(f64.port1, w, b);
		if (p3 == BIFROST_PORT_OFF)
			main = 27;
		else if (p2 == BIFROST_PORT_READ)
			main = p3 == BIFROST_PORT_WADD ? 17 : 26;
		else
			main = 8;
	} else {
		main = nwrites == 2 ? 29 : 31;
		if (nreads == 1) {
			set(f64.port0, w, r[0] - 16);
			set(f64.port1_ctl, w, nwrites == 2 ? 0 : 12);
		} else {
			set(f64.port0, w, 0);
			set(f64.port1_ctl, w, nwrites == 2 ? 3 : 15);
		}
	}
	if (main == 27 || main == 31) {
		if (p2 == BIFROST_PORT_READ)
			p3ctl = 10;
		else if (p2 == BIFROST_PORT_WADD)
			p3ctl = 2;
		else if (p2 == BIFROST_PORT_WFMA)
			p3ctl = 6;
		set(f64.port3_ctl, w, p3ctl);
	}
	set(f64.ctrl, w, main);
	set(f64.unk32, w, 7);
	return 0;
}

struct bifrost_reg_access bifrost_reg_decode(const struct ip_format *fmt, const ip_word *w,
                                             int first)
{
	init_fields();
	return fmt == &bifrost_reg64 ? decode64(w) : decode32(w, first);
}

/* ---- uniform/const port ------------------------------------------------------------------ */
/* Selector (bits 4-6 when bit 7 is clear) -> constant slot: 4..7 -> 0..3, 2..3 -> 4..5. */
static const int8_t sel_slot[8] = {-1, -1, 4, 5, 0, 1, 2, 3};

struct bifrost_uc bifrost_uc_decode(unsigned uc)
{
	struct bifrost_uc u = {BIFROST_UC_SPECIAL, uc & 0x1F, 0};
	if (uc & 0x80) {
		u.kind = BIFROST_UC_UNIFORM;
		u.index = uc & 0x7F;
	} else if (sel_slot[(uc >> 4) & 7] >= 0) {
		u.kind = BIFROST_UC_CONST;
		u.index = (unsigned)sel_slot[(uc >> 4) & 7];
		u.lo4 = uc & 0xF;
	}
	return u;
}

unsigned bifrost_reg_uc(const struct ip_format *fmt, const ip_word *w)
{
	const struct ip_field *sel = ip_format_field(fmt, "uc_sel"), *lo = NULL;
	static const char *const lows[] = {"special", "special1", "const_lo", "uniform_lo"};
	for (unsigned i = 0; i < IP_COUNT(lows) && !lo; i++)
		lo = ip_format_active_field(fmt, lows[i], w, NULL);
	return (unsigned)(ip_field_get(sel, w) << lo->width | ip_field_get(lo, w));
}

int bifrost_uc_const(unsigned slot, unsigned lo4)
{
	for (unsigned s = 0; s < 8; s++)
		if (sel_slot[s] == (int)slot && lo4 < 16)
			return (int)(s << 4 | lo4);
	return -1;
}

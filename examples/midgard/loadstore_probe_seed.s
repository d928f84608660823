; A seed program of the kind the load/store probes start from: load an attribute, do some
; arithmetic, store a varying. Bits 25-50 of each load/store instruction are what gets probed.
ls {
	ld_attr_32 r0.xyzw, [0].xyzw
	ld_uniform_32 r1.xyzw, [1].xyzw
}
alu {
	vmul.fmul r2.xyzw, r0.xyzw, r1.xyzw
	sadd.fadd r31.w, r0.x, #0.5
	vadd.fadd r3.xyzw, r2.xyzw, -abs(r1).wzyx
	const 1.0, 2.0, 3.0, 4.0
}
alu {
	lut.frcp r4.x, r3.xxxx, r3.xxxx
	cbr.br true, ls, 0
}
ls {
	st_vary_32 r3.xyzw, [0].xyzw
	st_vary_32 r4.x, [1].xxxx unk25=0x3
}

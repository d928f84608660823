/* bifrost_public_isa.h: the FMA and ADD encodings of Mesa's Bifrost ISA.xml as parts of the
 * public overlay, written by bifrost_public_isa.py from src/panfrost/compiler/ISA.xml; included
 * once, by bifrost_public.c (BIFROST_ISA_PARTS lists the parts). */
#ifndef BIFROST_PUBLIC_ISA_H
#define BIFROST_PUBLIC_ISA_H

#define BI_F(n, lo, w, k, e, note) {n, lo, w, IP_KIND_##k, IP_DOC_UNKNOWN, e, 0, {{0, 0}, {0, 0}}, note}
#define BI_L(var, bits, fields) static const struct ip_format var = {"bifrost", #var, "an ISA.xml encoding", bits, fields, IP_COUNT(fields), NULL, "Mesa src/panfrost/compiler/ISA.xml"}

static const struct ip_enum e0[] = {{0, "b0", NULL}, {1, "b1", NULL}, {2, "b2", NULL}, {3, "b3", NULL}, {0, NULL, NULL}};
static const struct ip_enum e1[] = {{0, "lanes2=b00", NULL}, {1, "lanes2=b11", NULL}, {2, "lanes2=b22", NULL}, {3, "lanes2=b33", NULL}, {0, NULL, NULL}};
static const struct ip_enum e2[] = {{1, "lanes2=b01", NULL}, {2, "lanes2=b23", NULL}, {3, "lanes2=b02", NULL}, {0, NULL, NULL}};
static const struct ip_enum e3[] = {{0, "lanes2=b0000", NULL}, {1, "lanes2=b1111", NULL}, {2, "lanes2=b2222", NULL}, {3, "lanes2=b3333", NULL}, {0, NULL, NULL}};
static const struct ip_enum e4[] = {{0, "none", NULL}, {1, "bytes2", NULL}, {0, NULL, NULL}};
static const struct ip_enum e5[] = {{0, "b0", NULL}, {1, "b2", NULL}, {0, NULL, NULL}};
static const struct ip_enum e6[] = {{0, "w0", NULL}, {1, "w1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e7[] = {{2, "aadd", NULL}, {8, "asmin", NULL}, {9, "asmax", NULL}, {10, "aumin", NULL}, {11, "aumax", NULL}, {12, "aand", NULL}, {13, "aor", NULL}, {14, "axor", NULL}, {0, NULL, NULL}};
static const struct ip_enum e8[] = {{0, "aaddu", NULL}, {1, "aadds", NULL}, {2, "aadd", NULL}, {8, "asmin", NULL}, {9, "asmax", NULL}, {10, "aumin", NULL}, {11, "aumax", NULL}, {12, "aand", NULL}, {13, "aor", NULL}, {14, "axor", NULL}, {0, NULL, NULL}};
static const struct ip_enum e9[] = {{0, "ainc", NULL}, {1, "adec", NULL}, {2, "aumax1", NULL}, {3, "asmax1", NULL}, {4, "aor1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e10[] = {{0, "none", NULL}, {1, "mask", NULL}, {0, NULL, NULL}};
static const struct ip_enum e11[] = {{0, "h00", NULL}, {1, "h10", NULL}, {2, "h01", NULL}, {3, "h11", NULL}, {0, NULL, NULL}};
static const struct ip_enum e12[] = {{0, "cmpf=eq", NULL}, {1, "cmpf=gt", NULL}, {2, "cmpf=ge", NULL}, {0, NULL, NULL}};
static const struct ip_enum e13[] = {{3, "cmpf=eq", NULL}, {0, NULL, NULL}};
static const struct ip_enum e14[] = {{0, "cmpf=gt", NULL}, {1, "cmpf=ge", NULL}, {0, NULL, NULL}};
static const struct ip_enum e15[] = {{0, "neg0=none,neg1=none,neg2=none", NULL}, {1, "neg0=neg,neg1=neg,neg2=neg", NULL}, {0, NULL, NULL}};
static const struct ip_enum e16[] = {{0, "attribute_1", NULL}, {1, "attribute_2", NULL}, {2, "none", NULL}, {3, "flat", NULL}, {0, NULL, NULL}};
static const struct ip_enum e17[] = {{0, "h0", NULL}, {1, "h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e18[] = {{0, "none", NULL}, {1, "abs", NULL}, {0, NULL, NULL}};
static const struct ip_enum e19[] = {{0, "none", NULL}, {1, "neg", NULL}, {0, NULL, NULL}};
static const struct ip_enum e20[] = {{0, "widen0=none,widen1=none", NULL}, {1, "widen0=none,widen1=h0", NULL}, {2, "widen0=none,widen1=h1", NULL}, {3, "widen0=h0,widen1=h0", NULL}, {4, "widen0=h0,widen1=h1", NULL}, {5, "widen0=h1,widen1=h1", NULL}, {6, "widen0=h0,widen1=none", NULL}, {7, "widen0=h1,widen1=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e21[] = {{0, "none", NULL}, {1, "rtp", NULL}, {2, "rtn", NULL}, {3, "rtz", NULL}, {0, NULL, NULL}};
static const struct ip_enum e22[] = {{0, "none", NULL}, {1, "clamp_0_inf", NULL}, {2, "clamp_m1_1", NULL}, {3, "clamp_0_1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e23[] = {{0, "abs0=abs,abs1=none,ordering=gt|abs0=none,abs1=none,ordering!=gt", NULL}, {1, "abs0=abs,abs1=abs,ordering=gt|abs0=abs,abs1=none,ordering!=gt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e24[] = {{0, "eq", NULL}, {1, "gt", NULL}, {2, "ge", NULL}, {3, "ne", NULL}, {4, "lt", NULL}, {5, "le", NULL}, {6, "gtlt", NULL}, {7, "total", NULL}, {0, NULL, NULL}};
static const struct ip_enum e25[] = {{0, "i1", NULL}, {1, "f1", NULL}, {2, "m1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e26[] = {{0, "cmpf=eq", NULL}, {1, "cmpf=gt", NULL}, {2, "cmpf=ge", NULL}, {3, "cmpf=ne", NULL}, {4, "cmpf=lt", NULL}, {5, "cmpf=le", NULL}, {6, "cmpf=gtlt", NULL}, {7, "cmpf=total,abs0=none,abs1=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e27[] = {{0, "neg0=none,neg1=none|neg0=neg,neg1=neg", NULL}, {1, "neg0=none,neg1=neg|neg0=neg,neg1=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e28[] = {{0, "clamp=none,special=none,round=none", NULL}, {1, "clamp=clamp_0_inf,special=none,round=none", NULL}, {2, "clamp=clamp_m1_1,special=none,round=none", NULL}, {3, "clamp=clamp_0_1,special=none,round=none", NULL}, {4, "clamp=none,special=n,round=none", NULL}, {5, "clamp=none,special=n,round=rtz", NULL}, {6, "clamp=none,special=scale16,round=none", NULL}, {7, "clamp=none,special=left,round=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e29[] = {{0, "clamp=none,special=none,round=none", NULL}, {1, "clamp=clamp_0_inf,special=none,round=none", NULL}, {2, "clamp=clamp_m1_1,special=none,round=none", NULL}, {3, "clamp=clamp_0_1,special=none,round=none", NULL}, {4, "clamp=none,special=n,round=none", NULL}, {5, "clamp=none,special=n,round=rtz", NULL}, {7, "clamp=none,special=left,round=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e30[] = {{1, "none", NULL}, {2, "h0", NULL}, {3, "h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e31[] = {{0, "none", NULL}, {1, "sqrt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e32[] = {{0, "round=none", NULL}, {1, "round=rtp", NULL}, {2, "round=rtn", NULL}, {3, "round=rtz", NULL}, {0, NULL, NULL}};
static const struct ip_enum e33[] = {{0, "zext", NULL}, {1, "sext", NULL}, {0, NULL, NULL}};
static const struct ip_enum e34[] = {{0, "widen1=h0", NULL}, {1, "widen1=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e35[] = {{0, "extend=zext", NULL}, {1, "extend=sext", NULL}, {0, NULL, NULL}};
static const struct ip_enum e36[] = {{0, "widen1=b0", NULL}, {1, "widen1=b1", NULL}, {2, "widen1=b2", NULL}, {3, "widen1=b3", NULL}, {0, NULL, NULL}};
static const struct ip_enum e37[] = {{0, "replicate1=b0000", NULL}, {1, "replicate1=b1111", NULL}, {2, "replicate1=b2222", NULL}, {3, "replicate1=b3333", NULL}, {0, NULL, NULL}};
static const struct ip_enum e38[] = {{0, "even", NULL}, {1, "odd", NULL}, {0, NULL, NULL}};
static const struct ip_enum e39[] = {{0, "z", NULL}, {1, "nz", NULL}, {0, NULL, NULL}};
static const struct ip_enum e40[] = {{0, "return", NULL}, {1, "call", NULL}, {2, "none", NULL}, {3, "replace", NULL}, {0, NULL, NULL}};
static const struct ip_enum e41[] = {{0, "none", NULL}, {1, "not", NULL}, {0, NULL, NULL}};
static const struct ip_enum e42[] = {{0, "not", NULL}, {1, "none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e43[] = {{2, "wls", NULL}, {7, "tl", NULL}, {0, NULL, NULL}};
static const struct ip_enum e44[] = {{0, "none", NULL}, {1, "preserve_null", NULL}, {0, NULL, NULL}};
static const struct ip_enum e45[] = {{0, "h0", NULL}, {1, "h1", NULL}, {2, "none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e46[] = {{0, "abs0=none,abs1=none", NULL}, {1, "abs0=abs,abs1=abs", NULL}, {0, NULL, NULL}};
static const struct ip_enum e47[] = {{0, "neg0=none,neg1=none", NULL}, {1, "neg0=neg,neg1=neg", NULL}, {0, NULL, NULL}};
static const struct ip_enum e48[] = {{0, "none", NULL}, {1, "rtp", NULL}, {2, "rtn", NULL}, {3, "rtz", NULL}, {4, "rtna", NULL}, {0, NULL, NULL}};
static const struct ip_enum e49[] = {{0, "none", NULL}, {1, "h", NULL}, {0, NULL, NULL}};
static const struct ip_enum e50[] = {{0, "none", NULL}, {1, "l", NULL}, {0, NULL, NULL}};
static const struct ip_enum e51[] = {{0, "none", NULL}, {1, "wls", NULL}, {0, NULL, NULL}};
static const struct ip_enum e52[] = {{4, "widen0=widen1,ordering=eq,cmpf=gt|cmpf=lt", NULL}, {5, "widen0=h1,widen1=h0,cmpf=eq|cmpf=ne|widen0=widen1,ordering=lt,cmpf=eq|widen0=widen1,ordering!=lt,cmpf=ne", NULL}, {6, "widen0=h1,widen1=h0,cmpf=gt|cmpf=ge|widen0=widen1,ordering=lt,cmpf=gt|widen0=widen1,ordering!=lt,cmpf=ge", NULL}, {7, "widen0=h1,widen1=h0,cmpf=lt|cmpf=le|widen0=widen1,ordering=lt,cmpf=lt|widen0=widen1,ordering!=lt,cmpf=le|widen0=widen1,ordering=eq,cmpf=eq", NULL}, {0, NULL, NULL}};
static const struct ip_enum e53[] = {{1, "widen0=h0,widen1=h0", NULL}, {2, "widen0=h1,widen1=h1", NULL}, {3, "widen0=h1,widen1=h0,cmpf=ne|cmpf=ge|cmpf=le", NULL}, {4, "widen0=h1,widen1=h0,cmpf=eq|cmpf=gt|cmpf=lt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e54[] = {{1, "widen0=none,widen1!=none,cmpf=ne", NULL}, {2, "widen0=none,widen1!=none,cmpf=ge", NULL}, {3, "widen0=none,widen1!=none,cmpf=le", NULL}, {4, "widen0=none,widen1=none,ordering=eq,cmpf=gt|cmpf=lt", NULL}, {5, "widen0=none,widen1!=none,cmpf=eq|widen0=none,widen1=none,ordering=lt,cmpf=eq|widen0=none,widen1=none,ordering!=lt,cmpf=ne", NULL}, {6, "widen0=none,widen1!=none,cmpf=gt|widen0=none,widen1=none,ordering=lt,cmpf=gt|widen0=none,widen1=none,ordering!=lt,cmpf=ge", NULL}, {7, "widen0=none,widen1!=none,cmpf=lt|widen0=none,widen1=none,ordering=lt,cmpf=lt|widen0=none,widen1=none,ordering!=lt,cmpf=le|widen0=none,widen1=none,ordering=eq,cmpf=eq", NULL}, {0, NULL, NULL}};
static const struct ip_enum e55[] = {{0, "widen0=none,widen1=none", NULL}, {5, "widen0=none,widen1=h0", NULL}, {6, "widen0=none,widen1=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e56[] = {{1, "widen0=widen1,ordering=eq,cmpf=eq", NULL}, {4, "widen0=h1,widen1=h0|widen0=widen1,ordering=lt,cmpf=eq|widen0=widen1,ordering!=lt,cmpf=ne", NULL}, {0, NULL, NULL}};
static const struct ip_enum e57[] = {{1, "widen0=h0,widen1=h0", NULL}, {2, "widen0=h1,widen1=h1", NULL}, {3, "widen0=h1,widen1=h0,cmpf=ne", NULL}, {4, "widen0=h1,widen1=h0,cmpf=eq", NULL}, {0, NULL, NULL}};
static const struct ip_enum e58[] = {{1, "ordering=eq,cmpf=eq", NULL}, {4, "ordering=lt,cmpf=eq|ordering!=lt,cmpf=ne", NULL}, {0, NULL, NULL}};
static const struct ip_enum e59[] = {{0, "widen0=none,widen1=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e60[] = {{0, "widen0=h1,widen1=h0,cmpf=lt|widen0=widen1,ordering=lt,cmpf=lt", NULL}, {1, "widen0=h1,widen1=h0,cmpf=le|widen0=widen1,ordering=lt,cmpf=le|widen0=widen1,ordering=eq,cmpf=le|cmpf=ge", NULL}, {2, "widen0=h1,widen1=h0,cmpf=ge|widen0=widen1,ordering=lt,cmpf=ge", NULL}, {3, "widen0=h1,widen1=h0,cmpf=gt|widen0=widen1,ordering=lt,cmpf=gt", NULL}, {4, "widen0=widen1,ordering=eq,cmpf=lt|cmpf=gt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e61[] = {{1, "widen0=h0,widen1=h0", NULL}, {2, "widen0=h1,widen1=h1", NULL}, {4, "widen0=h1,widen1=h0", NULL}, {0, NULL, NULL}};
static const struct ip_enum e62[] = {{0, "ordering=lt,cmpf=lt", NULL}, {1, "ordering=lt,cmpf=le|ordering=eq,cmpf=le|cmpf=ge", NULL}, {2, "ordering=lt,cmpf=ge", NULL}, {3, "ordering=lt,cmpf=gt", NULL}, {4, "ordering=eq,cmpf=lt|cmpf=gt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e63[] = {{0, "widen0=h1,widen1=h0,cmpf=lt|widen0=widen1,ordering!=lt,cmpf=lt", NULL}, {1, "widen0=h1,widen1=h0,cmpf=le|widen0=widen1,ordering!=lt,cmpf=le", NULL}, {2, "widen0=h1,widen1=h0,cmpf=ge|widen0=widen1,ordering!=lt,cmpf=ge", NULL}, {3, "widen0=h1,widen1=h0,cmpf=gt|widen0=widen1,ordering!=lt,cmpf=gt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e64[] = {{1, "widen0=h0,widen1=h0", NULL}, {2, "widen0=h1,widen1=h1", NULL}, {3, "widen0=h1,widen1=h0", NULL}, {0, NULL, NULL}};
static const struct ip_enum e65[] = {{0, "ordering!=lt,cmpf=lt", NULL}, {1, "ordering!=lt,cmpf=le", NULL}, {2, "ordering!=lt,cmpf=ge", NULL}, {3, "ordering!=lt,cmpf=gt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e66[] = {{0, "lane0=h1", NULL}, {1, "lane0=h0", NULL}, {0, NULL, NULL}};
static const struct ip_enum e67[] = {{0, "lane0=h0", NULL}, {1, "lane0=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e68[] = {{0, "any", NULL}, {1, "all", NULL}, {0, NULL, NULL}};
static const struct ip_enum e69[] = {{0, "cmpf=ne|cmpf=ge|cmpf=le", NULL}, {1, "cmpf=eq|cmpf=gt|cmpf=lt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e70[] = {{1, "widen0=h1", NULL}, {2, "widen0=h0", NULL}, {0, NULL, NULL}};
static const struct ip_enum e71[] = {{5, "cmpf=ne|cmpf=eq", NULL}, {6, "cmpf=ge|cmpf=gt", NULL}, {7, "cmpf=le|cmpf=lt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e72[] = {{0, "cmpf=ne", NULL}, {1, "cmpf=eq", NULL}, {0, NULL, NULL}};
static const struct ip_enum e73[] = {{0, "cmpf=lt", NULL}, {1, "cmpf=le", NULL}, {2, "cmpf=ge", NULL}, {3, "cmpf=gt", NULL}, {0, NULL, NULL}};
static const struct ip_enum e74[] = {{0, "none", NULL}, {1, "xor", NULL}, {2, "accumulate", NULL}, {3, "shift", NULL}, {0, NULL, NULL}};
static const struct ip_enum e75[] = {{0, "subgroup2", NULL}, {1, "subgroup4", NULL}, {2, "subgroup8", NULL}, {3, "subgroup16", NULL}, {0, NULL, NULL}};
static const struct ip_enum e76[] = {{0, "zero", NULL}, {1, "umax", NULL}, {2, "i1", NULL}, {3, "v2i1", NULL}, {4, "smin", NULL}, {5, "smax", NULL}, {6, "v2smin", NULL}, {7, "v2smax", NULL}, {8, "v4smin", NULL}, {9, "v4smax", NULL}, {10, "f1", NULL}, {11, "v2f1", NULL}, {12, "infn", NULL}, {13, "inf", NULL}, {14, "v2infn", NULL}, {15, "v2inf", NULL}, {0, NULL, NULL}};
static const struct ip_enum e77[] = {{0, "cmpf=eq", NULL}, {1, "cmpf=ne", NULL}, {2, "cmpf=lt", NULL}, {3, "cmpf=le", NULL}, {0, NULL, NULL}};
static const struct ip_enum e78[] = {{0, "widen0=h0,widen1=h0", NULL}, {1, "widen0=h1,widen1=h0", NULL}, {2, "widen0=h0,widen1=h1", NULL}, {3, "widen0=h1,widen1=h1", NULL}, {4, "widen0=none,widen1=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e79[] = {{0, "widen0=none,widen1=none", NULL}, {1, "widen0=none,widen1=h0", NULL}, {2, "widen0=none,widen1=h1", NULL}, {3, "widen0=h0,widen1=h0", NULL}, {0, NULL, NULL}};
static const struct ip_enum e80[] = {{0, "clamp=none,special=none,round=none", NULL}, {2, "clamp=clamp_0_1,special=none,round=none", NULL}, {3, "clamp=none,special=n,round=rtna", NULL}, {4, "clamp=none,special=n,round=none", NULL}, {5, "clamp=none,special=n,round=rtp", NULL}, {6, "clamp=none,special=n,round=rtn", NULL}, {7, "clamp=none,special=n,round=rtz", NULL}, {0, NULL, NULL}};
static const struct ip_enum e81[] = {{0, "neg0=none,neg1=none", NULL}, {1, "neg0=neg,neg1=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e82[] = {{0, "none", NULL}, {1, "offset", NULL}, {0, NULL, NULL}};
static const struct ip_enum e83[] = {{0, "none", NULL}, {1, "small", NULL}, {2, "low", NULL}, {0, NULL, NULL}};
static const struct ip_enum e84[] = {{0, "none", NULL}, {1, "divzero", NULL}, {0, NULL, NULL}};
static const struct ip_enum e85[] = {{0, "widen0=h0", NULL}, {1, "widen0=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e86[] = {{0, "mode=base2", NULL}, {1, "mode=natural", NULL}, {0, NULL, NULL}};
static const struct ip_enum e87[] = {{0, "mode=natural", NULL}, {1, "mode=base2", NULL}, {0, NULL, NULL}};
static const struct ip_enum e88[] = {{0, "precision=high", NULL}, {1, "precision=low", NULL}, {0, NULL, NULL}};
static const struct ip_enum e89[] = {{0, "nan_suppress", NULL}, {1, "nan_propagate", NULL}, {2, "c", NULL}, {3, "inverse_c", NULL}, {0, NULL, NULL}};
static const struct ip_enum e90[] = {{0, "lane1=none|lane1=h0", NULL}, {1, "lane1=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e91[] = {{0, "func=pow", NULL}, {1, "func=powr", NULL}, {0, NULL, NULL}};
static const struct ip_enum e92[] = {{0, "func=pown", NULL}, {1, "func=rootn", NULL}, {0, NULL, NULL}};
static const struct ip_enum e93[] = {{0, "pow", NULL}, {1, "powr", NULL}, {2, "pown", NULL}, {3, "rootn", NULL}, {0, NULL, NULL}};
static const struct ip_enum e94[] = {{0, "widen0=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e95[] = {{0, "none", NULL}, {1, "scale", NULL}, {0, NULL, NULL}};
static const struct ip_enum e96[] = {{0, "rtn", NULL}, {1, "rtp", NULL}, {0, NULL, NULL}};
static const struct ip_enum e97[] = {{0, "h01", NULL}, {1, "h10", NULL}, {0, NULL, NULL}};
static const struct ip_enum e98[] = {{0, "none", NULL}, {1, "sat", NULL}, {0, NULL, NULL}};
static const struct ip_enum e99[] = {{0, "lanes1=h0", NULL}, {1, "lanes1=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e100[] = {{0, "lanes1=b0", NULL}, {1, "lanes1=b1", NULL}, {2, "lanes1=b2", NULL}, {3, "lanes1=b3", NULL}, {0, NULL, NULL}};
static const struct ip_enum e101[] = {{0, "saturate=none,lanes1=none", NULL}, {1, "saturate=sat|lanes1!=none", NULL}, {0, NULL, NULL}};
static const struct ip_enum e102[] = {{0, "lanes1=h01", NULL}, {1, "lanes1=h10", NULL}, {0, NULL, NULL}};
static const struct ip_enum e103[] = {{0, "lanes0=h01", NULL}, {1, "lanes0=h10", NULL}, {0, NULL, NULL}};
static const struct ip_enum e104[] = {{0, "lanes1=h00", NULL}, {1, "lanes1=h11", NULL}, {0, NULL, NULL}};
static const struct ip_enum e105[] = {{0, "lanes1=b01", NULL}, {1, "lanes1=b23", NULL}, {0, NULL, NULL}};
static const struct ip_enum e106[] = {{0, "saturate=none,lanes1!=b01,lanes1!=b23", NULL}, {1, "saturate=sat|lanes1=b01|lanes1=b23", NULL}, {0, NULL, NULL}};
static const struct ip_enum e107[] = {{0, "lanes1=b0000", NULL}, {1, "lanes1=b1111", NULL}, {2, "lanes1=b2222", NULL}, {3, "lanes1=b3333", NULL}, {0, NULL, NULL}};
static const struct ip_enum e108[] = {{0, "lanes1=b0101", NULL}, {1, "lanes1=b2323", NULL}, {0, NULL, NULL}};
static const struct ip_enum e109[] = {{0, "saturate=none", NULL}, {1, "saturate=sat", NULL}, {0, NULL, NULL}};
static const struct ip_enum e110[] = {{0, "eq", NULL}, {1, "ne", NULL}, {0, NULL, NULL}};
static const struct ip_enum e111[] = {{0, "i1", NULL}, {1, "m1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e112[] = {{0, "gt", NULL}, {1, "ge", NULL}, {0, NULL, NULL}};
static const struct ip_enum e113[] = {{0, "none", NULL}, {1, "rtp", NULL}, {2, "rtn", NULL}, {3, "rtz", NULL}, {4, "rtna", NULL}, {6, "inf", NULL}, {7, "inf0", NULL}, {0, NULL, NULL}};
static const struct ip_enum e114[] = {{0, "none", NULL}, {1, "v2", NULL}, {2, "v3", NULL}, {3, "v4", NULL}, {0, NULL, NULL}};
static const struct ip_enum e115[] = {{0, "register_format=f16", NULL}, {1, "register_format=f32", NULL}, {2, "register_format=s32", NULL}, {3, "register_format=u32", NULL}, {4, "register_format=s16", NULL}, {5, "register_format=u16", NULL}, {6, "register_format=f64", NULL}, {7, "register_format=i64", NULL}, {0, NULL, NULL}};
static const struct ip_enum e116[] = {{6, "system_timestamp", NULL}, {7, "cycle_counter", NULL}, {0, NULL, NULL}};
static const struct ip_enum e117[] = {{0, "sample=center,update=store", NULL}, {1, "sample=centroid,update=store", NULL}, {2, "sample=sample,update=store", NULL}, {3, "sample=explicit,update=store", NULL}, {4, "sample=none,update=retrieve", NULL}, {8, "sample=center,update=conditional", NULL}, {9, "sample=centroid,update=conditional", NULL}, {10, "sample=center,update=clobber", NULL}, {11, "sample=centroid,update=clobber", NULL}, {12, "sample=sample,update=clobber", NULL}, {13, "sample=explicit,update=clobber", NULL}, {0, NULL, NULL}};
static const struct ip_enum e118[] = {{0, "register_format=f32", NULL}, {1, "register_format=f16", NULL}, {0, NULL, NULL}};
static const struct ip_enum e119[] = {{3, "none", NULL}, {6, "and", NULL}, {7, "or", NULL}, {0, NULL, NULL}};
static const struct ip_enum e120[] = {{0, "register_format=f32|register_format=f16", NULL}, {1, "register_format=u32|register_format=s32", NULL}, {0, NULL, NULL}};
static const struct ip_enum e121[] = {{0, "register_format=f32|register_format=u32", NULL}, {1, "register_format=f16|register_format=s32", NULL}, {0, NULL, NULL}};
static const struct ip_enum e122[] = {{0, "varying_name=point,vecsize=v2,update=clobber", NULL}, {2, "varying_name=frag_w,vecsize=none,update=clobber", NULL}, {3, "varying_name=frag_z,vecsize=none,update=clobber,sample!=explicit,register_format!=auto", NULL}, {0, NULL, NULL}};
static const struct ip_enum e123[] = {{0, "u16", NULL}, {1, "u32", NULL}, {0, NULL, NULL}};
static const struct ip_enum e124[] = {{1, "none", NULL}, {2, "wls", NULL}, {3, "stream", NULL}, {4, "ubo", NULL}, {7, "tl", NULL}, {0, NULL, NULL}};
static const struct ip_enum e125[] = {{0, "lane_dest=h0", NULL}, {1, "lane_dest=h1", NULL}, {0, NULL, NULL}};
static const struct ip_enum e126[] = {{0, "extend=sext", NULL}, {1, "extend=zext", NULL}, {0, NULL, NULL}};
static const struct ip_enum e127[] = {{0, "lane_dest=b0", NULL}, {1, "lane_dest=b1", NULL}, {2, "lane_dest=b2", NULL}, {3, "lane_dest=b3", NULL}, {0, NULL, NULL}};
static const struct ip_enum e128[] = {{0, "neg", NULL}, {1, "int_zero", NULL}, {2, "fp_zero", NULL}, {3, "bit", NULL}, {0, NULL, NULL}};
static const struct ip_enum e129[] = {{0, "neg", NULL}, {1, "int_zero", NULL}, {0, NULL, NULL}};
static const struct ip_enum e130[] = {{1, "none", NULL}, {2, "wls", NULL}, {3, "stream", NULL}, {4, "pos", NULL}, {5, "vary", NULL}, {7, "tl", NULL}, {0, NULL, NULL}};
static const struct ip_enum e131[] = {{0, "h00", NULL}, {1, "h10", NULL}, {3, "h11", NULL}, {0, NULL, NULL}};
static const struct ip_enum e132[] = {{0, "b0000", NULL}, {1, "b1111", NULL}, {2, "b2222", NULL}, {3, "b3333", NULL}, {4, "b0011", NULL}, {5, "b2233", NULL}, {6, "b1032", NULL}, {7, "b3210", NULL}, {0, NULL, NULL}};
static const struct ip_enum e133[] = {{0, "none", NULL}, {1, "skip", NULL}, {0, NULL, NULL}};
static const struct ip_enum e134[] = {{0, "computed_lod", NULL}, {1, "zero_lod", NULL}, {0, NULL, NULL}};
static const struct ip_enum e135[] = {{0, "b00", NULL}, {1, "b10", NULL}, {2, "b20", NULL}, {3, "b30", NULL}, {4, "b01", NULL}, {5, "b11", NULL}, {6, "b21", NULL}, {7, "b31", NULL}, {8, "b02", NULL}, {9, "b12", NULL}, {10, "b22", NULL}, {11, "b32", NULL}, {12, "b03", NULL}, {13, "b13", NULL}, {14, "b23", NULL}, {15, "b33", NULL}, {0, NULL, NULL}};
static const struct ip_enum e136[] = {{0, "sample=center,update=store", NULL}, {1, "sample=none,update=retrieve", NULL}, {0, NULL, NULL}};
static const struct ip_enum e137[] = {{0, "subgroup2", NULL}, {1, "subgroup4", NULL}, {2, "subgroup8", NULL}, {0, NULL, NULL}};
static const struct ip_enum e138[] = {{1, "stencil=stencil,z=none", NULL}, {2, "stencil=none,z=z", NULL}, {3, "stencil=stencil,z=z", NULL}, {0, NULL, NULL}};

static const struct ip_field l0_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lane2", 9, 2, SWIZZLE, e0, "ISA.xml modifier"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l0, 23, l0_f);
static const struct ip_field l1_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e1, "derived from lanes2"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l1, 23, l1_f);
static const struct ip_field l2_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e2, "derived from lanes2"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l2, 23, l2_f);
static const struct ip_field l3_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e3, "derived from lanes2"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l3, 23, l3_f);
static const struct ip_field l4_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l4, 23, l4_f);
static const struct ip_field l5_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("bytes2", 9, 1, SWIZZLE, e4, "ISA.xml modifier"),
	BI_F("lane2", 10, 1, SWIZZLE, e5, "ISA.xml modifier"),
	BI_F("result_word", 11, 1, MODIFIER, e6, "ISA.xml modifier"),
	BI_F("op12", 12, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l5, 23, l5_f);
static const struct ip_field l6_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("atom_opc", 9, 4, MODIFIER, e7, "ISA.xml modifier"),
	BI_F("op13", 13, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l6, 23, l6_f);
static const struct ip_field l7_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("atom_opc", 9, 4, MODIFIER, e8, "ISA.xml modifier"),
	BI_F("op13", 13, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l7, 23, l7_f);
static const struct ip_field l8_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("atom_opc", 6, 3, MODIFIER, e9, "ISA.xml modifier"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l8, 23, l8_f);
static const struct ip_field l9_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("atom_opc", 6, 4, MODIFIER, e7, "ISA.xml modifier"),
	BI_F("op10", 10, 13, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l9, 23, l9_f);
static const struct ip_field l10_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("atom_opc", 6, 4, MODIFIER, e8, "ISA.xml modifier"),
	BI_F("op10", 10, 13, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l10, 23, l10_f);
static const struct ip_field l11_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 20, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l11, 23, l11_f);
static const struct ip_field l12_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("mask", 3, 1, MODIFIER, e10, "ISA.xml modifier"),
	BI_F("op4", 4, 19, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l12, 23, l12_f);
static const struct ip_field l13_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("mask", 3, 1, MODIFIER, e10, "ISA.xml modifier"),
	BI_F("swz0", 4, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op6", 6, 17, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l13, 23, l13_f);
static const struct ip_field l14_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 12, 2, MODIFIER, e12, "derived from cmpf"),
	BI_F("op14", 14, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l14, 23, l14_f);
static const struct ip_field l15_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 12, 3, MODIFIER, e13, "derived from cmpf"),
	BI_F("op15", 15, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l15, 23, l15_f);
static const struct ip_field l16_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 12, 1, MODIFIER, e14, "derived from cmpf"),
	BI_F("op13", 13, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l16, 23, l16_f);
static const struct ip_field l17_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("neg0_neg1_neg2", 9, 1, MODIFIER, e15, "derived from neg0, neg1, neg2"),
	BI_F("op10", 10, 13, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l17, 23, l17_f);
static const struct ip_field l18_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("table", 3, 2, MODIFIER, e16, "ISA.xml modifier"),
	BI_F("op5", 5, 18, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l18, 23, l18_f);
static const struct ip_field l19_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 3, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op4", 4, 19, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l19, 23, l19_f);
static const struct ip_field l20_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs1", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("widen0_widen1", 9, 3, SWIZZLE, e20, "derived from widen0, widen1"),
	BI_F("abs0", 12, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("round", 13, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("clamp", 15, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("op17", 17, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l20, 23, l20_f);
static const struct ip_field l21_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs0_abs1_ordering", 6, 1, MODIFIER, e23, "derived from abs0, abs1, ordering"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("round", 13, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("clamp", 15, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("op17", 17, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l21, 23, l21_f);
static const struct ip_field l22_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs1", 8, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg1", 9, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op10", 10, 13, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l22, 23, l22_f);
static const struct ip_field l23_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs1", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("widen0_widen1", 9, 3, SWIZZLE, e20, "derived from widen0, widen1"),
	BI_F("abs0", 12, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("cmpf", 13, 3, MODIFIER, e24, "ISA.xml modifier"),
	BI_F("result_type", 16, 2, MODIFIER, e25, "ISA.xml modifier"),
	BI_F("op18", 18, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l23, 23, l23_f);
static const struct ip_field l24_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs0_abs1_ordering", 6, 1, MODIFIER, e23, "derived from abs0, abs1, ordering"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("abs0_abs1_cmpf", 13, 3, MODIFIER, e26, "derived from abs0, abs1, cmpf"),
	BI_F("result_type", 16, 2, MODIFIER, e25, "ISA.xml modifier"),
	BI_F("op18", 18, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l24, 23, l24_f);
static const struct ip_field l25_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("bytes2", 9, 1, SWIZZLE, e4, "ISA.xml modifier"),
	BI_F("lane2", 10, 1, SWIZZLE, e5, "ISA.xml modifier"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l25, 23, l25_f);
static const struct ip_field l26_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("widen0_widen1", 9, 3, SWIZZLE, e20, "derived from widen0, widen1"),
	BI_F("abs0", 12, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("round", 13, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("clamp", 15, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("neg0_neg1", 17, 1, MODIFIER, e27, "derived from neg0, neg1"),
	BI_F("neg2", 18, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs1", 19, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("abs2", 20, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("op21", 21, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l26, 23, l26_f);
static const struct ip_field l27_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("round", 13, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("clamp", 15, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("neg0_neg1", 17, 1, MODIFIER, e27, "derived from neg0, neg1"),
	BI_F("neg2", 18, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("swz2", 19, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op21", 21, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l27, 23, l27_f);
static const struct ip_field l28_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("clamp_round_special", 12, 3, MODIFIER, e28, "derived from clamp, round, special"),
	BI_F("abs0", 15, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0_neg1", 16, 1, MODIFIER, e27, "derived from neg0, neg1"),
	BI_F("neg2", 17, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op18", 18, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l28, 23, l28_f);
static const struct ip_field l29_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("clamp_round_special", 12, 3, MODIFIER, e29, "derived from clamp, round, special"),
	BI_F("abs0", 15, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0_neg1", 16, 1, MODIFIER, e27, "derived from neg0, neg1"),
	BI_F("neg2", 17, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op18", 18, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l29, 23, l29_f);
static const struct ip_field l30_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 6, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l30, 23, l30_f);
static const struct ip_field l31_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 17, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l31, 23, l31_f);
static const struct ip_field l32_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("neg0", 6, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op7", 7, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sqrt", 8, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l32, 23, l32_f);
static const struct ip_field l33_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 18, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l33, 23, l33_f);
static const struct ip_field l34_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("neg0", 6, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op7", 7, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sqrt", 8, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l34, 23, l34_f);
static const struct ip_field l35_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 18, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l35, 23, l35_f);
static const struct ip_field l36_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("sqrt", 7, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op8", 8, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l36, 23, l36_f);
static const struct ip_field l37_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op8", 8, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l37, 23, l37_f);
static const struct ip_field l38_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("sqrt", 7, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op8", 8, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l38, 23, l38_f);
static const struct ip_field l39_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op8", 8, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l39, 23, l39_f);
static const struct ip_field l40_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("round", 9, 2, MODIFIER, e32, "derived from round"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l40, 23, l40_f);
static const struct ip_field l41_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l41, 23, l41_f);
static const struct ip_field l42_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("round", 9, 2, MODIFIER, e32, "derived from round"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l42, 23, l42_f);
static const struct ip_field l43_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l43, 23, l43_f);
static const struct ip_field l44_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sign0", 9, 1, MODIFIER, e33, "ISA.xml modifier"),
	BI_F("sign1", 10, 1, MODIFIER, e33, "ISA.xml modifier"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l44, 23, l44_f);
static const struct ip_field l45_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("widen1", 9, 1, SWIZZLE, e34, "derived from widen1"),
	BI_F("extend", 10, 1, MODIFIER, e35, "derived from extend"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l45, 23, l45_f);
static const struct ip_field l46_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("widen1", 9, 2, SWIZZLE, e36, "derived from widen1"),
	BI_F("extend", 11, 1, MODIFIER, e35, "derived from extend"),
	BI_F("op12", 12, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l46, 23, l46_f);
static const struct ip_field l47_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op13", 13, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l47, 23, l47_f);
static const struct ip_field l48_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("replicate1", 9, 2, MODIFIER, e37, "derived from replicate1"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l48, 23, l48_f);
static const struct ip_field l49_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("threads", 6, 1, MODIFIER, e38, "ISA.xml modifier"),
	BI_F("op7", 7, 16, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l49, 23, l49_f);
static const struct ip_field l50_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("test_mode", 9, 1, MODIFIER, e39, "ISA.xml modifier"),
	BI_F("stack_mode", 10, 2, MODIFIER, e40, "ISA.xml modifier"),
	BI_F("op12", 12, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l50, 23, l50_f);
static const struct ip_field l51_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lane2", 9, 2, SWIZZLE, e0, "ISA.xml modifier"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l51, 23, l51_f);
static const struct ip_field l52_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e1, "derived from lanes2"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l52, 23, l52_f);
static const struct ip_field l53_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e2, "derived from lanes2"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l53, 23, l53_f);
static const struct ip_field l54_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e3, "derived from lanes2"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l54, 23, l54_f);
static const struct ip_field l55_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l55, 23, l55_f);
static const struct ip_field l56_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lane2", 9, 2, SWIZZLE, e0, "ISA.xml modifier"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l56, 23, l56_f);
static const struct ip_field l57_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e1, "derived from lanes2"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l57, 23, l57_f);
static const struct ip_field l58_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e2, "derived from lanes2"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l58, 23, l58_f);
static const struct ip_field l59_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e3, "derived from lanes2"),
	BI_F("op11", 11, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l59, 23, l59_f);
static const struct ip_field l60_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not1", 14, 1, MODIFIER, e42, "ISA.xml modifier"),
	BI_F("not_result", 15, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l60, 23, l60_f);
static const struct ip_field l61_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lane2", 9, 2, SWIZZLE, e0, "ISA.xml modifier"),
	BI_F("op11", 11, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not_result", 13, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op14", 14, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l61, 23, l61_f);
static const struct ip_field l62_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e1, "derived from lanes2"),
	BI_F("op11", 11, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not_result", 13, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op14", 14, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l62, 23, l62_f);
static const struct ip_field l63_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e2, "derived from lanes2"),
	BI_F("op11", 11, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not_result", 13, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op14", 14, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l63, 23, l63_f);
static const struct ip_field l64_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("lanes2", 9, 2, SWIZZLE, e3, "derived from lanes2"),
	BI_F("op11", 11, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not_result", 13, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op14", 14, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l64, 23, l64_f);
static const struct ip_field l65_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("not_result", 13, 1, MODIFIER, e41, "ISA.xml modifier"),
	BI_F("op14", 14, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l65, 23, l65_f);
static const struct ip_field l66_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 6, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("lane1", 7, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op8", 8, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l66, 23, l66_f);
static const struct ip_field l67_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 12, 1, SWIZZLE, e5, "ISA.xml modifier"),
	BI_F("lane1", 13, 1, SWIZZLE, e5, "ISA.xml modifier"),
	BI_F("lane2", 14, 1, SWIZZLE, e5, "ISA.xml modifier"),
	BI_F("lane3", 15, 1, SWIZZLE, e5, "ISA.xml modifier"),
	BI_F("op16", 16, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l67, 23, l67_f);
static const struct ip_field l68_f[] = {
	BI_F("op0", 0, 23, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l68, 23, l68_f);
static const struct ip_field l69_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("swz0", 4, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op6", 6, 17, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l69, 23, l69_f);
static const struct ip_field l70_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 4, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op5", 5, 18, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l70, 23, l70_f);
static const struct ip_field l71_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 4, 2, SWIZZLE, e0, "ISA.xml modifier"),
	BI_F("op6", 6, 17, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l71, 23, l71_f);
static const struct ip_field l72_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("seg", 3, 3, MODIFIER, e43, "ISA.xml modifier"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("preserve_null", 7, 1, MODIFIER, e44, "ISA.xml modifier"),
	BI_F("op8", 8, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l72, 23, l72_f);
static const struct ip_field l73_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("shift", 6, 3, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("op9", 9, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l73, 23, l73_f);
static const struct ip_field l74_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("shift", 6, 3, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("lane1", 9, 2, SWIZZLE, e45, "ISA.xml modifier"),
	BI_F("op11", 11, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l74, 23, l74_f);
static const struct ip_field l75_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs0_abs1", 6, 1, MODIFIER, e46, "derived from abs0, abs1"),
	BI_F("neg0_neg1", 7, 1, MODIFIER, e47, "derived from neg0, neg1"),
	BI_F("clamp", 8, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("round", 10, 3, MODIFIER, e48, "ISA.xml modifier"),
	BI_F("op13", 13, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l75, 23, l75_f);
static const struct ip_field l76_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("h", 9, 1, MODIFIER, e49, "ISA.xml modifier"),
	BI_F("l", 10, 1, MODIFIER, e50, "ISA.xml modifier"),
	BI_F("neg2", 11, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op12", 12, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l76, 23, l76_f);
static const struct ip_field l77_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("src3", 9, 3, REGISTER, NULL, "source"),
	BI_F("neg2", 12, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op13", 13, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l77, 23, l77_f);
static const struct ip_field l78_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("seg", 9, 1, MODIFIER, e51, "ISA.xml modifier"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l78, 20, l78_f);
static const struct ip_field l79_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("widen1", 6, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l79, 20, l79_f);
static const struct ip_field l80_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l80, 20, l80_f);
static const struct ip_field l81_f[] = {
	BI_F("op0", 0, 20, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l81, 20, l81_f);
static const struct ip_field l82_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering_widen0_widen1", 9, 3, SWIZZLE, e52, "derived from cmpf, ordering, widen0, widen1"),
	BI_F("cmpf_widen0_widen1", 12, 3, SWIZZLE, e53, "derived from cmpf, widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l82, 20, l82_f);
static const struct ip_field l83_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering_widen0_widen1", 9, 3, SWIZZLE, e54, "derived from cmpf, ordering, widen0, widen1"),
	BI_F("widen0_widen1", 12, 3, SWIZZLE, e55, "derived from widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l83, 20, l83_f);
static const struct ip_field l84_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering_widen0_widen1", 9, 3, SWIZZLE, e56, "derived from cmpf, ordering, widen0, widen1"),
	BI_F("cmpf_widen0_widen1", 12, 3, SWIZZLE, e57, "derived from cmpf, widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l84, 20, l84_f);
static const struct ip_field l85_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering", 9, 3, MODIFIER, e58, "derived from cmpf, ordering"),
	BI_F("widen0_widen1", 12, 3, SWIZZLE, e59, "derived from widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l85, 20, l85_f);
static const struct ip_field l86_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering_widen0_widen1", 9, 3, SWIZZLE, e60, "derived from cmpf, ordering, widen0, widen1"),
	BI_F("widen0_widen1", 12, 3, SWIZZLE, e61, "derived from widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l86, 20, l86_f);
static const struct ip_field l87_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering", 9, 3, MODIFIER, e62, "derived from cmpf, ordering"),
	BI_F("widen0_widen1", 12, 3, SWIZZLE, e59, "derived from widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l87, 20, l87_f);
static const struct ip_field l88_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering_widen0_widen1", 9, 3, SWIZZLE, e63, "derived from cmpf, ordering, widen0, widen1"),
	BI_F("widen0_widen1", 12, 3, SWIZZLE, e64, "derived from widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l88, 20, l88_f);
static const struct ip_field l89_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf_ordering", 9, 3, MODIFIER, e65, "derived from cmpf, ordering"),
	BI_F("widen0_widen1", 12, 3, SWIZZLE, e59, "derived from widen0, widen1"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l89, 20, l89_f);
static const struct ip_field l90_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 3, 1, SWIZZLE, e66, "derived from lane0"),
	BI_F("op4", 4, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 9, 1, SWIZZLE, e67, "derived from lane0"),
	BI_F("combine", 10, 1, MODIFIER, e68, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l90, 20, l90_f);
static const struct ip_field l91_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("combine", 10, 1, MODIFIER, e68, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l91, 20, l91_f);
static const struct ip_field l92_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 3, 1, MODIFIER, e69, "derived from cmpf"),
	BI_F("widen0", 4, 2, SWIZZLE, e70, "derived from widen0"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 9, 3, MODIFIER, e71, "derived from cmpf"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l92, 20, l92_f);
static const struct ip_field l93_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 3, 1, MODIFIER, e69, "derived from cmpf"),
	BI_F("op4", 4, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 9, 3, MODIFIER, e71, "derived from cmpf"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l93, 20, l93_f);
static const struct ip_field l94_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 3, 1, MODIFIER, e72, "derived from cmpf"),
	BI_F("widen0", 4, 2, SWIZZLE, e70, "derived from widen0"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l94, 20, l94_f);
static const struct ip_field l95_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 3, 1, MODIFIER, e72, "derived from cmpf"),
	BI_F("op4", 4, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l95, 20, l95_f);
static const struct ip_field l96_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("widen0", 4, 2, SWIZZLE, e70, "derived from widen0"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 9, 3, MODIFIER, e73, "derived from cmpf"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l96, 20, l96_f);
static const struct ip_field l97_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 9, 3, MODIFIER, e73, "derived from cmpf"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l97, 20, l97_f);
static const struct ip_field l98_f[] = {
	BI_F("op0", 0, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src0", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l98, 20, l98_f);
static const struct ip_field l99_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("src1", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l99, 20, l99_f);
static const struct ip_field l100_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("lane_op", 6, 2, SWIZZLE, e74, "ISA.xml modifier"),
	BI_F("subgroup", 8, 2, MODIFIER, e75, "ISA.xml modifier"),
	BI_F("inactive_result", 10, 4, MODIFIER, e76, "ISA.xml modifier"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l100, 20, l100_f);
static const struct ip_field l101_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l101, 20, l101_f);
static const struct ip_field l102_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 17, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l102, 20, l102_f);
static const struct ip_field l103_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("neg0_neg1", 9, 1, MODIFIER, e47, "derived from neg0, neg1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l103, 20, l103_f);
static const struct ip_field l104_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 6, 2, MODIFIER, e77, "derived from cmpf"),
	BI_F("widen0_widen1", 8, 3, SWIZZLE, e78, "derived from widen0, widen1"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l104, 20, l104_f);
static const struct ip_field l105_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 3, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op4", 4, 16, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l105, 20, l105_f);
static const struct ip_field l106_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("round", 4, 2, MODIFIER, e32, "derived from round"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 7, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l106, 20, l106_f);
static const struct ip_field l107_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 5, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l107, 20, l107_f);
static const struct ip_field l108_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("round", 4, 2, MODIFIER, e32, "derived from round"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l108, 20, l108_f);
static const struct ip_field l109_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs1", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("widen0_widen1", 9, 2, SWIZZLE, e79, "derived from widen0, widen1"),
	BI_F("clamp", 11, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("round", 13, 2, MODIFIER, e32, "derived from round"),
	BI_F("abs0", 15, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l109, 20, l109_f);
static const struct ip_field l110_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs1", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("round", 13, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("abs0", 15, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l110, 20, l110_f);
static const struct ip_field l111_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("clamp_round_special", 9, 3, MODIFIER, e80, "derived from clamp, round, special"),
	BI_F("abs1", 12, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 13, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 14, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op15", 15, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 16, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("op17", 17, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l111, 20, l111_f);
static const struct ip_field l112_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("lane1", 6, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("lane0", 7, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l112, 20, l112_f);
static const struct ip_field l113_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 6, 3, MODIFIER, e24, "ISA.xml modifier"),
	BI_F("widen0_widen1", 9, 2, SWIZZLE, e79, "derived from widen0, widen1"),
	BI_F("abs0", 11, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("abs1", 12, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0_neg1", 13, 1, MODIFIER, e81, "derived from neg0, neg1"),
	BI_F("result_type", 14, 2, MODIFIER, e25, "ISA.xml modifier"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l113, 20, l113_f);
static const struct ip_field l114_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 6, 3, MODIFIER, e24, "ISA.xml modifier"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("neg0_neg1", 13, 1, MODIFIER, e81, "derived from neg0, neg1"),
	BI_F("result_type", 14, 2, MODIFIER, e25, "ISA.xml modifier"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l114, 20, l114_f);
static const struct ip_field l115_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("offset", 4, 1, MODIFIER, e82, "ISA.xml modifier"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l115, 20, l115_f);
static const struct ip_field l116_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("adj", 3, 2, MODIFIER, e83, "ISA.xml modifier"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l116, 20, l116_f);
static const struct ip_field l117_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs0", 4, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("divzero", 5, 1, MODIFIER, e84, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l117, 20, l117_f);
static const struct ip_field l118_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs0", 4, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("divzero", 5, 1, MODIFIER, e84, "ISA.xml modifier"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("widen0", 7, 1, SWIZZLE, e85, "derived from widen0"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l118, 20, l118_f);
static const struct ip_field l119_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs0", 4, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("mode", 5, 1, MODIFIER, e86, "derived from mode"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l119, 20, l119_f);
static const struct ip_field l120_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs0", 4, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("mode", 5, 1, MODIFIER, e86, "derived from mode"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("widen0", 7, 1, SWIZZLE, e85, "derived from widen0"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l120, 20, l120_f);
static const struct ip_field l121_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("mode", 3, 1, MODIFIER, e87, "derived from mode"),
	BI_F("precision", 4, 1, MODIFIER, e88, "derived from precision"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l121, 20, l121_f);
static const struct ip_field l122_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs1", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op9", 9, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("clamp", 11, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("sem", 13, 2, MODIFIER, e89, "ISA.xml modifier"),
	BI_F("abs0", 15, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l122, 20, l122_f);
static const struct ip_field l123_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs0_abs1_ordering", 6, 1, MODIFIER, e23, "derived from abs0, abs1, ordering"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("neg1", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("swz0", 9, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 11, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("sem", 13, 2, MODIFIER, e89, "ISA.xml modifier"),
	BI_F("op15", 15, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l123, 20, l123_f);
static const struct ip_field l124_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("lane1", 6, 1, SWIZZLE, e90, "derived from lane1"),
	BI_F("lane0", 7, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("func", 8, 1, MODIFIER, e91, "derived from func"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l124, 20, l124_f);
static const struct ip_field l125_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 7, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("func", 8, 1, MODIFIER, e92, "derived from func"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l125, 20, l125_f);
static const struct ip_field l126_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("func", 7, 2, MODIFIER, e93, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l126, 20, l126_f);
static const struct ip_field l127_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs0", 4, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("divzero", 5, 1, MODIFIER, e84, "ISA.xml modifier"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 8, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l127, 20, l127_f);
static const struct ip_field l128_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("abs0", 4, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("widen0", 6, 1, SWIZZLE, e94, "derived from widen0"),
	BI_F("op7", 7, 13, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l128, 20, l128_f);
static const struct ip_field l129_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("neg0", 6, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op7", 7, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sqrt", 8, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l129, 20, l129_f);
static const struct ip_field l130_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l130, 20, l130_f);
static const struct ip_field l131_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("neg0", 6, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op7", 7, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sqrt", 8, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l131, 20, l131_f);
static const struct ip_field l132_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l132, 20, l132_f);
static const struct ip_field l133_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("sqrt", 7, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l133, 20, l133_f);
static const struct ip_field l134_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l134, 20, l134_f);
static const struct ip_field l135_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("sqrt", 7, 1, MODIFIER, e31, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l135, 20, l135_f);
static const struct ip_field l136_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 6, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 7, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l136, 20, l136_f);
static const struct ip_field l137_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("widen0", 3, 2, SWIZZLE, e30, "ISA.xml modifier"),
	BI_F("op5", 5, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("round", 9, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l137, 20, l137_f);
static const struct ip_field l138_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op5", 5, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("abs0", 7, 1, MODIFIER, e18, "ISA.xml modifier"),
	BI_F("neg0", 8, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("round", 9, 2, MODIFIER, e21, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l138, 20, l138_f);
static const struct ip_field l139_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("scale", 3, 1, MODIFIER, e95, "ISA.xml modifier"),
	BI_F("op4", 4, 16, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l139, 20, l139_f);
static const struct ip_field l140_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("round", 12, 1, MODIFIER, e96, "ISA.xml modifier"),
	BI_F("op13", 13, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l140, 20, l140_f);
static const struct ip_field l141_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("swap1", 9, 1, MODIFIER, e97, "ISA.xml modifier"),
	BI_F("swap0", 10, 1, MODIFIER, e97, "ISA.xml modifier"),
	BI_F("op11", 11, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("round", 12, 1, MODIFIER, e96, "ISA.xml modifier"),
	BI_F("op13", 13, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l141, 20, l141_f);
static const struct ip_field l142_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("swz0", 4, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l142, 20, l142_f);
static const struct ip_field l143_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l143, 20, l143_f);
static const struct ip_field l144_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e99, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l144, 20, l144_f);
static const struct ip_field l145_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 2, SWIZZLE, e100, "derived from lanes1"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l145, 20, l145_f);
static const struct ip_field l146_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lanes1_saturate", 7, 1, SWIZZLE, e101, "derived from lanes1, saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l146, 20, l146_f);
static const struct ip_field l147_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lanes1_saturate", 7, 1, SWIZZLE, e101, "derived from lanes1, saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e99, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l147, 20, l147_f);
static const struct ip_field l148_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lanes1_saturate", 7, 1, SWIZZLE, e101, "derived from lanes1, saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 2, SWIZZLE, e100, "derived from lanes1"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l148, 20, l148_f);
static const struct ip_field l149_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e102, "derived from lanes1"),
	BI_F("lanes0", 10, 1, SWIZZLE, e103, "derived from lanes0"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l149, 20, l149_f);
static const struct ip_field l150_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e104, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l150, 20, l150_f);
static const struct ip_field l151_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e105, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l151, 20, l151_f);
static const struct ip_field l152_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lanes1_saturate", 7, 1, SWIZZLE, e106, "derived from lanes1, saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e102, "derived from lanes1"),
	BI_F("lanes0", 10, 1, SWIZZLE, e103, "derived from lanes0"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l152, 20, l152_f);
static const struct ip_field l153_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lanes1_saturate", 7, 1, SWIZZLE, e106, "derived from lanes1, saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e104, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l153, 20, l153_f);
static const struct ip_field l154_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lanes1_saturate", 7, 1, SWIZZLE, e106, "derived from lanes1, saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e105, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l154, 20, l154_f);
static const struct ip_field l155_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 2, SWIZZLE, e107, "derived from lanes1"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l155, 20, l155_f);
static const struct ip_field l156_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e108, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l156, 20, l156_f);
static const struct ip_field l157_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 7, 1, MODIFIER, e109, "derived from saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l157, 20, l157_f);
static const struct ip_field l158_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 7, 1, MODIFIER, e109, "derived from saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 2, SWIZZLE, e107, "derived from lanes1"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l158, 20, l158_f);
static const struct ip_field l159_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("saturate", 7, 1, MODIFIER, e109, "derived from saturate"),
	BI_F("saturate", 8, 1, MODIFIER, e98, "ISA.xml modifier"),
	BI_F("lanes1", 9, 1, SWIZZLE, e108, "derived from lanes1"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l159, 20, l159_f);
static const struct ip_field l160_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 6, 1, MODIFIER, e110, "ISA.xml modifier"),
	BI_F("op7", 7, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("result_type", 10, 1, MODIFIER, e111, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l160, 20, l160_f);
static const struct ip_field l161_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 6, 1, MODIFIER, e14, "derived from cmpf"),
	BI_F("op7", 7, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("result_type", 10, 1, MODIFIER, e111, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l161, 20, l161_f);
static const struct ip_field l162_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 6, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 8, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("result_type", 10, 1, MODIFIER, e111, "ISA.xml modifier"),
	BI_F("cmpf", 11, 1, MODIFIER, e110, "ISA.xml modifier"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l162, 20, l162_f);
static const struct ip_field l163_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 6, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("swz1", 8, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("result_type", 10, 1, MODIFIER, e111, "ISA.xml modifier"),
	BI_F("op11", 11, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("cmpf", 12, 1, MODIFIER, e14, "derived from cmpf"),
	BI_F("op13", 13, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l163, 20, l163_f);
static const struct ip_field l164_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("cmpf", 6, 1, MODIFIER, e112, "ISA.xml modifier"),
	BI_F("op7", 7, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("result_type", 10, 1, MODIFIER, e111, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l164, 20, l164_f);
static const struct ip_field l165_f[] = {
	BI_F("op0", 0, 3, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("threads", 3, 1, MODIFIER, e38, "ISA.xml modifier"),
	BI_F("op4", 4, 16, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l165, 20, l165_f);
static const struct ip_field l166_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("round", 6, 3, MODIFIER, e113, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l166, 20, l166_f);
static const struct ip_field l167_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 11, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("register_format", 13, 3, MODIFIER, e115, "derived from register_format"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l167, 20, l167_f);
static const struct ip_field l168_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 11, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("op13", 13, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l168, 20, l168_f);
static const struct ip_field l169_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("attribute_index", 6, 4, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("op10", 10, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 11, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("register_format", 13, 3, MODIFIER, e115, "derived from register_format"),
	BI_F("op16", 16, 4, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l169, 20, l169_f);
static const struct ip_field l170_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("attribute_index", 6, 4, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("op10", 10, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 11, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("op13", 13, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l170, 20, l170_f);
static const struct ip_field l171_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("vecsize", 9, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l171, 20, l171_f);
static const struct ip_field l172_f[] = {
	BI_F("source", 0, 3, MODIFIER, e116, "ISA.xml modifier"),
	BI_F("op3", 3, 17, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l172, 20, l172_f);
static const struct ip_field l173_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("sample_update", 10, 4, MODIFIER, e117, "derived from sample, update"),
	BI_F("op14", 14, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 19, 1, MODIFIER, e118, "derived from register_format"),
};
BI_L(l173, 20, l173_f);
static const struct ip_field l174_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("sample_update", 10, 4, MODIFIER, e117, "derived from sample, update"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l174, 20, l174_f);
static const struct ip_field l175_f[] = {
	BI_F("function", 0, 3, MODIFIER, e119, "ISA.xml modifier"),
	BI_F("src0", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("register_format", 10, 1, MODIFIER, e120, "derived from register_format"),
	BI_F("op11", 11, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 19, 1, MODIFIER, e121, "derived from register_format"),
};
BI_L(l175, 20, l175_f);
static const struct ip_field l176_f[] = {
	BI_F("function", 0, 3, MODIFIER, e119, "ISA.xml modifier"),
	BI_F("src0", 3, 3, REGISTER, NULL, "source"),
	BI_F("op6", 6, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l176, 20, l176_f);
static const struct ip_field l177_f[] = {
	BI_F("function", 0, 3, MODIFIER, e119, "ISA.xml modifier"),
	BI_F("index", 3, 5, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("register_format", 10, 1, MODIFIER, e120, "derived from register_format"),
	BI_F("op11", 11, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 19, 1, MODIFIER, e121, "derived from register_format"),
};
BI_L(l177, 20, l177_f);
static const struct ip_field l178_f[] = {
	BI_F("function", 0, 3, MODIFIER, e119, "ISA.xml modifier"),
	BI_F("index", 3, 5, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l178, 20, l178_f);
static const struct ip_field l179_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("index", 3, 5, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("sample_update", 10, 4, MODIFIER, e117, "derived from sample, update"),
	BI_F("op14", 14, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 19, 1, MODIFIER, e118, "derived from register_format"),
};
BI_L(l179, 20, l179_f);
static const struct ip_field l180_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("index", 3, 5, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("vecsize", 8, 2, MODIFIER, e114, "ISA.xml modifier"),
	BI_F("sample_update", 10, 4, MODIFIER, e117, "derived from sample, update"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l180, 20, l180_f);
static const struct ip_field l181_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("register_format_sample_update_varying_name_vecsize", 3, 2, MODIFIER, e122, "derived from register_format, sample, update, varying_name, vecsize"),
	BI_F("op5", 5, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sample_update", 10, 4, MODIFIER, e117, "derived from sample, update"),
	BI_F("op14", 14, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 19, 1, MODIFIER, e118, "derived from register_format"),
};
BI_L(l181, 20, l181_f);
static const struct ip_field l182_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("register_format_sample_update_varying_name_vecsize", 3, 2, MODIFIER, e122, "derived from register_format, sample, update, varying_name, vecsize"),
	BI_F("op5", 5, 5, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("sample_update", 10, 4, MODIFIER, e117, "derived from sample, update"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l182, 20, l182_f);
static const struct ip_field l183_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 11, 3, MODIFIER, e115, "derived from register_format"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l183, 20, l183_f);
static const struct ip_field l184_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("attribute_index", 6, 4, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("op10", 10, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("register_format", 11, 3, MODIFIER, e115, "derived from register_format"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l184, 20, l184_f);
static const struct ip_field l185_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("attribute_index", 6, 4, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l185, 20, l185_f);
static const struct ip_field l186_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("op9", 9, 2, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("format", 11, 1, MODIFIER, e123, "ISA.xml modifier"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l186, 20, l186_f);
static const struct ip_field l187_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("texture_index", 6, 5, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("format", 11, 1, MODIFIER, e123, "ISA.xml modifier"),
	BI_F("op12", 12, 8, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l187, 20, l187_f);
static const struct ip_field l188_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("seg", 6, 3, MODIFIER, e124, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l188, 20, l188_f);
static const struct ip_field l189_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("seg", 6, 3, MODIFIER, e124, "ISA.xml modifier"),
	BI_F("lane_dest", 9, 1, SWIZZLE, e125, "derived from lane_dest"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l189, 20, l189_f);
static const struct ip_field l190_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("seg", 6, 3, MODIFIER, e124, "ISA.xml modifier"),
	BI_F("extend", 9, 1, MODIFIER, e126, "derived from extend"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l190, 20, l190_f);
static const struct ip_field l191_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("seg", 6, 3, MODIFIER, e124, "ISA.xml modifier"),
	BI_F("lane_dest", 9, 2, SWIZZLE, e127, "derived from lane_dest"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l191, 20, l191_f);
static const struct ip_field l192_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("seg", 6, 3, MODIFIER, e124, "ISA.xml modifier"),
	BI_F("extend", 9, 1, MODIFIER, e126, "derived from extend"),
	BI_F("lane_dest", 10, 1, SWIZZLE, e125, "derived from lane_dest"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l192, 20, l192_f);
static const struct ip_field l193_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("lane0", 6, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("lane1", 7, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l193, 20, l193_f);
static const struct ip_field l194_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("mux", 9, 2, MODIFIER, e128, "ISA.xml modifier"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l194, 20, l194_f);
static const struct ip_field l195_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("mux", 9, 2, MODIFIER, e128, "ISA.xml modifier"),
	BI_F("swap2", 11, 1, MODIFIER, e97, "ISA.xml modifier"),
	BI_F("swap1", 12, 1, MODIFIER, e97, "ISA.xml modifier"),
	BI_F("swap0", 13, 1, MODIFIER, e97, "ISA.xml modifier"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l195, 20, l195_f);
static const struct ip_field l196_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("mux", 9, 1, MODIFIER, e129, "ISA.xml modifier"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l196, 20, l196_f);
static const struct ip_field l197_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 4, 1, SWIZZLE, e17, "ISA.xml modifier"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l197, 20, l197_f);
static const struct ip_field l198_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lane0", 4, 2, SWIZZLE, e0, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l198, 20, l198_f);
static const struct ip_field l199_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("seg", 3, 3, MODIFIER, e43, "ISA.xml modifier"),
	BI_F("op6", 6, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("preserve_null", 7, 1, MODIFIER, e44, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l199, 20, l199_f);
static const struct ip_field l200_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("seg", 6, 3, MODIFIER, e130, "ISA.xml modifier"),
	BI_F("op9", 9, 11, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l200, 20, l200_f);
static const struct ip_field l201_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("swz0", 4, 2, SWIZZLE, e131, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l201, 20, l201_f);
static const struct ip_field l202_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("swz0", 3, 3, SWIZZLE, e132, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l202, 20, l202_f);
static const struct ip_field l203_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("skip", 9, 1, MODIFIER, e133, "ISA.xml modifier"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l203, 20, l203_f);
static const struct ip_field l204_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("texture_index", 6, 3, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("skip", 9, 1, MODIFIER, e133, "ISA.xml modifier"),
	BI_F("sampler_index", 10, 3, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("lod_mode", 13, 1, MODIFIER, e134, "ISA.xml modifier"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l204, 20, l204_f);
static const struct ip_field l205_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("skip", 9, 1, MODIFIER, e133, "ISA.xml modifier"),
	BI_F("sampler_index", 10, 2, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("texture_index", 12, 2, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("op14", 14, 6, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l205, 20, l205_f);
static const struct ip_field l206_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("round", 4, 2, MODIFIER, e32, "derived from round"),
	BI_F("swz0", 6, 2, SWIZZLE, e11, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l206, 20, l206_f);
static const struct ip_field l207_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("abs0_abs1", 6, 1, MODIFIER, e46, "derived from abs0, abs1"),
	BI_F("neg0_neg1", 7, 1, MODIFIER, e47, "derived from neg0, neg1"),
	BI_F("clamp", 8, 2, MODIFIER, e22, "ISA.xml modifier"),
	BI_F("round", 10, 3, MODIFIER, e48, "ISA.xml modifier"),
	BI_F("op13", 13, 7, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l207, 20, l207_f);
static const struct ip_field l208_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("swz0", 4, 4, SWIZZLE, e135, "ISA.xml modifier"),
	BI_F("op8", 8, 12, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l208, 20, l208_f);
static const struct ip_field l209_f[] = {
	BI_F("varying_index", 0, 3, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("texture_index", 3, 2, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("sample_update", 5, 2, MODIFIER, e136, "derived from sample, update"),
	BI_F("skip", 7, 1, MODIFIER, e133, "ISA.xml modifier"),
	BI_F("op8", 8, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("lod_mode", 9, 1, MODIFIER, e134, "ISA.xml modifier"),
	BI_F("op10", 10, 10, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l209, 20, l209_f);
static const struct ip_field l210_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("neg0", 3, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op4", 4, 16, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l210, 20, l210_f);
static const struct ip_field l211_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("op3", 3, 1, OPCODE, NULL, "opcode bits the encoding fixes"),
	BI_F("neg0", 4, 1, MODIFIER, e19, "ISA.xml modifier"),
	BI_F("op5", 5, 15, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l211, 20, l211_f);
static const struct ip_field l212_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("fill", 3, 1, IMMEDIATE, NULL, "ISA.xml immediate"),
	BI_F("subgroup", 4, 2, MODIFIER, e137, "ISA.xml modifier"),
	BI_F("op6", 6, 14, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l212, 20, l212_f);
static const struct ip_field l213_f[] = {
	BI_F("src0", 0, 3, REGISTER, NULL, "source"),
	BI_F("src1", 3, 3, REGISTER, NULL, "source"),
	BI_F("src2", 6, 3, REGISTER, NULL, "source"),
	BI_F("stencil_z", 9, 2, MODIFIER, e138, "derived from stencil, z"),
	BI_F("op11", 11, 9, OPCODE, NULL, "opcode bits the encoding fixes"),
};
BI_L(l213, 20, l213_f);

#define BIFROST_ISA_PARTS \
	{"fma_three", 0, &l0, "*ARSHIFT.i32", 0, NULL, 0x7ff838, 0x335018}, \
	{"fma_one", 0, &l1, "*ARSHIFT.v2i16", 0, NULL, 0x7ff838, 0x334818}, \
	{"fma_one", 0, &l2, "*ARSHIFT.v2i16", 0, NULL, 0x7ff838, 0x335818}, \
	{"fma_one", 0, &l3, "*ARSHIFT.v4i8", 0, NULL, 0x7ff838, 0x334018}, \
	{"fma_one", 0, &l4, "*ARSHIFT.v4i8", 0, NULL, 0x7ffe38, 0x335818}, \
	{"fma_one", 0, &l5, "*ARSHIFT_DOUBLE.i32", 0, NULL, 0x7ff000, 0x33e000}, \
	{"fma_one", 0, &l6, "*ATOM_C.i32", 0, NULL, 0x7fe000, 0x2f4000}, \
	{"fma_one", 0, &l7, "*ATOM_C.i64", 0, NULL, 0x7fe000, 0x2f0000}, \
	{"fma_one", 0, &l8, "*ATOM_C1.i32", 0, NULL, 0x7ffe00, 0x2f5e00}, \
	{"fma_one", 0, &l8, "*ATOM_C1.i64", 0, NULL, 0x7ffe00, 0x2f1e00}, \
	{"fma_one", 0, &l8, "*ATOM_C1_RETURN.i32", 0, NULL, 0x7ffe00, 0x2f7e00}, \
	{"fma_one", 0, &l8, "*ATOM_C1_RETURN.i64", 0, NULL, 0x7ffe00, 0x2f3e00}, \
	{"fma_one", 0, &l6, "*ATOM_C_RETURN.i32", 0, NULL, 0x7fe000, 0x2f6000}, \
	{"fma_one", 0, &l7, "*ATOM_C_RETURN.i64", 0, NULL, 0x7fe000, 0x2f2000}, \
	{"fma_one", 0, &l9, "*ATOM_POST.i32", 0, NULL, 0x7ffc00, 0x6ee400}, \
	{"fma_one", 0, &l10, "*ATOM_POST.i64", 0, NULL, 0x7ffc00, 0x6ee000}, \
	{"fma_one", 0, &l7, "*ATOM_PRE.i64", 0, NULL, 0x7fe000, 0x6ec000}, \
	{"fma_one", 0, &l11, "*BITREV.i32", 0, NULL, 0x7ffff8, 0x701fc0}, \
	{"fma_one", 0, &l12, "*CLZ.u32", 0, NULL, 0x7ffff0, 0x701fd0}, \
	{"fma_one", 0, &l13, "*CLZ.v2u16", 0, NULL, 0x7fffc0, 0x701ec0}, \
	{"fma_one", 0, &l12, "*CLZ.v4u8", 0, NULL, 0x7ffff0, 0x701f90}, \
	{"fma_four", 0, &l14, "*CSEL.f32", 0, NULL, 0x7fc000, 0x2e0000}, \
	{"fma_four", 0, &l15, "*CSEL.i32", 0, NULL, 0x7f8000, 0x2e0000}, \
	{"fma_four", 0, &l16, "*CSEL.s32", 0, NULL, 0x7fe000, 0x2e4000}, \
	{"fma_four", 0, &l16, "*CSEL.u32", 0, NULL, 0x7fe000, 0x2e6000}, \
	{"fma_four", 0, &l14, "*CSEL.v2f16", 0, NULL, 0x7fc000, 0x6e0000}, \
	{"fma_four", 0, &l15, "*CSEL.v2i16", 0, NULL, 0x7f8000, 0x6e0000}, \
	{"fma_four", 0, &l16, "*CSEL.v2s16", 0, NULL, 0x7fe000, 0x6e4000}, \
	{"fma_four", 0, &l16, "*CSEL.v2u16", 0, NULL, 0x7fe000, 0x6e6000}, \
	{"fma_one", 0, &l17, "*CUBEFACE1", 0, NULL, 0x7ffc00, 0x706800}, \
	{"fma_one", 0, &l18, "*DTSEL_IMM", 0, NULL, 0x7fffe0, 0x70f3e0}, \
	{"fma_one", 0, &l19, "*F16_TO_F32", 0, NULL, 0x7ffff0, 0x700d10}, \
	{"fma_fmod", 0, &l20, "*FADD.f32", 0, NULL, 0x7e0000, 0x2c0000}, \
	{"fma_fmod16", 0, &l21, "*FADD.v2f16", 0, NULL, 0x7e0000, 0x6c0000}, \
	{"fma_one", 0, &l22, "*FADD_LSCALE.f32", 0, NULL, 0x7ffc00, 0x70f400}, \
	{"fma_fcmp", 0, &l23, "*FCMP.f32", 0, NULL, 0x7c0000, 0x240000}, \
	{"fma_fcmp16", 0, &l24, "*FCMP.v2f16", 0, NULL, 0x7c0000, 0x640000}, \
	{"fma_one", 0, &l25, "*FLSHIFT_DOUBLE.i32", 0, NULL, 0x7ff800, 0x33f800}, \
	{"fma_fma", 0, &l26, "*FMA.f32", 0, NULL, 0x600000, 0x0}, \
	{"fma_fma16", 0, &l27, "*FMA.v2f16", 0, NULL, 0x600000, 0x400000}, \
	{"fma_mscale", 0, &l28, "*FMA_RSCALE.f32", 0, NULL, 0x7c0000, 0x280000}, \
	{"fma_one", 0, &l29, "*FMA_RSCALE.v2f16", 0, NULL, 0x7c0000, 0x680000}, \
	{"fma_one", 0, &l30, "*FMUL_CSLICE", 0, NULL, 0x7ffe00, 0x70d000}, \
	{"fma_one", 0, &l31, "*FMUL_SLICE.f32", 0, NULL, 0x7fffc0, 0x70cb40}, \
	{"fma_one", 0, &l32, "*FREXPE.f32", 0, NULL, 0x7ffea0, 0x701c20}, \
	{"fma_one", 0, &l33, "*FREXPE.f32", 0, NULL, 0x7fffe0, 0x701e20}, \
	{"fma_one", 0, &l34, "*FREXPE.v2f16", 0, NULL, 0x7ffea0, 0x701c00}, \
	{"fma_one", 0, &l35, "*FREXPE.v2f16", 0, NULL, 0x7fffe0, 0x701e00}, \
	{"fma_one", 0, &l36, "*FREXPM.f32", 0, NULL, 0x7fff20, 0x701b20}, \
	{"fma_one", 0, &l37, "*FREXPM.f32", 0, NULL, 0x7fff20, 0x701a20}, \
	{"fma_one", 0, &l38, "*FREXPM.v2f16", 0, NULL, 0x7fff20, 0x701b00}, \
	{"fma_one", 0, &l39, "*FREXPM.v2f16", 0, NULL, 0x7fff20, 0x701a00}, \
	{"fma_one", 0, &l40, "*FROUND.f32", 0, NULL, 0x7ff860, 0x70c020}, \
	{"fma_one", 0, &l41, "*FROUND.f32", 0, NULL, 0x7ffe60, 0x707620}, \
	{"fma_one", 0, &l42, "*FROUND.v2f16", 0, NULL, 0x7ff860, 0x70c000}, \
	{"fma_one", 0, &l43, "*FROUND.v2f16", 0, NULL, 0x7ffe60, 0x707600}, \
	{"fma_one", 0, &l25, "*FRSHIFT_DOUBLE.i32", 0, NULL, 0x7ff800, 0x33f000}, \
	{"fma_one", 0, &l4, "*IADDC.i32", 0, NULL, 0x7ffe00, 0x27fc00}, \
	{"fma_one", 0, &l44, "*IDP.v4i8", 0, NULL, 0x7ff9c0, 0x73e8c0}, \
	{"fma_three", 0, &l31, "*IMUL.i32", 0, NULL, 0x7fffc0, 0x73c0c0}, \
	{"fma_one", 0, &l45, "*IMUL.i32", 0, NULL, 0x7ff9c0, 0x73c8c0}, \
	{"fma_one", 0, &l46, "*IMUL.i32", 0, NULL, 0x7ff1c0, 0x73b0c0}, \
	{"fma_one", 0, &l47, "*IMUL.v2i16", 0, NULL, 0x7fe1c0, 0x7240c0}, \
	{"fma_one", 0, &l31, "*IMUL.v4i8", 0, NULL, 0x7fffc0, 0x73e0c0}, \
	{"fma_one", 0, &l48, "*IMUL.v4i8", 0, NULL, 0x7ff9c0, 0x7380c0}, \
	{"fma_one", 0, &l49, "*IMULD", 0, NULL, 0x7fff80, 0x70f100}, \
	{"fma_one", 0, &l4, "*ISUBB.i32", 0, NULL, 0x7ffe00, 0x27fe00}, \
	{"fma_one", 0, &l50, "*JUMP_EX", 0, NULL, 0x7ff000, 0x2eb000}, \
	{"fma_one", 0, &l5, "*LROT_DOUBLE.i32", 0, NULL, 0x7ff000, 0x33b000}, \
	{"fma_three", 0, &l51, "*LSHIFT_AND.i32", 0, NULL, 0x7f3800, 0x311000}, \
	{"fma_one", 0, &l52, "*LSHIFT_AND.v2i16", 0, NULL, 0x7f3800, 0x310800}, \
	{"fma_one", 0, &l53, "*LSHIFT_AND.v2i16", 0, NULL, 0x7f3800, 0x311800}, \
	{"fma_one", 0, &l54, "*LSHIFT_AND.v4i8", 0, NULL, 0x7f3800, 0x310000}, \
	{"fma_one", 0, &l55, "*LSHIFT_AND.v4i8", 0, NULL, 0x7f3e00, 0x311800}, \
	{"fma_one", 0, &l5, "*LSHIFT_DOUBLE.i32", 0, NULL, 0x7ff000, 0x33c000}, \
	{"fma_one", 0, &l56, "*LSHIFT_OR.i32", 0, NULL, 0x7f3800, 0x313000}, \
	{"fma_one", 0, &l57, "*LSHIFT_OR.v2i16", 0, NULL, 0x7f3800, 0x312800}, \
	{"fma_one", 0, &l58, "*LSHIFT_OR.v2i16", 0, NULL, 0x7f3800, 0x313800}, \
	{"fma_one", 0, &l59, "*LSHIFT_OR.v4i8", 0, NULL, 0x7f3800, 0x312000}, \
	{"fma_one", 0, &l60, "*LSHIFT_OR.v4i8", 0, NULL, 0x7f3e00, 0x313800}, \
	{"fma_three", 0, &l61, "*LSHIFT_XOR.i32", 0, NULL, 0x7fd800, 0x325000}, \
	{"fma_one", 0, &l62, "*LSHIFT_XOR.v2i16", 0, NULL, 0x7fd800, 0x324800}, \
	{"fma_one", 0, &l63, "*LSHIFT_XOR.v2i16", 0, NULL, 0x7fd800, 0x325800}, \
	{"fma_one", 0, &l64, "*LSHIFT_XOR.v4i8", 0, NULL, 0x7fd800, 0x324000}, \
	{"fma_one", 0, &l65, "*LSHIFT_XOR.v4i8", 0, NULL, 0x7fde00, 0x325800}, \
	{"fma_two", 0, &l66, "*MKVEC.v2i16", 0, NULL, 0x7fff00, 0x70f000}, \
	{"fma_one", 0, &l67, "*MKVEC.v4i8", 0, NULL, 0x7f0000, 0x710000}, \
	{"fma_one", 0, &l11, "*MOV.i32", 0, NULL, 0x7ffff8, 0x701968}, \
	{"fma_one", 0, &l68, "*NOP", 0, NULL, 0x7fffff, 0x701963}, \
	{"fma_one", 0, &l11, "*POPCOUNT.i32", 0, NULL, 0x7ffff8, 0x73c6d8}, \
	{"fma_one", 0, &l11, "*QUIET.f32", 0, NULL, 0x7ffff8, 0x701970}, \
	{"fma_one", 0, &l69, "*QUIET.v2f16", 0, NULL, 0x7fffc8, 0x701900}, \
	{"fma_one", 0, &l5, "*RROT_DOUBLE.i32", 0, NULL, 0x7ff000, 0x33a000}, \
	{"fma_three", 0, &l51, "*RSHIFT_AND.i32", 0, NULL, 0x7f3800, 0x301000}, \
	{"fma_one", 0, &l52, "*RSHIFT_AND.v2i16", 0, NULL, 0x7f3800, 0x300800}, \
	{"fma_one", 0, &l53, "*RSHIFT_AND.v2i16", 0, NULL, 0x7f3800, 0x301800}, \
	{"fma_one", 0, &l54, "*RSHIFT_AND.v4i8", 0, NULL, 0x7f3800, 0x300000}, \
	{"fma_one", 0, &l55, "*RSHIFT_AND.v4i8", 0, NULL, 0x7f3e00, 0x301800}, \
	{"fma_one", 0, &l5, "*RSHIFT_DOUBLE.i32", 0, NULL, 0x7ff000, 0x33d000}, \
	{"fma_one", 0, &l56, "*RSHIFT_OR.i32", 0, NULL, 0x7f3800, 0x303000}, \
	{"fma_one", 0, &l57, "*RSHIFT_OR.v2i16", 0, NULL, 0x7f3800, 0x302800}, \
	{"fma_one", 0, &l58, "*RSHIFT_OR.v2i16", 0, NULL, 0x7f3800, 0x303800}, \
	{"fma_one", 0, &l59, "*RSHIFT_OR.v4i8", 0, NULL, 0x7f3800, 0x302000}, \
	{"fma_one", 0, &l60, "*RSHIFT_OR.v4i8", 0, NULL, 0x7f3e00, 0x303800}, \
	{"fma_three", 0, &l61, "*RSHIFT_XOR.i32", 0, NULL, 0x7fd800, 0x321000}, \
	{"fma_one", 0, &l62, "*RSHIFT_XOR.v2i16", 0, NULL, 0x7fd800, 0x320800}, \
	{"fma_one", 0, &l63, "*RSHIFT_XOR.v2i16", 0, NULL, 0x7fd800, 0x321800}, \
	{"fma_one", 0, &l64, "*RSHIFT_XOR.v4i8", 0, NULL, 0x7fd800, 0x320000}, \
	{"fma_one", 0, &l65, "*RSHIFT_XOR.v4i8", 0, NULL, 0x7fde00, 0x321800}, \
	{"fma_one", 0, &l70, "*S16_TO_S32", 0, NULL, 0x7fffe8, 0x700cc0}, \
	{"fma_one", 0, &l71, "*S8_TO_S32", 0, NULL, 0x7fffc8, 0x700b40}, \
	{"fma_one", 0, &l72, "*SEG_ADD", 0, NULL, 0x7fff40, 0x701500}, \
	{"fma_one", 0, &l72, "*SEG_SUB", 0, NULL, 0x7fff40, 0x701540}, \
	{"fma_three", 0, &l73, "*SHADDXL.i64", 0, NULL, 0x7ffe00, 0x70e600}, \
	{"fma_one", 0, &l74, "*SHADDXL.s32", 0, NULL, 0x7ff800, 0x70e800}, \
	{"fma_one", 0, &l74, "*SHADDXL.u32", 0, NULL, 0x7ff800, 0x70e000}, \
	{"fma_one", 0, &l70, "*U16_TO_U32", 0, NULL, 0x7fffe8, 0x700cc8}, \
	{"fma_one", 0, &l71, "*U8_TO_U32", 0, NULL, 0x7fffc8, 0x700b48}, \
	{"fma_two", 0, &l75, "*V2F32_TO_V2F16", 0, NULL, 0x7fe000, 0x6e8000}, \
	{"fma_one", 0, &l76, "*VN_ASST1.f16", 0, NULL, 0x7ff000, 0x6eb000}, \
	{"fma_one", 0, &l77, "*VN_ASST1.f32", 0, NULL, 0x7fe000, 0x27c000}, \
	{"add_one", 0, &l78, "+ACMPSTORE.i32", 0, NULL, 0xffdc0, 0x648c0}, \
	{"add_one", 0, &l78, "+ACMPSTORE.i64", 0, NULL, 0xffdc0, 0x64900}, \
	{"add_one", 0, &l78, "+ACMPXCHG.i32", 0, NULL, 0xffdc0, 0x644c0}, \
	{"add_one", 0, &l78, "+ACMPXCHG.i64", 0, NULL, 0xffdc0, 0x64500}, \
	{"add_one", 0, &l79, "+ATEST", 0, NULL, 0xfff00, 0xc8f00}, \
	{"add_one", 0, &l80, "+ATOM_CX", 0, NULL, 0xffe00, 0xd7400}, \
	{"add_one", 0, &l78, "+AXCHG.i32", 0, NULL, 0xffdc0, 0x640c0}, \
	{"add_one", 0, &l78, "+AXCHG.i64", 0, NULL, 0xffdc0, 0x64100}, \
	{"add_one", 0, &l81, "+BARRIER", 0, NULL, 0xfffff, 0xd7874}, \
	{"add_one", 0, &l80, "+BLEND", 0, NULL, 0xffe00, 0xca800}, \
	{"add_branch", 0, &l82, "+BRANCH.f16", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l83, "+BRANCH.f32", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l84, "+BRANCH.i16", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l85, "+BRANCH.i32", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l86, "+BRANCH.s16", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l87, "+BRANCH.s32", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l88, "+BRANCH.u16", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l89, "+BRANCH.u32", 0, NULL, 0xf8000, 0x68000}, \
	{"add_branch", 0, &l90, "+BRANCHC.i16", 0, NULL, 0xff830, 0x6f030}, \
	{"add_branch", 0, &l91, "+BRANCHC.i32", 0, NULL, 0xffa38, 0x6f238}, \
	{"add_branch", 0, &l92, "+BRANCHZ.f16", 0, NULL, 0xff000, 0x6f000}, \
	{"add_branch", 0, &l93, "+BRANCHZ.f32", 0, NULL, 0xff030, 0x6f000}, \
	{"add_branch", 0, &l94, "+BRANCHZ.i16", 0, NULL, 0xffe00, 0x6f800}, \
	{"add_branch", 0, &l95, "+BRANCHZ.i32", 0, NULL, 0xffe30, 0x6f800}, \
	{"add_branch", 0, &l96, "+BRANCHZ.s16", 0, NULL, 0xff008, 0x6f008}, \
	{"add_branch", 0, &l97, "+BRANCHZ.s32", 0, NULL, 0xff038, 0x6f008}, \
	{"add_branch", 0, &l96, "+BRANCHZ.u16", 0, NULL, 0xff008, 0x6f000}, \
	{"add_branch", 0, &l97, "+BRANCHZ.u32", 0, NULL, 0xff038, 0x6f000}, \
	{"add_branch", 0, &l98, "+BRANCH_DIVERG", 0, NULL, 0xffe3f, 0x6f83c}, \
	{"add_branch", 0, &l99, "+BRANCH_LOWBITS.f32", 0, NULL, 0xffe38, 0x6fa38}, \
	{"add_branch", 0, &l98, "+BRANCH_NO_DIVERG", 0, NULL, 0xffe3f, 0x6fa34}, \
	{"add_one", 0, &l100, "+CLPER.i32", 0, NULL, 0xfc000, 0x7c000}, \
	{"add_one", 0, &l101, "+CLPER_OLD.i32", 0, NULL, 0xfffc0, 0x3f0c0}, \
	{"add_one", 0, &l102, "+CUBEFACE2", 0, NULL, 0xffff8, 0x3de58}, \
	{"add_one", 0, &l103, "+CUBE_SSEL", 0, NULL, 0xffc00, 0x3e000}, \
	{"add_one", 0, &l103, "+CUBE_TSEL", 0, NULL, 0xffc00, 0x3e400}, \
	{"add_one", 0, &l104, "+DISCARD.f32", 0, NULL, 0xff800, 0xc8800}, \
	{"add_one", 0, &l102, "+DOORBELL", 0, NULL, 0xffff8, 0xd7860}, \
	{"add_one", 0, &l102, "+EUREKA", 0, NULL, 0xffff8, 0xd7850}, \
	{"add_one", 0, &l105, "+F16_TO_F32", 0, NULL, 0xffff0, 0x3cd10}, \
	{"add_one", 0, &l106, "+F16_TO_S32", 0, NULL, 0xfff48, 0x3c500}, \
	{"add_one", 0, &l107, "+F16_TO_S32", 0, NULL, 0xfffd8, 0x3cc40}, \
	{"add_one", 0, &l106, "+F16_TO_U32", 0, NULL, 0xfff48, 0x3c508}, \
	{"add_one", 0, &l107, "+F16_TO_U32", 0, NULL, 0xfffd8, 0x3cc48}, \
	{"add_one", 0, &l108, "+F32_TO_S32", 0, NULL, 0xfffc8, 0x3c980}, \
	{"add_one", 0, &l102, "+F32_TO_S32", 0, NULL, 0xffff8, 0x3cca0}, \
	{"add_one", 0, &l108, "+F32_TO_U32", 0, NULL, 0xfffc8, 0x3c988}, \
	{"add_one", 0, &l102, "+F32_TO_U32", 0, NULL, 0xffff8, 0x3cca8}, \
	{"add_fmod", 0, &l109, "+FADD.f32", 0, NULL, 0xf0000, 0x20000}, \
	{"add_one", 0, &l101, "+FADD.f32", 0, NULL, 0xfffc0, 0x75200}, \
	{"add_fmod16", 0, &l110, "+FADD.v2f16", 0, NULL, 0xf0000, 0xa0000}, \
	{"add_mscale", 0, &l111, "+FADD_RSCALE.f32", 0, NULL, 0xe8000, 0x88000}, \
	{"add_one", 0, &l112, "+FATAN_ASSIST.f16", 0, NULL, 0xfff00, 0x67800}, \
	{"add_two", 0, &l101, "+FATAN_ASSIST.f32", 0, NULL, 0xfffc0, 0x67a00}, \
	{"add_one", 0, &l112, "+FATAN_TABLE.f16", 0, NULL, 0xfff00, 0x67900}, \
	{"add_two", 0, &l101, "+FATAN_TABLE.f32", 0, NULL, 0xfffc0, 0x67a40}, \
	{"add_fcmp", 0, &l113, "+FCMP.f32", 0, NULL, 0xf0000, 0x30000}, \
	{"add_one", 0, &l114, "+FCMP.v2f16", 0, NULL, 0xf0000, 0xb0000}, \
	{"add_one", 0, &l115, "+FCOS_TABLE.u6", 0, NULL, 0xfffe8, 0x67a88}, \
	{"add_one", 0, &l101, "+FEXP.f32", 0, NULL, 0xfffc0, 0x66ac0}, \
	{"add_one", 0, &l116, "+FEXP_TABLE.u4", 0, NULL, 0xfffe0, 0x67ac0}, \
	{"add_one", 0, &l102, "+FLOGD.f32", 0, NULL, 0xffff8, 0x66340}, \
	{"add_one", 0, &l117, "+FLOG_TABLE.f32", 0, NULL, 0xfffc0, 0x67300}, \
	{"add_one", 0, &l118, "+FLOG_TABLE.f32", 0, NULL, 0xfff40, 0x67340}, \
	{"add_one", 0, &l119, "+FLOG_TABLE.f32", 0, NULL, 0xfffc0, 0x67b00}, \
	{"add_one", 0, &l120, "+FLOG_TABLE.f32", 0, NULL, 0xfff40, 0x67b40}, \
	{"add_one", 0, &l121, "+FLOG_TABLE.f32", 0, NULL, 0xfffe0, 0x67ae0}, \
	{"add_fmod", 0, &l122, "+FMAX.f32", 0, NULL, 0xf0600, 0x0}, \
	{"add_minmax16", 0, &l123, "+FMAX.v2f16", 0, NULL, 0xf8000, 0x80000}, \
	{"add_fmod", 0, &l122, "+FMIN.f32", 0, NULL, 0xf0600, 0x10000}, \
	{"add_minmax16", 0, &l123, "+FMIN.v2f16", 0, NULL, 0xf8000, 0x90000}, \
	{"add_one", 0, &l105, "+FPCLASS.f16", 0, NULL, 0xffff0, 0x67c40}, \
	{"add_one", 0, &l102, "+FPCLASS.f32", 0, NULL, 0xffff8, 0x67c50}, \
	{"add_one", 0, &l101, "+FPOW_SC_APPLY", 0, NULL, 0xfffc0, 0x75080}, \
	{"add_one", 0, &l124, "+FPOW_SC_DET.f16", 0, NULL, 0xffe00, 0x67400}, \
	{"add_one", 0, &l125, "+FPOW_SC_DET.f16", 0, NULL, 0xffe40, 0x67600}, \
	{"add_one", 0, &l126, "+FPOW_SC_DET.f32", 0, NULL, 0xffe40, 0x67640}, \
	{"add_one", 0, &l117, "+FRCBRT_APPROX_A.f32", 0, NULL, 0xfffc0, 0x67200}, \
	{"add_one", 0, &l118, "+FRCBRT_APPROX_A.f32", 0, NULL, 0xfff40, 0x67240}, \
	{"add_one", 0, &l102, "+FRCBRT_APPROX_B.f32", 0, NULL, 0xffff8, 0x67ab0}, \
	{"add_one", 0, &l102, "+FRCBRT_APPROX_C.f32", 0, NULL, 0xffff8, 0x67ab8}, \
	{"add_one", 0, &l127, "+FRCP.f16", 0, NULL, 0xffec0, 0x67080}, \
	{"add_one", 0, &l128, "+FRCP.f32", 0, NULL, 0xfffa0, 0x66000}, \
	{"add_one", 0, &l117, "+FRCP_APPROX.f32", 0, NULL, 0xfffc0, 0x67000}, \
	{"add_one", 0, &l118, "+FRCP_APPROX.f32", 0, NULL, 0xfff40, 0x67040}, \
	{"add_one", 0, &l129, "+FREXPE.f32", 0, NULL, 0xffea0, 0x3dc20}, \
	{"add_one", 0, &l130, "+FREXPE.f32", 0, NULL, 0xfffe0, 0x3de20}, \
	{"add_one", 0, &l131, "+FREXPE.v2f16", 0, NULL, 0xffea0, 0x3dc00}, \
	{"add_one", 0, &l132, "+FREXPE.v2f16", 0, NULL, 0xfffe0, 0x3de00}, \
	{"add_one", 0, &l133, "+FREXPM.f32", 0, NULL, 0xfff20, 0x3db20}, \
	{"add_one", 0, &l134, "+FREXPM.f32", 0, NULL, 0xfff20, 0x3da20}, \
	{"add_one", 0, &l135, "+FREXPM.v2f16", 0, NULL, 0xfff20, 0x3db00}, \
	{"add_one", 0, &l136, "+FREXPM.v2f16", 0, NULL, 0xfff20, 0x3da00}, \
	{"add_one", 0, &l137, "+FROUND.f32", 0, NULL, 0xff860, 0x3e820}, \
	{"add_one", 0, &l138, "+FROUND.v2f16", 0, NULL, 0xff860, 0x3e800}, \
	{"add_one", 0, &l127, "+FRSQ.f16", 0, NULL, 0xffec0, 0x67280}, \
	{"add_one", 0, &l128, "+FRSQ.f32", 0, NULL, 0xfffa0, 0x66100}, \
	{"add_one", 0, &l117, "+FRSQ_APPROX.f32", 0, NULL, 0xfffc0, 0x67100}, \
	{"add_one", 0, &l118, "+FRSQ_APPROX.f32", 0, NULL, 0xfff40, 0x67140}, \
	{"add_one", 0, &l139, "+FSINCOS_OFFSET.u6", 0, NULL, 0xffff0, 0x67aa0}, \
	{"add_one", 0, &l115, "+FSIN_TABLE.u6", 0, NULL, 0xfffe8, 0x67a80}, \
	{"add_one", 0, &l140, "+HADD.s32", 0, NULL, 0xfefc0, 0xbc640}, \
	{"add_one", 0, &l140, "+HADD.u32", 0, NULL, 0xfefc0, 0xbc6c0}, \
	{"add_one", 0, &l141, "+HADD.v2s16", 0, NULL, 0xfe9c0, 0xbc840}, \
	{"add_one", 0, &l141, "+HADD.v2u16", 0, NULL, 0xfe9c0, 0xbc8c0}, \
	{"add_one", 0, &l140, "+HADD.v4s8", 0, NULL, 0xfefc0, 0xbc440}, \
	{"add_one", 0, &l140, "+HADD.v4u8", 0, NULL, 0xfefc0, 0xbc4c0}, \
	{"add_one", 0, &l102, "+IABS.s32", 0, NULL, 0xffff8, 0x3dea0}, \
	{"add_one", 0, &l142, "+IABS.v2s16", 0, NULL, 0xfffc8, 0x3de88}, \
	{"add_one", 0, &l102, "+IABS.v4s8", 0, NULL, 0xffff8, 0x3deb0}, \
	{"add_two", 0, &l143, "+IADD.s32", 0, NULL, 0xffec0, 0xbc600}, \
	{"add_two", 0, &l144, "+IADD.s32", 0, NULL, 0xffcc0, 0xbec00}, \
	{"add_one", 0, &l145, "+IADD.s32", 0, NULL, 0xff8c0, 0xbe000}, \
	{"add_two", 0, &l146, "+IADD.u32", 0, NULL, 0xffe40, 0xbc600}, \
	{"add_two", 0, &l147, "+IADD.u32", 0, NULL, 0xffc40, 0xbec00}, \
	{"add_one", 0, &l148, "+IADD.u32", 0, NULL, 0xff840, 0xbe000}, \
	{"add_two", 0, &l149, "+IADD.v2s16", 0, NULL, 0xff8c0, 0xbc800}, \
	{"add_one", 0, &l150, "+IADD.v2s16", 0, NULL, 0xffcc0, 0xbec40}, \
	{"add_one", 0, &l151, "+IADD.v2s16", 0, NULL, 0xffcc0, 0xbe800}, \
	{"add_two", 0, &l152, "+IADD.v2u16", 0, NULL, 0xff840, 0xbc800}, \
	{"add_one", 0, &l153, "+IADD.v2u16", 0, NULL, 0xffc40, 0xbec40}, \
	{"add_one", 0, &l154, "+IADD.v2u16", 0, NULL, 0xffc40, 0xbe800}, \
	{"add_one", 0, &l143, "+IADD.v4s8", 0, NULL, 0xffec0, 0xbc400}, \
	{"add_one", 0, &l155, "+IADD.v4s8", 0, NULL, 0xff8c0, 0xbe040}, \
	{"add_one", 0, &l156, "+IADD.v4s8", 0, NULL, 0xffcc0, 0xbe840}, \
	{"add_one", 0, &l157, "+IADD.v4u8", 0, NULL, 0xffe40, 0xbc400}, \
	{"add_one", 0, &l158, "+IADD.v4u8", 0, NULL, 0xff840, 0xbe040}, \
	{"add_one", 0, &l159, "+IADD.v4u8", 0, NULL, 0xffc40, 0xbe840}, \
	{"add_two", 0, &l160, "+ICMP.i32", 0, NULL, 0xffb80, 0x7b300}, \
	{"add_two", 0, &l161, "+ICMP.s32", 0, NULL, 0xffb80, 0x7b200}, \
	{"add_two", 0, &l161, "+ICMP.u32", 0, NULL, 0xffb80, 0x7b280}, \
	{"add_one", 0, &l162, "+ICMP.v2i16", 0, NULL, 0xff000, 0x7a000}, \
	{"add_one", 0, &l163, "+ICMP.v2s16", 0, NULL, 0xfe800, 0x78000}, \
	{"add_one", 0, &l163, "+ICMP.v2u16", 0, NULL, 0xfe800, 0x78800}, \
	{"add_one", 0, &l160, "+ICMP.v4i8", 0, NULL, 0xffb80, 0x7b100}, \
	{"add_one", 0, &l161, "+ICMP.v4s8", 0, NULL, 0xffb80, 0x7b000}, \
	{"add_one", 0, &l161, "+ICMP.v4u8", 0, NULL, 0xffb80, 0x7b080}, \
	{"add_one", 0, &l80, "+ICMPF.i32", 0, NULL, 0xffe00, 0x7be00}, \
	{"add_one", 0, &l160, "+ICMPI.i32", 0, NULL, 0xffb80, 0x7b900}, \
	{"add_one", 0, &l164, "+ICMPI.s32", 0, NULL, 0xffb80, 0x7b800}, \
	{"add_one", 0, &l164, "+ICMPI.u32", 0, NULL, 0xffb80, 0x7b880}, \
	{"add_one", 0, &l80, "+ICMPM.i32", 0, NULL, 0xffe00, 0x7ba00}, \
	{"add_one", 0, &l130, "+ILOGB.f32", 0, NULL, 0xfffe0, 0x3d9e0}, \
	{"add_one", 0, &l132, "+ILOGB.v2f16", 0, NULL, 0xfffe0, 0x3d9c0}, \
	{"add_one", 0, &l165, "+IMOV_FMA", 0, NULL, 0xffff7, 0xd7820}, \
	{"add_two", 0, &l143, "+ISUB.s32", 0, NULL, 0xffec0, 0xbd600}, \
	{"add_one", 0, &l144, "+ISUB.s32", 0, NULL, 0xffcc0, 0xbfc00}, \
	{"add_one", 0, &l145, "+ISUB.s32", 0, NULL, 0xff8c0, 0xbf000}, \
	{"add_two", 0, &l146, "+ISUB.u32", 0, NULL, 0xffe40, 0xbd600}, \
	{"add_one", 0, &l147, "+ISUB.u32", 0, NULL, 0xffc40, 0xbfc00}, \
	{"add_one", 0, &l148, "+ISUB.u32", 0, NULL, 0xff840, 0xbf000}, \
	{"add_one", 0, &l149, "+ISUB.v2s16", 0, NULL, 0xff8c0, 0xbd800}, \
	{"add_one", 0, &l150, "+ISUB.v2s16", 0, NULL, 0xffcc0, 0xbfc40}, \
	{"add_one", 0, &l151, "+ISUB.v2s16", 0, NULL, 0xffcc0, 0xbf800}, \
	{"add_one", 0, &l152, "+ISUB.v2u16", 0, NULL, 0xff840, 0xbd800}, \
	{"add_one", 0, &l153, "+ISUB.v2u16", 0, NULL, 0xffc40, 0xbfc40}, \
	{"add_one", 0, &l154, "+ISUB.v2u16", 0, NULL, 0xffc40, 0xbf800}, \
	{"add_one", 0, &l143, "+ISUB.v4s8", 0, NULL, 0xffec0, 0xbd400}, \
	{"add_one", 0, &l155, "+ISUB.v4s8", 0, NULL, 0xff8c0, 0xbf040}, \
	{"add_one", 0, &l156, "+ISUB.v4s8", 0, NULL, 0xffcc0, 0xbf840}, \
	{"add_one", 0, &l157, "+ISUB.v4u8", 0, NULL, 0xffe40, 0xbd400}, \
	{"add_one", 0, &l158, "+ISUB.v4u8", 0, NULL, 0xff840, 0xbf040}, \
	{"add_one", 0, &l159, "+ISUB.v4u8", 0, NULL, 0xffc40, 0xbf840}, \
	{"add_branch", 0, &l98, "+JUMP", 0, NULL, 0xffe3f, 0x6fe34}, \
	{"add_one", 0, &l102, "+KABOOM", 0, NULL, 0xffff8, 0xd7858}, \
	{"add_one", 0, &l166, "+LDEXP.f32", 0, NULL, 0xffe00, 0x74c00}, \
	{"add_one", 0, &l166, "+LDEXP.v2f16", 0, NULL, 0xffe00, 0x74e00}, \
	{"add_one", 0, &l167, "+LD_ATTR", 0, NULL, 0xf0600, 0x40400}, \
	{"add_one", 0, &l168, "+LD_ATTR", 0, NULL, 0xfe600, 0xc4400}, \
	{"add_ldattr", 0, &l169, "+LD_ATTR_IMM", 0, NULL, 0xf0400, 0x40000}, \
	{"add_one", 0, &l170, "+LD_ATTR_IMM", 0, NULL, 0xfe400, 0xc4000}, \
	{"add_one", 0, &l167, "+LD_ATTR_TEX", 0, NULL, 0xf0600, 0x40600}, \
	{"add_one", 0, &l168, "+LD_ATTR_TEX", 0, NULL, 0xfe600, 0xc4600}, \
	{"add_one", 0, &l171, "+LD_CVT", 0, NULL, 0xff800, 0xc9000}, \
	{"add_one", 0, &l172, "+LD_GCLK.u64", 0, NULL, 0xffff8, 0xd7800}, \
	{"add_one", 0, &l171, "+LD_TILE", 0, NULL, 0xff800, 0xcb000}, \
	{"add_ldvar", 0, &l173, "+LD_VAR", 0, NULL, 0x7c0c0, 0x500c0}, \
	{"add_one", 0, &l174, "+LD_VAR", 0, NULL, 0xfc0c0, 0xcc0c0}, \
	{"add_ldvar", 0, &l175, "+LD_VAR_FLAT", 0, NULL, 0x7f8c0, 0x538c0}, \
	{"add_one", 0, &l176, "+LD_VAR_FLAT", 0, NULL, 0xffcc0, 0xcf8c0}, \
	{"add_ldvar", 0, &l177, "+LD_VAR_FLAT_IMM", 0, NULL, 0x7f800, 0x53800}, \
	{"add_one", 0, &l178, "+LD_VAR_FLAT_IMM", 0, NULL, 0xffc00, 0xcf800}, \
	{"add_ldvar", 0, &l179, "+LD_VAR_IMM", 0, NULL, 0x7c000, 0x50000}, \
	{"add_one", 0, &l180, "+LD_VAR_IMM", 0, NULL, 0xfc000, 0xcc000}, \
	{"add_ldvar", 0, &l181, "+LD_VAR_SPECIAL", 0, NULL, 0x7c3e0, 0x500a0}, \
	{"add_one", 0, &l182, "+LD_VAR_SPECIAL", 0, NULL, 0xfc3e0, 0xcc0a0}, \
	{"add_varaddr", 0, &l183, "+LEA_ATTR", 0, NULL, 0xfc600, 0xc0400}, \
	{"add_one", 0, &l80, "+LEA_ATTR", 0, NULL, 0xffe00, 0xc8400}, \
	{"add_varaddr", 0, &l184, "+LEA_ATTR_IMM", 0, NULL, 0xfc400, 0xc0000}, \
	{"add_one", 0, &l185, "+LEA_ATTR_IMM", 0, NULL, 0xffc00, 0xc8000}, \
	{"add_varaddr", 0, &l183, "+LEA_ATTR_TEX", 0, NULL, 0xfc600, 0xc0600}, \
	{"add_one", 0, &l80, "+LEA_ATTR_TEX", 0, NULL, 0xffe00, 0xc8600}, \
	{"add_one", 0, &l186, "+LEA_TEX", 0, NULL, 0xff600, 0xd6600}, \
	{"add_one", 0, &l187, "+LEA_TEX_IMM", 0, NULL, 0xff000, 0xd6000}, \
	{"add_one", 0, &l188, "+LOAD.i128", 0, NULL, 0xffe00, 0x61000}, \
	{"add_one", 0, &l189, "+LOAD.i16", 0, NULL, 0xffc00, 0x60800}, \
	{"add_one", 0, &l190, "+LOAD.i16", 0, NULL, 0xffc00, 0x63000}, \
	{"add_one", 0, &l190, "+LOAD.i16", 0, NULL, 0xffc00, 0x61800}, \
	{"add_one", 0, &l188, "+LOAD.i24", 0, NULL, 0xffe00, 0x65000}, \
	{"add_one", 0, &l188, "+LOAD.i32", 0, NULL, 0xffe00, 0x60c00}, \
	{"add_one", 0, &l190, "+LOAD.i32", 0, NULL, 0xffc00, 0x61c00}, \
	{"add_one", 0, &l188, "+LOAD.i48", 0, NULL, 0xffe00, 0x65200}, \
	{"add_one", 0, &l188, "+LOAD.i64", 0, NULL, 0xffe00, 0x60e00}, \
	{"add_one", 0, &l191, "+LOAD.i8", 0, NULL, 0xff800, 0x60000}, \
	{"add_one", 0, &l192, "+LOAD.i8", 0, NULL, 0xff800, 0x63800}, \
	{"add_one", 0, &l190, "+LOAD.i8", 0, NULL, 0xffc00, 0x63400}, \
	{"add_one", 0, &l190, "+LOAD.i8", 0, NULL, 0xffc00, 0x61400}, \
	{"add_one", 0, &l188, "+LOAD.i96", 0, NULL, 0xffe00, 0x65400}, \
	{"add_one", 0, &l130, "+LOGB.f32", 0, NULL, 0xfffe0, 0x3d9a0}, \
	{"add_one", 0, &l132, "+LOGB.v2f16", 0, NULL, 0xfffe0, 0x3d980}, \
	{"add_two", 0, &l193, "+MKVEC.v2i16", 0, NULL, 0xfff00, 0x75300}, \
	{"add_one", 0, &l102, "+MOV.i32", 0, NULL, 0xffff8, 0x3d968}, \
	{"add_one", 0, &l194, "+MUX.i32", 0, NULL, 0xff800, 0x74000}, \
	{"add_one", 0, &l195, "+MUX.v2i16", 0, NULL, 0xfc000, 0x70000}, \
	{"add_one", 0, &l196, "+MUX.v4i8", 0, NULL, 0xffc00, 0x74800}, \
	{"add_one", 0, &l81, "+NOP", 0, NULL, 0xfffff, 0x3d964}, \
	{"add_one", 0, &l102, "+QUIET.f32", 0, NULL, 0xffff8, 0x3d970}, \
	{"add_one", 0, &l142, "+QUIET.v2f16", 0, NULL, 0xfffc8, 0x3d900}, \
	{"add_one", 0, &l197, "+S16_TO_F32", 0, NULL, 0xfffe8, 0x3cce0}, \
	{"add_one", 0, &l197, "+S16_TO_S32", 0, NULL, 0xfffe8, 0x3ccc0}, \
	{"add_one", 0, &l108, "+S32_TO_F32", 0, NULL, 0xfffc8, 0x3cbc0}, \
	{"add_one", 0, &l102, "+S32_TO_F32", 0, NULL, 0xffff8, 0x3cd00}, \
	{"add_one", 0, &l198, "+S8_TO_F32", 0, NULL, 0xfffc8, 0x3cb80}, \
	{"add_one", 0, &l198, "+S8_TO_S32", 0, NULL, 0xfffc8, 0x3cb40}, \
	{"add_one", 0, &l199, "+SEG_ADD", 0, NULL, 0xfff40, 0x3d500}, \
	{"add_one", 0, &l199, "+SEG_SUB", 0, NULL, 0xfff40, 0x3d540}, \
	{"add_two", 0, &l101, "+SHADDXH.i32", 0, NULL, 0xfffc0, 0x3f8c0}, \
	{"add_one", 0, &l80, "+SHIFT_DOUBLE.i32", 0, NULL, 0xffe00, 0xefe00}, \
	{"add_one", 0, &l200, "+STORE.i128", 0, NULL, 0xffe00, 0x61200}, \
	{"add_one", 0, &l200, "+STORE.i16", 0, NULL, 0xffe00, 0x62800}, \
	{"add_one", 0, &l200, "+STORE.i24", 0, NULL, 0xffe00, 0x65800}, \
	{"add_one", 0, &l200, "+STORE.i32", 0, NULL, 0xffe00, 0x62c00}, \
	{"add_one", 0, &l200, "+STORE.i48", 0, NULL, 0xffe00, 0x65a00}, \
	{"add_one", 0, &l200, "+STORE.i64", 0, NULL, 0xffe00, 0x62e00}, \
	{"add_one", 0, &l200, "+STORE.i8", 0, NULL, 0xffe00, 0x62000}, \
	{"add_one", 0, &l200, "+STORE.i96", 0, NULL, 0xffe00, 0x65c00}, \
	{"add_three", 0, &l171, "+ST_CVT", 0, NULL, 0xff800, 0xc9800}, \
	{"add_one", 0, &l171, "+ST_TILE", 0, NULL, 0xff800, 0xcb800}, \
	{"add_one", 0, &l201, "+SWZ.v2i16", 0, NULL, 0xfffc8, 0x3d948}, \
	{"add_one", 0, &l202, "+SWZ.v4i8", 0, NULL, 0xfffc0, 0x3df40}, \
	{"add_one", 0, &l203, "+TEXC", 0, NULL, 0xffc00, 0xd7000}, \
	{"add_one", 0, &l204, "+TEXS_2D.f16", 0, NULL, 0xfc000, 0xd8000}, \
	{"add_texc", 0, &l204, "+TEXS_2D.f32", 0, NULL, 0xfc000, 0x58000}, \
	{"add_one", 0, &l205, "+TEXS_CUBE.f16", 0, NULL, 0xfc000, 0xdc000}, \
	{"add_one", 0, &l205, "+TEXS_CUBE.f32", 0, NULL, 0xfc000, 0x5c000}, \
	{"add_one", 0, &l197, "+U16_TO_F32", 0, NULL, 0xfffe8, 0x3cce8}, \
	{"add_one", 0, &l197, "+U16_TO_U32", 0, NULL, 0xfffe8, 0x3ccc8}, \
	{"add_one", 0, &l108, "+U32_TO_F32", 0, NULL, 0xfffc8, 0x3cbc8}, \
	{"add_one", 0, &l102, "+U32_TO_F32", 0, NULL, 0xffff8, 0x3cd08}, \
	{"add_one", 0, &l198, "+U8_TO_F32", 0, NULL, 0xfffc8, 0x3cb88}, \
	{"add_one", 0, &l198, "+U8_TO_U32", 0, NULL, 0xfffc8, 0x3cb48}, \
	{"add_one", 0, &l206, "+V2F16_TO_V2S16", 0, NULL, 0xfff08, 0x3c200}, \
	{"add_one", 0, &l142, "+V2F16_TO_V2S16", 0, NULL, 0xfffc8, 0x3ca80}, \
	{"add_one", 0, &l206, "+V2F16_TO_V2U16", 0, NULL, 0xfff08, 0x3c208}, \
	{"add_one", 0, &l142, "+V2F16_TO_V2U16", 0, NULL, 0xfffc8, 0x3ca88}, \
	{"add_two", 0, &l207, "+V2F32_TO_V2F16", 0, NULL, 0xfe000, 0x76000}, \
	{"add_one", 0, &l206, "+V2S16_TO_V2F16", 0, NULL, 0xfff08, 0x3c600}, \
	{"add_one", 0, &l142, "+V2S16_TO_V2F16", 0, NULL, 0xfffc8, 0x3cb00}, \
	{"add_one", 0, &l208, "+V2S8_TO_V2F16", 0, NULL, 0xfff08, 0x3c800}, \
	{"add_one", 0, &l208, "+V2S8_TO_V2S16", 0, NULL, 0xfff08, 0x3c700}, \
	{"add_one", 0, &l206, "+V2U16_TO_V2F16", 0, NULL, 0xfff08, 0x3c608}, \
	{"add_one", 0, &l142, "+V2U16_TO_V2F16", 0, NULL, 0xfffc8, 0x3cb08}, \
	{"add_one", 0, &l208, "+V2U8_TO_V2F16", 0, NULL, 0xfff08, 0x3c808}, \
	{"add_one", 0, &l208, "+V2U8_TO_V2U16", 0, NULL, 0xfff08, 0x3c708}, \
	{"add_one", 0, &l209, "+VAR_TEX.f16", 0, NULL, 0xffd00, 0xca100}, \
	{"add_one", 0, &l209, "+VAR_TEX.f32", 0, NULL, 0xffd00, 0xca000}, \
	{"add_one", 0, &l210, "+VN_ASST2.f32", 0, NULL, 0xffff0, 0x3df80}, \
	{"add_one", 0, &l211, "+VN_ASST2.f32", 0, NULL, 0xfffe8, 0x3de80}, \
	{"add_one", 0, &l210, "+VN_ASST2.v2f16", 0, NULL, 0xffff0, 0x3dfa0}, \
	{"add_one", 0, &l212, "+WMASK", 0, NULL, 0xfffc0, 0x3d700}, \
	{"add_one", 0, &l213, "+ZS_EMIT", 0, NULL, 0xff800, 0xd7800}, \

#endif

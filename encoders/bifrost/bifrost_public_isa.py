#!/usr/bin/env python3
# bifrost_public_isa.py: writes bifrost_public_isa.h, the FMA and ADD encodings of Mesa's
# Bifrost ISA.xml as parts of the public overlay (facts: names, bit positions, value names).
#
# usage: python3 encoders/bifrost/bifrost_public_isa.py MESA/src/panfrost/compiler > \
#            encoders/bifrost/bifrost_public_isa.h
# It reads ISA.xml with Mesa's own bifrost_isa.py, and which of the notes' word formats each
# encoding falls in from the project's opcode tables (encoders/bifrost/bifrost_ops.c, read the
# way bifrost_decode_op reads them: the first entry whose format's op field holds the value).
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
mesa = sys.argv[1]
sys.path.insert(0, mesa)
from bifrost_isa import parse_instructions  # noqa: E402

ops_c = open(os.path.join(here, 'bifrost_ops.c')).read()

# The notes' families and their op fields.
op_field = {}
for m in re.finditer(r'static const struct ip_field bifrost_(\w+)_fields\[\] = \{(.*?)\};', ops_c,
                     re.S):
    body = m.group(2)
    f = re.search(r'OPF\((\d+), (\d+)\)', body) or re.search(r'F\("op", (\d+), (\d+)', body)
    if f:
        op_field[m.group(1)] = (int(f.group(1)), int(f.group(2)))


def table(name):
    body = ops_c[ops_c.index('const struct bifrost_op %s[] = {' % name):]
    body = body[:body.index('\n};')]
    return [(fam, int(v, 0)) for fam, v in
            re.findall(r'OP[UN]?\("[^"]+", (\w+), (0x[0-9a-fA-F]+|\d+)', body)]


ops = {'F': table('bifrost_fma_ops'), 'A': table('bifrost_add_ops')}


def family(unit, word):
    for fam, v in ops[unit]:
        lo, w = op_field[fam]
        if (word >> lo) & ((1 << w) - 1) == v:
            return fam
    return 'fma_one' if unit == 'F' else 'add_one'


def cname(s):
    return re.sub(r'[^A-Za-z0-9_]', '_', s)


def cstr(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def cond_text(c):
    """An ISA.xml condition as text: widen0=h0,widen1=none"""
    if c is None:
        return 'reserved'
    if c[0] == 'and':
        return ','.join(cond_text(x) for x in c[1:])
    if c[0] == 'or':
        return '|'.join(cond_text(x) for x in c[1:])
    if c[0] == 'alias':
        return cond_text(c[1])
    if c[0] in ('eq', 'neq'):
        return '%s%s%s' % (c[1], '=' if c[0] == 'eq' else '!=', c[2].lstrip('#'))
    return c[0]


enums = {}      # tuple of names -> C name
layouts = {}    # tuple of fields -> C name
parts = []      # (family, layout, mask, exact, ins name)
out = []


def enum_of(names):
    key = tuple(names)
    if key not in enums:
        enums[key] = 'e%d' % len(enums)
    return enums[key]


ins = parse_instructions(os.path.join(mesa, 'ISA.xml'), include_unused=True)
for name in sorted(ins):
    unit = 'F' if name[0] == '*' else 'A'
    width = 23 if unit == 'F' else 20
    for test, d in ins[name]:
        mask, exact = d['exact']
        fields = []
        used = 0
        for i, (start, smask) in enumerate(d['srcs']):
            fields.append((start, 3, 'REGISTER', 'src%d' % i, 'source', None))
        for (mname, start, size), default, opts in d['modifiers']:
            if start is None:
                continue
            lane = re.match(r'(widen|lane|swz|bytes|half|lanes)', mname)
            fields.append((int(start), size, 'SWIZZLE' if lane else 'MODIFIER', mname,
                           'ISA.xml modifier', tuple(opts)))
        for iname, start, size in d['immediates']:
            if start is None:
                continue
            fields.append((start, size, 'IMMEDIATE', iname, 'ISA.xml immediate', None))
        for (start, size), opts in d['derived']:
            names = [cond_text(c) for c in opts]
            mods = sorted({m for n in names for m in re.findall(r'(\w+)!?=', n)})
            fields.append((start, size, 'SWIZZLE' if any('widen' in m or 'lane' in m or 'swz' in m
                                                          for m in mods) else 'MODIFIER',
                           '_'.join(mods) or 'derived', 'derived from ' + (', '.join(mods) or 'nothing'), tuple(names)))
        for lo, w, *_ in fields:
            used |= ((1 << w) - 1) << lo
        # opcode bits (the encoding's mask) and bits it does not read
        bit = 0
        while bit < width:
            inmask = (mask >> bit) & 1 and not (used >> bit) & 1
            free = not (mask >> bit) & 1 and not (used >> bit) & 1
            if not inmask and not free:
                bit += 1
                continue
            end = bit
            while end + 1 < width and (((mask >> (end + 1)) & 1 and not (used >> (end + 1)) & 1)
                                       if inmask else
                                       (not (mask >> (end + 1)) & 1 and
                                        not (used >> (end + 1)) & 1)):
                end += 1
            w = end - bit + 1
            if inmask:
                fields.append((bit, w, 'OPCODE', 'op%d' % bit,
                               'opcode bits the encoding fixes', None))
            else:
                fields.append((bit, w, 'PADDING', 'x%d' % bit, 'not read', None))
            bit = end + 1
        fields.sort()
        for f in fields:
            if f[5]:
                enum_of(f[5])
        key = (width, tuple(fields))
        if key not in layouts:
            layouts[key] = 'l%d' % len(layouts)
        parts.append((family(unit, exact), layouts[key], mask, exact, name))

print('/* bifrost_public_isa.h: the FMA and ADD encodings of Mesa\'s Bifrost ISA.xml as parts of the')
print(' * public overlay, written by bifrost_public_isa.py from src/panfrost/compiler/ISA.xml; included')
print(' * once, by bifrost_public.c (BIFROST_ISA_PARTS lists the parts). */')
print('#ifndef BIFROST_PUBLIC_ISA_H')
print('#define BIFROST_PUBLIC_ISA_H')
print()
print('#define BI_F(n, lo, w, k, e, note) {n, lo, w, IP_KIND_##k, IP_DOC_UNKNOWN, e, 0, {{0, 0}, {0, 0}}, note}')
print('#define BI_L(var, bits, fields) static const struct ip_format var = {"bifrost", #var, "an ISA.xml encoding", bits, fields, IP_COUNT(fields), NULL, "Mesa src/panfrost/compiler/ISA.xml"}')
print()
for names, var in enums.items():
    vals = ', '.join('{%d, %s, NULL}' % (i, cstr(n)) for i, n in enumerate(names)
                     if n != 'reserved')
    print('static const struct ip_enum %s[] = {%s, {0, NULL, NULL}};' % (var, vals))
print()
for (width, fields), var in layouts.items():
    print('static const struct ip_field %s_f[] = {' % var)
    for lo, w, kind, fname, note, opts in fields:
        e = enum_of(opts) if opts else 'NULL'
        print('\tBI_F(%s, %d, %d, %s, %s, %s),' % (cstr(fname), lo, w, kind, e, cstr(note)))
    print('};')
    print('BI_L(%s, %d, %s_f);' % (var, width, var))
print()
print('#define BIFROST_ISA_PARTS \\')
for fam, var, mask, exact, name in parts:
    print('\t{%s, 0, &%s, %s, 0, NULL, 0x%x, 0x%x}, \\' % (cstr(fam), var, cstr(name), mask, exact))
print()
print('#endif')

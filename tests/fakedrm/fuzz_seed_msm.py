#!/usr/bin/env python3
"""fuzz_seed_msm.py: writes a seed for fuzz_fakedrm.c's msm node: one valid a3xx point draw as the
runner builds it (docs/drm-msm.md), with its model record, in the harness's input format (byte 0
picks the node, 3 = msm; bytes 1-3 the command buffer's offset and length in dwords; the rest
three equal BOs: code, commands, data; words 0xA<b><offset> are addresses in BO b).
Usage: fuzz_seed_msm.py ISAPROBE OUT"""
import os
import struct
import subprocess
import sys
import tempfile


def pkt0(reg, vals):
    return [((len(vals) - 1) << 16) | reg] + vals


def pkt3(op, vals):
    return [0xC0000000 | ((len(vals) - 1) << 16) | (op << 8)] + vals


def addr(bo, off):
    return 0xA0000000 | (bo << 24) | off


def main():
    isaprobe, out = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as d:
        src, binf = os.path.join(d, "a.s"), os.path.join(d, "a.bin")
        with open(src, "w") as f:
            f.write("add.f r1.x, r0.x, r0.y\nend\n")
        subprocess.run([isaprobe, "asm", "-i", "a3xx", src, "-o", binf], check=True)
        code = open(binf, "rb").read()
    code_len = len(code)
    code = code.ljust(32, b"\0")
    cmd = (pkt3(0x10, [0x524D5049, addr(2, 0x200)]) + pkt3(0x26, [0]) +
           pkt0(0x2201, [(1 << 6) | (1 << 8)]) + pkt0(0x2204, [1 | (1 << 24)]) +
           pkt0(0x22C4, [(48 << 4) | (48 << 10) | (1 << 24), 1, 0xFC | (0xFC << 8)]) +
           pkt0(0x22D4, [0, addr(0, 0)]) + pkt0(0x22DF, [1]) + pkt0(0x2240, [0]) +
           pkt3(0x30, [(4 << 16) | (4 << 19) | (1 << 22), addr(0, 0)]) +
           pkt3(0x30, [(4 << 16) | (4 << 19) | (1 << 22), addr(2, 0) | 1]) +
           pkt3(0x46, [7]) + pkt3(0x22, [0, 9 | (2 << 6), 1, 0, 0]) + pkt3(0x26, [0]) +
           pkt3(0x46, [6]) + pkt3(0x3D, [addr(2, 0x100), 0x1A3C0000]))
    cmdb = b"".join(struct.pack("<I", x) for x in cmd)
    data = bytearray(0x400 + 1172)  # consts at 0, sentinel 0x100, record 0x200, registers 0x400
    data[0:16] = struct.pack("<4f", 1, 2, 3, 4)
    struct.pack_into("<2f", data, 0x400, 0.5, 1.5)
    rec = struct.pack("<IIIIQ", 0x524D5049, 2, code_len, 0xFFFFFFFF, 0)
    roles = [(addr(2, 0), 16, 0)] + [(0, 0, 0)] * 4 + [(addr(2, 0x400), 1172, 1172), (0, 0, 0)]
    for va, n_in, n_out in roles:
        rec += struct.pack("<QII", va, n_in, n_out)
    data[0x200:0x200 + len(rec)] = rec
    n = len(cmd) - 1
    size = max(len(code), len(cmdb), len(data))
    body = code.ljust(size, b"\0") + cmdb.ljust(size, b"\0") + bytes(data).ljust(size, b"\0")
    with open(out, "wb") as f:
        f.write(bytes([3, 0, n & 0xFF, n >> 8, 0, 0, 0, 0]) + body)


main()

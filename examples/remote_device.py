#!/usr/bin/env python3
"""remote_device.py: an external device for isaprobe written from docs/protocol.md alone
(standard library only). Use it as the starting point of your own device:

    isaprobe campaign probes/midgard/... --runner remote:'python3 examples/remote_device.py'

It serves whatever ISA the caller names. For the made-up ISA "toy" (below) it really runs
the code; for any other ISA it answers every job "unmodeled", which is the honest answer of
a device that does not know an instruction set, and still lets a campaign run end to end.

The toy ISA: 4-byte words [op, a, b, c], 16 registers of 32 bits, all starting at 0.
    op 0  stop
    op 1  r[a] = b | c << 8
    op 2  r[a] = r[b] + r[c]            (modulo 2^32)
    op 3  global word b = r[a]          (fault 0x42 outside the global buffer)
    op 4  r[a] = uniforms word b        (fault 0x42 outside the uniform buffer)
    other ops: invalid encoding
Outputs: "registers" (16 little-endian words), "global" (its initial contents from the
input of the same role, then the stores). Running off the end of the code stops.

It speaks protocol version 1 only, on purpose (the simplest complete device): isaprobe's HELLO
of version 3 is refused with ERROR code 2 in a version 1 frame, and isaprobe starts it again and
speaks version 1 (docs/protocol.md, "Versions").
"""
import struct
import sys
import zlib

VERSION = 1
MAGIC = b"IPRB"
HELLO, WELCOME, BATCH, RESULTS, ERROR, BYE = 1, 2, 3, 4, 5, 6
OK, FAULT, INVALID, TIMEOUT, UNMODELED = 0, 1, 2, 3, 4
MAX_PAYLOAD = 64 << 20
MODEL = "toy-1"


class ProtocolError(Exception):
    def __init__(self, code, offset, message):
        super().__init__(message)
        self.code, self.offset = code, offset


def frame(typ, payload):
    header = MAGIC + struct.pack("<HHI", VERSION, typ, len(payload))
    return header + struct.pack("<I", zlib.crc32(header + payload)) + payload


def pack_str(text):
    data = text.encode()[:4096]
    return struct.pack("<I", len(data)) + data


class Reader:
    """Items of one payload; base is the stream offset of its first byte."""

    def __init__(self, data, base):
        self.data, self.pos, self.base = data, 0, base

    def take(self, n, what):
        if len(self.data) - self.pos < n:
            raise ProtocolError(3, self.base + self.pos, "message ends inside " + what)
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def u32(self, what):
        return struct.unpack("<I", self.take(4, what))[0]

    def i32(self, what):
        return struct.unpack("<i", self.take(4, what))[0]

    def u64(self, what):
        return struct.unpack("<Q", self.take(8, what))[0]

    def blob(self, what):
        return self.take(self.u32(what), what)

    def text(self, what):
        return self.blob(what).decode("utf-8", "replace")

    def end(self):
        if self.pos != len(self.data):
            raise ProtocolError(3, self.base + self.pos, "unexpected bytes after the message")


def run_toy(code, inputs, outputs, budget):
    """One job of the toy ISA: (status, fault, where, steps, why, {role: bytes})."""
    regs = [0] * 16
    glob = bytearray(inputs.get("global", b""))
    if "global" in outputs:
        glob = bytearray(glob[:outputs["global"]].ljust(outputs["global"], b"\0"))
    uniforms = inputs.get("uniforms", b"")
    status, fault, where, steps, why = OK, 0, 0, 0, ""
    pc = 0
    while pc + 4 <= len(code):
        if steps >= (budget or 1000):
            status, where, why = TIMEOUT, pc, "instruction budget exhausted"
            break
        op, a, b, c = code[pc:pc + 4]
        steps += 1
        if op == 0:
            break
        if op > 4 or a > 15 or (op == 2 and (b > 15 or c > 15)):
            status, where, why = INVALID, pc, "toy: no instruction %02x %02x %02x %02x" % (op, a, b, c)
            break
        if op == 1:
            regs[a] = b | c << 8
        elif op == 2:
            regs[a] = (regs[b] + regs[c]) & 0xFFFFFFFF
        elif op == 3:
            if 4 * b + 4 > len(glob):
                status, fault, where, why = FAULT, 0x42, pc, "toy: store outside global memory"
                break
            glob[4 * b:4 * b + 4] = struct.pack("<I", regs[a])
        elif op == 4:
            if 4 * b + 4 > len(uniforms):
                status, fault, where, why = FAULT, 0x42, pc, "toy: load outside the uniforms"
                break
            regs[a] = struct.unpack("<I", uniforms[4 * b:4 * b + 4])[0]
        pc += 4
    produced = {"registers": struct.pack("<16I", *regs), "global": bytes(glob)}
    outs = {role: produced.get(role, b"")[:cap] for role, cap in outputs.items()}
    return status, fault, where, steps, why, outs


ROLES = {"uniforms", "attributes", "varyings_in", "varyings_out", "global", "registers",
         "textures"}


def read_role(reader, what):
    at = reader.base + reader.pos
    role = reader.text(what)
    if role not in ROLES:
        raise ProtocolError(3, at, "unknown buffer role '%s'" % role)
    return role


def answer_batch(reader, isa):
    batch_id, count = reader.u32("batch id"), reader.u32("job count")
    out = [struct.pack("<II", batch_id, count)]
    for _ in range(count):
        code = reader.blob("code")
        reader.u32("invocations")
        budget = reader.u64("budget")
        reader.i32("uniform_regs")
        inputs = {}
        for _ in range(reader.u32("input count")):
            role = read_role(reader, "input role")
            inputs[role] = reader.blob("input data")
        outputs = {}
        for _ in range(reader.u32("output count")):
            role = read_role(reader, "output role")
            outputs[role] = reader.u32("output capacity")
        if isa == "toy":
            status, fault, where, steps, why, outs = run_toy(code, inputs, outputs, budget)
        else:
            status, fault, where, steps, outs = UNMODELED, 0, 0, 0, {}
            why = "remote_device.py models only the made-up 'toy' ISA, not " + isa
        out.append(struct.pack("<IIIIQ", status, fault, 0, where, steps) + pack_str(why))
        out.append(struct.pack("<I", len(outs)))
        for role, data in outs.items():
            out.append(pack_str(role) + struct.pack("<I", len(data)) + data)
    reader.end()
    return b"".join(out)


def read_exact(stream, n, offset, what):
    data = stream.read(n)
    if len(data) != n and (len(data) or what != "frame header"):
        raise ProtocolError(1, offset + len(data), "input ends inside a " + what)
    return data


def serve(stdin, stdout):
    offset, isa = 0, None
    while True:
        header = read_exact(stdin, 16, offset, "frame header")
        if not header:
            return 0
        if header[:4] != MAGIC:
            raise ProtocolError(1, offset, "not a protocol frame (bad magic)")
        version, typ, length, crc = struct.unpack("<HHII", header[4:])
        if version != VERSION:
            raise ProtocolError(2, offset + 4, "the caller speaks protocol version %d; this "
                                "device speaks version %d" % (version, VERSION))
        if length > MAX_PAYLOAD:
            raise ProtocolError(1, offset + 8, "frame length over the limit")
        payload = read_exact(stdin, length, offset + 16, "frame payload")
        if zlib.crc32(header[:12] + payload) != crc:
            raise ProtocolError(1, offset + 12, "checksum mismatch")
        reader = Reader(payload, offset + 16)
        offset += 16 + length
        if typ == HELLO:
            isa, gpu = reader.text("isa") or "toy", reader.text("gpu")
            reader.text("caller")
            reader.end()
            if gpu and gpu != MODEL:
                raise ProtocolError(5, -1, "this device is a %s, not a %s" % (MODEL, gpu))
            answer = frame(WELCOME, pack_str(isa) + pack_str(MODEL) + pack_str("python") +
                           pack_str("examples/remote_device.py"))
        elif typ == BATCH and isa is not None:
            answer = frame(RESULTS, answer_batch(reader, isa))
        elif typ == BYE:
            return 0
        else:
            raise ProtocolError(4, offset - 16 - length, "unexpected message type %d" % typ)
        stdout.write(answer)
        stdout.flush()


def main():
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer)
    except ProtocolError as e:
        offset = e.offset if e.offset >= 0 else (1 << 64) - 1
        sys.stdout.buffer.write(frame(ERROR, struct.pack("<IQ", e.code, offset) + pack_str(str(e))))
        sys.stdout.buffer.flush()
        where = "byte offset %d: " % e.offset if e.offset >= 0 else ""
        print("remote_device.py: <stdin>: %serror: %s" % (where, e), file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Convert the loadable part of an ELF32 RISC-V program into a $readmemh image
of 32-bit little-endian words for one memory of the Mosaic SoC.

    elf2hex.py prog.elf ram.hex [--base 0x80000000] [--size 0x80000]

Every PT_LOAD segment is placed at its physical address (p_paddr, as the
golden ISS loads it); only the bytes inside [base, base + size) are written,
p_filesz bytes from the file (the rest of p_memsz is zero, and the simulated
memories start zeroed). Output lines are "@<word index>" (hex, relative to
base) followed by one 8-digit word per line. An image with nothing in the
window is an empty file, which $readmemh accepts.
"""
import argparse
import struct
import sys

PT_LOAD = 1


def load_segments(data):
    if data[:4] != b"\x7fELF":
        raise ValueError("not an ELF file")
    if data[4] != 1 or data[5] != 1:
        raise ValueError("not a little-endian ELF32 file")
    (e_type, e_machine, _ver, _entry, e_phoff, _shoff, _flags, _ehsize,
     e_phentsize, e_phnum) = struct.unpack_from("<HHIIIIIHHH", data, 16)
    if e_machine != 243:
        raise ValueError("not a RISC-V ELF (e_machine %d)" % e_machine)
    segs = []
    for i in range(e_phnum):
        off = e_phoff + i * e_phentsize
        if off + 32 > len(data):
            raise ValueError("program header %d outside the file" % i)
        p_type, p_offset, _vaddr, p_paddr, p_filesz, _memsz, _fl, _al = \
            struct.unpack_from("<IIIIIIII", data, off)
        if p_type != PT_LOAD or p_filesz == 0:
            continue
        if p_offset + p_filesz > len(data):
            raise ValueError("segment %d outside the file" % i)
        segs.append((p_paddr, data[p_offset:p_offset + p_filesz]))
    return segs


def to_words(segs, base, size):
    bytes_at = {}
    for addr, blob in segs:
        for i, b in enumerate(blob):
            a = addr + i
            if base <= a < base + size:
                bytes_at[a - base] = b
    words = {}
    for off, b in bytes_at.items():
        w = off >> 2
        words[w] = words.get(w, 0) | (b << (8 * (off & 3)))
    return words


def write_hex(words, out):
    prev = None
    for w in sorted(words):
        if prev is None or w != prev + 1:
            out.write("@%x\n" % w)
        out.write("%08x\n" % words[w])
        prev = w


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("elf")
    ap.add_argument("hex")
    ap.add_argument("--base", type=lambda s: int(s, 0), default=0x80000000)
    ap.add_argument("--size", type=lambda s: int(s, 0), default=0x80000)
    args = ap.parse_args(argv)
    try:
        with open(args.elf, "rb") as f:
            data = f.read()
        words = to_words(load_segments(data), args.base, args.size)
    except (OSError, ValueError, struct.error) as e:
        print("elf2hex: %s: %s" % (args.elf, e), file=sys.stderr)
        return 2
    with open(args.hex, "w") as out:
        write_hex(words, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

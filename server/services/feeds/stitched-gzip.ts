/**
 * A gzip file stitched from pieces compressed one by one (issue #28: a feed rebuild must not
 * recompress 1.5 GB because 100 products changed). As pigz does: each piece is a raw deflate
 * stream ended with a sync flush (byte-aligned, no final block, no reference before its own
 * start), so pieces written one after another form one deflate stream; a final empty block, then
 * the gzip trailer (CRC-32 of the whole text, combined from the pieces' CRCs, and its length)
 * close it. The result is one ordinary gzip member (RFC 1952), not concatenated members, which
 * some HTTP clients stop reading after the first of.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/** The 10-byte gzip header: deflate, no name, no time, OS Unix. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);

/** An empty final deflate block with fixed codes: ends the stream of sync-flushed pieces. */
export const DEFLATE_END = Buffer.from([0x03, 0x00]);

/** One compressed piece: its deflate bytes and what the trailer needs of its text. */
export interface DeflatePiece {
  deflate: Buffer;
  /** CRC-32 of the text. */
  crc: number;
  /** Bytes of text. */
  length: number;
}

/**
 * `text` as a raw deflate piece at `level` (1–9), compressed on libuv's thread pool. Empty text
 * gives an empty piece.
 */
export async function deflatePiece(text: Buffer, level: number): Promise<DeflatePiece> {
  if (text.length === 0) return { deflate: Buffer.alloc(0), crc: 0, length: 0 };
  const deflate = await deflateRaw(text, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { deflate, crc: zlib.crc32(text), length: text.length };
}

const POLY = 0xedb88320;

/** a(x) · b(x) modulo the CRC-32 polynomial (bit-reflected, as zlib's multmodp). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X2N.push(p);
  for (let k = 1; k < 32; k++) X2N.push((p = multmodp(p, p)));
}

/**
 * CRC-32 of A followed by B from the CRC of A, the CRC of B and B's length in bytes (zlib's
 * crc32_combine).
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let p = 0x80000000; // x^0
  let n = lengthB;
  for (let k = 3; n > 0; k++, n = Math.floor(n / 2)) if (n % 2 === 1) p = multmodp(X2N[k & 31]!, p);
  return (multmodp(p, crcA) ^ crcB) >>> 0;
}

/** The 8-byte trailer: CRC-32 of the whole text and its length modulo 2^32, little-endian. */
export function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return trailer;
}

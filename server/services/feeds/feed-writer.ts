/**
 * Writing a feed as segment files so that a rebuild writes only the products that changed (issue
 * #28: `/yml.xml` at 100,000 products rebuilt ≤ 10 s after a change; a full build of 1.5 GB of XML
 * takes a minute or more). docs/feeds.md "Incremental rebuilds".
 *
 * A feed is its head (shop, categories, date: written again every build), the text of each product
 * in id order, and its tail. Products are kept in segments of about {@link SEGMENT_PRODUCTS}
 * products by id range. Every piece (head, segment, tail) is stored in the feed's segment folder
 * as two files named by the SHA-1 of its XML: `{sha1}.xml` and `{sha1}.gz`, its raw deflate piece
 * (stitched-gzip.ts). A build is the list of its pieces' names ({@link WrittenFeed#parts}); the
 * feed is served as their concatenation ({@link readFeed}): the XML files one after another, or
 * the gzip header, the deflate pieces and {@link WrittenFeed#gzipEnd}. A rebuild reads the changed
 * products only, and:
 *
 * - a segment without a changed product is the same files: nothing is read or written (until
 *   issue #28's last round the build copied 1.5 GB of unchanged XML into a new file, 13–16 s);
 * - a segment with one is put together from its previous XML file (the other products) and the
 *   new XML of the changed ones (a product gone or without anything to list drops out, a new one
 *   takes its place by id), compressed again on its own, and split when it has grown past twice
 *   the segment size;
 * - brotli cannot be stitched (a piece's back references and dictionary words depend on its
 *   position in the stream), so feed-files.ts makes the brotli copy after the build is published,
 *   from the whole XML ({@link writeBrotliCopy}), and serves gzip until it is there.
 *
 * Files are written under a temporary name and renamed into place; a piece whose files are already
 * there (same XML, so same name) is not written again. The XML is byte for byte the one a full
 * build writes (feed-writer.test.ts). The strong validator (`hash`) is the SHA-1 of the pieces'
 * SHA-1s, so unchanged segments are not hashed again.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs, { createWriteStream } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import zlib from 'node:zlib';
import { feedProducts, type FeedProduct } from './feed-source';
import { crc32Combine, deflatePiece, DEFLATE_END, GZIP_HEADER, gzipTrailer, type DeflatePiece } from './stitched-gzip';
import type { FeedOptions } from './yml';
import type { Db } from '../../db/client';

/** Products per segment: 64 × ~15 kB of YML ≈ 1 MB compressed in ~6 ms. */
export const SEGMENT_PRODUCTS = 64;

/** Gzip level of the stored copy (zlib's default: ~10× smaller for feed XML). */
export const FEED_GZIP_LEVEL = 6;

/**
 * Brotli quality of the stored copy of a feed of up to {@link BROTLI_SMALL_FEED} bytes of XML: 5
 * compresses 50 MB of XML in about half a second, to half the size of gzip 6.
 */
export const FEED_BROTLI_QUALITY = 5;

/**
 * Brotli quality above {@link BROTLI_SMALL_FEED}. The whole XML goes through brotli after every
 * build (it cannot be stitched): measured on 100 MB of this YML, quality 2 runs at 330 MB/s
 * (2.2 MB), 4 at 160 MB/s (2.0 MB), 5 at about 100 MB/s; gzip 6 gives 3.6 MB (docs/feeds.md).
 */
export const FEED_BROTLI_QUALITY_LARGE = 2;

/** Bytes of XML above which the brotli copy is made at {@link FEED_BROTLI_QUALITY_LARGE}. */
export const BROTLI_SMALL_FEED = 128 * 1024 * 1024;

/** The brotli quality for a feed of about `bytes` of XML (0: not known yet). */
export function brotliQualityFor(bytes: number): number {
  return bytes > BROTLI_SMALL_FEED ? FEED_BROTLI_QUALITY_LARGE : FEED_BROTLI_QUALITY;
}

/** Bytes read from a piece's file at a time when a feed is served. */
const READ_CHUNK = 256 * 1024;

/** Deflate pieces compressed ahead of the writer during a full build. */
const AHEAD = 4;

/**
 * Changed segments put together and compressed ahead of the writer during a rebuild (on the
 * thread pool): each is ~1 MB and a few ms of deflate, which one after another would take longer.
 */
const REWRITES_AHEAD = 16;

/** One segment of a built feed: products by id in (previous segment's `hi`, `hi`]. */
export interface Segment {
  /** Highest product id the segment takes (inclusive); the last segment's is Infinity. */
  hi: number;
  /** Product ids in order, and the bytes of XML of each (0: nothing listed, e.g. sold out). */
  ids: number[];
  lens: number[];
  /** SHA-1 of its XML, hex: the name of its files (`{name}.xml`, `{name}.gz`). */
  name: string;
  /** Bytes of XML and of its deflate piece. */
  length: number;
  gzLength: number;
  /** CRC-32 of the XML (the gzip trailer) and its SHA-1 (the validator). */
  crc: number;
  sha1: Buffer;
}

/** What a rebuild needs of the previous build of a feed (kept in memory by feed-files.ts). */
export interface FeedLayout {
  /** SITE_URL the XML was written with (links): another one needs a full build. */
  siteUrl: string;
  /** The segment folder the build's files are in. */
  dir: string;
  segments: Segment[];
  /** Products listed (segments' ids). */
  products: number;
  /** Products per segment the layout was made with (a rewritten segment splits past twice it). */
  segmentProducts: number;
}

/** How one feed is written: its head, its tail and a product's XML. */
export interface FeedFormat {
  head: (db: Db, options: FeedOptions) => Promise<string>;
  tail: string;
  /** The XML of one product's variants ('' when it lists none). */
  render: (product: FeedProduct, siteUrl: string) => string;
}

/** The result of a build. */
export interface WrittenFeed {
  layout: FeedLayout;
  /** SHA-1 of the pieces' SHA-1s, base64url (27 characters). */
  hash: string;
  /** Names of the pieces in order (head, segments, tail): the feed is their files joined. */
  parts: string[];
  /** What follows the deflate pieces in the gzip copy: an empty final block and the trailer. */
  gzipEnd: Buffer;
  /** Bytes of the XML and of the gzip copy. */
  sizes: { identity: number; gzip: number };
  /** Products whose XML was made in this build (all of them in a full build). */
  rendered: number;
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest();

/** Path of a piece's XML (`identity`) or deflate (`gzip`) file in a segment folder. */
export function piecePath(dir: string, name: string, coding: 'identity' | 'gzip'): string {
  return path.join(dir, `${name}${coding === 'identity' ? '.xml' : '.gz'}`);
}

/** Writes `bytes` to `target` through a temporary file renamed into place. */
async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Whether `file` is there with `size` bytes. */
async function present(file: string, size: number): Promise<boolean> {
  return (await stat(file).catch(() => null))?.size === size;
}

/** The pieces of a build being written, in order. */
class FeedWriter {
  private crc = 0;
  private length = 0;
  private gzipBytes = 0;
  private readonly hash = createHash('sha1');
  readonly segments: Segment[] = [];
  readonly parts: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(private readonly dir: string) {}

  /** Stores a piece's two files unless they are there already (same XML, same name). */
  private async store(name: string, text: Buffer, deflate: Buffer): Promise<void> {
    const xml = piecePath(this.dir, name, 'identity');
    const gz = piecePath(this.dir, name, 'gzip');
    if ((await present(xml, text.length)) && (await present(gz, deflate.length))) return;
    await Promise.all([writeAtomically(xml, text), writeAtomically(gz, deflate)]);
  }

  private account(name: string, crc: number, length: number, gzLength: number, digest: Buffer): void {
    this.crc = crc32Combine(this.crc, crc, length);
    this.length += length;
    this.gzipBytes += gzLength;
    this.hash.update(digest);
    this.parts.push(name);
  }

  /** The head or the tail: written at once. */
  async piece(text: Buffer): Promise<void> {
    await this.drain();
    const piece = await deflatePiece(text, FEED_GZIP_LEVEL);
    const digest = sha1(text);
    const name = digest.toString('hex');
    await this.store(name, text, piece.deflate);
    this.account(name, piece.crc, piece.length, piece.deflate.length, digest);
  }

  /**
   * A segment made in this build. Its compression starts now on the thread pool; it is stored
   * after the segments before it, up to {@link AHEAD} of them waiting.
   */
  async segment(
    hi: number,
    ids: number[],
    lens: number[],
    text: Buffer,
    compressed: Promise<DeflatePiece> = deflatePiece(text, FEED_GZIP_LEVEL),
  ): Promise<void> {
    compressed.catch(() => undefined);
    this.queued += 1;
    this.queue = this.queue.then(async () => {
      const piece = await compressed;
      const digest = sha1(text);
      const name = digest.toString('hex');
      await this.store(name, text, piece.deflate);
      this.account(name, piece.crc, piece.length, piece.deflate.length, digest);
      this.segments.push({
        hi,
        ids,
        lens,
        name,
        length: text.length,
        gzLength: piece.deflate.length,
        crc: piece.crc,
        sha1: digest,
      });
      this.queued -= 1;
    });
    this.queue.catch(() => undefined);
    if (this.queued >= AHEAD) await this.queue;
  }

  /** Segments of the previous build that did not change: their files are kept as they are. */
  async keep(run: Segment[]): Promise<void> {
    await this.drain();
    for (const s of run) {
      this.account(s.name, s.crc, s.length, s.gzLength, s.sha1);
      this.segments.push(s);
    }
  }

  private async drain(): Promise<void> {
    await this.queue;
  }

  /** Stores the tail; returns the validator, the sizes and the end of the gzip copy. */
  async finish(tail: Buffer): Promise<{ hash: string; identity: number; gzip: number; gzipEnd: Buffer }> {
    await this.piece(tail);
    const gzipEnd = Buffer.concat([DEFLATE_END, gzipTrailer(this.crc, this.length)]);
    return {
      hash: this.hash.digest('base64url'),
      identity: this.length,
      gzip: GZIP_HEADER.length + this.gzipBytes + gzipEnd.length,
      gzipEnd,
    };
  }

  /** Waits for pieces under way after a failure (their files stay until a sweep removes them). */
  async abort(): Promise<void> {
    await this.queue.catch(() => undefined);
  }
}

/**
 * Files read one after another as one stream, with bytes before and after (the gzip header and
 * end). Callback `fs` calls, not an async generator over `FileHandle.read`: that managed a third
 * of `createReadStream`'s speed on one file (docs/feeds.md "Measured").
 */
class PiecesStream extends Readable {
  private index = 0;
  private fd: number | null = null;
  /** A read or an open is under way: `_destroy` closes the file after it. */
  private busy = false;
  private closeWhenIdle: (() => void) | null = null;

  constructor(
    private readonly files: readonly string[],
    private before: Buffer | null,
    private after: Buffer | null,
  ) {
    super({ highWaterMark: READ_CHUNK });
  }

  override _read(): void {
    if (this.before) {
      const bytes = this.before;
      this.before = null;
      this.push(bytes);
      return;
    }
    if (this.fd === null) {
      if (this.index >= this.files.length) {
        if (this.after) this.push(this.after);
        this.after = null;
        this.push(null);
        return;
      }
      this.busy = true;
      fs.open(this.files[this.index++]!, 'r', (error, fd) => {
        this.busy = false;
        if (this.settle(error ? null : fd)) return;
        if (error) return void this.destroy(error);
        this.fd = fd;
        this._read();
      });
      return;
    }
    const fd = this.fd;
    const buffer = Buffer.allocUnsafe(READ_CHUNK);
    this.busy = true;
    fs.read(fd, buffer, 0, READ_CHUNK, null, (error, bytesRead) => {
      this.busy = false;
      if (this.settle(null)) return;
      if (error) return void this.destroy(error);
      if (bytesRead > 0) {
        this.push(bytesRead === READ_CHUNK ? buffer : buffer.subarray(0, bytesRead));
        return;
      }
      this.fd = null;
      fs.close(fd, (closeError) => (closeError ? this.destroy(closeError) : this._read()));
    });
  }

  /** After `_destroy` during an open or a read: closes what is open now; true when destroyed. */
  private settle(opened: number | null): boolean {
    if (!this.closeWhenIdle) return false;
    if (opened !== null) fs.close(opened, () => undefined);
    this.closeWhenIdle();
    return true;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const close = () => {
      const fd = this.fd;
      this.fd = null;
      if (fd === null) callback(error);
      else fs.close(fd, () => callback(error));
    };
    if (this.busy) this.closeWhenIdle = close;
    else close();
  }
}

/**
 * A feed as served: the pieces' XML files joined (`identity`), or the gzip header, their deflate
 * pieces and `gzipEnd` (`gzip`), read from disk as the stream is consumed ({@link READ_CHUNK}
 * bytes at a time). The files must stay until the stream closes (feed-files.ts holds the build).
 * @throws (as a stream error) when a piece's file is missing
 */
export function readFeed(
  dir: string,
  parts: readonly string[],
  coding: 'identity' | 'gzip',
  gzipEnd: Buffer,
): Readable {
  const files = parts.map((name) => piecePath(dir, name, coding));
  return coding === 'gzip' ? new PiecesStream(files, GZIP_HEADER, gzipEnd) : new PiecesStream(files, null, null);
}

/** A brotli encoder for about `textBytes` of feed XML (0: not known). */
function createFeedBrotli(textBytes: number): zlib.BrotliCompress {
  return zlib.createBrotliCompress({
    chunkSize: 256 * 1024,
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(textBytes),
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      ...(textBytes > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Math.min(textBytes, 2 ** 31 - 1) } : {}),
    },
  });
}

/**
 * The brotli copy of a feed's XML, made after the build was published (feed-files.ts).
 * @param xml the published XML ({@link readFeed} of the build)
 * @param target where to write (a temporary name: the caller renames it)
 * @param textBytes size of the XML (the quality and size hint)
 * @param signal aborts the compression (a newer build made it useless); the promise then rejects
 * @returns bytes written
 */
export async function writeBrotliCopy(
  xml: Readable,
  target: string,
  textBytes: number,
  signal?: AbortSignal,
): Promise<number> {
  const out = createWriteStream(target);
  await pipeline(xml, createFeedBrotli(textBytes), out, { signal });
  return out.bytesWritten;
}

/** `parts` joined, with the ids and byte lengths that go with them. */
interface Batch {
  ids: number[];
  lens: number[];
  parts: Buffer[];
}
const emptyBatch = (): Batch => ({ ids: [], lens: [], parts: [] });

/**
 * Writes a whole feed from the database: every product read in pages of `options.pageSize` by id,
 * the event loop let in after each page.
 * @param options as for the feeds' generators (`now` is the feed's date)
 * @param dir the feed's segment folder (must exist)
 * @param segmentProducts products per segment (tests use small ones)
 * @returns the layout for the next rebuild, the pieces, the validator and the sizes
 * @throws whatever reading the database or writing the files throws
 */
export async function writeFullFeed(
  db: Db,
  format: FeedFormat,
  options: FeedOptions,
  dir: string,
  { segmentProducts = SEGMENT_PRODUCTS }: { segmentProducts?: number } = {},
): Promise<WrittenFeed> {
  const head = Buffer.from(await format.head(db, options), 'utf8');
  const writer = new FeedWriter(dir);
  try {
    await writer.piece(head);
    let batch = emptyBatch();
    let rendered = 0;
    for await (const page of feedProducts(db, { pageSize: options.pageSize, signal: options.signal })) {
      for (const product of page) {
        const text = Buffer.from(format.render(product, options.siteUrl), 'utf8');
        batch.ids.push(product.id);
        batch.lens.push(text.length);
        batch.parts.push(text);
        rendered += 1;
        if (batch.ids.length === segmentProducts) {
          await writer.segment(product.id, batch.ids, batch.lens, Buffer.concat(batch.parts));
          batch = emptyBatch();
        }
      }
      // A page of products is tens of ms of string work: let waiting requests in between.
      await yieldToLoop();
    }
    // The last segment takes every id above: new products go there.
    await writer.segment(Infinity, batch.ids, batch.lens, Buffer.concat(batch.parts));
    const done = await writer.finish(Buffer.from(format.tail, 'utf8'));
    return result(writer, done, dir, options.siteUrl, rendered, segmentProducts);
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

function result(
  writer: FeedWriter,
  done: Awaited<ReturnType<FeedWriter['finish']>>,
  dir: string,
  siteUrl: string,
  rendered: number,
  segmentProducts: number,
): WrittenFeed {
  const segments = writer.segments;
  return {
    layout: {
      siteUrl,
      dir,
      segments,
      products: segments.reduce((n, s) => n + s.ids.length, 0),
      segmentProducts,
    },
    hash: done.hash,
    parts: writer.parts,
    gzipEnd: done.gzipEnd,
    sizes: { identity: done.identity, gzip: done.gzip },
    rendered,
  };
}

/**
 * Writes a feed from the previous build's pieces and the changed products only (see the module
 * docstring). The XML is what {@link writeFullFeed} would write now.
 * @param previous the layout of the previous build, whose files must still be in `previous.dir`
 *   (the new build's pieces go there too)
 * @param changed ids of products changed since the previous build began (any order, repeats
 *   allowed): each is read again, and left out when it no longer exists or lists nothing.
 * @throws when a previous segment's file is missing or not as long as the layout says, or as
 *   {@link writeFullFeed}
 */
export async function writeChangedFeed(
  db: Db,
  format: FeedFormat,
  options: FeedOptions,
  previous: FeedLayout,
  changed: readonly number[],
): Promise<WrittenFeed> {
  const ids = [...new Set(changed)].sort((a, b) => a - b);
  const fresh = new Map<number, Buffer>();
  for await (const page of feedProducts(db, { ids, pageSize: options.pageSize, signal: options.signal })) {
    for (const product of page) fresh.set(product.id, Buffer.from(format.render(product, options.siteUrl), 'utf8'));
    await yieldToLoop();
  }
  const head = Buffer.from(await format.head(db, options), 'utf8');
  const writer = new FeedWriter(previous.dir);
  try {
    // Runs of unchanged segments to keep, and segments to put together again.
    const tasks: ({ keep: Segment[] } | { segment: Segment; changed: number[] })[] = [];
    let run: Segment[] = [];
    let next = 0;
    for (const segment of previous.segments) {
      const from = next;
      while (next < ids.length && ids[next]! <= segment.hi) next += 1;
      if (next === from) {
        run.push(segment);
        continue;
      }
      if (run.length > 0) tasks.push({ keep: run });
      run = [];
      tasks.push({ segment, changed: ids.slice(from, next) });
    }
    if (run.length > 0) tasks.push({ keep: run });
    const prepared = new Map<number, Promise<Rewritten[]>>();
    let ahead = 0;
    const prepareUpTo = (limit: number) => {
      for (; ahead < tasks.length && ahead <= limit; ahead += 1) {
        const task = tasks[ahead]!;
        if ('segment' in task) {
          const ready = rewriteSegment(previous.dir, task.segment, task.changed, fresh, previous.segmentProducts);
          ready.catch(() => undefined);
          prepared.set(ahead, ready);
        }
      }
    };
    await writer.piece(head);
    for (const [i, task] of tasks.entries()) {
      prepareUpTo(i + REWRITES_AHEAD);
      if ('keep' in task) {
        await writer.keep(task.keep);
        continue;
      }
      for (const part of await prepared.get(i)!)
        await writer.segment(part.hi, part.ids, part.lens, part.text, part.piece);
      prepared.delete(i);
    }
    const done = await writer.finish(Buffer.from(format.tail, 'utf8'));
    return result(writer, done, previous.dir, options.siteUrl, fresh.size, previous.segmentProducts);
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** A segment put together again, its compression started. */
interface Rewritten {
  hi: number;
  ids: number[];
  lens: number[];
  text: Buffer;
  piece: Promise<DeflatePiece>;
}

/**
 * A segment with changed products: the old XML of the others (its file in `dir`), the new XML of
 * these (a changed id without XML in `fresh` drops out), split in segments of `size` when it grew
 * past twice that. Compression of each part starts at once, on the thread pool.
 */
async function rewriteSegment(
  dir: string,
  segment: Segment,
  changed: number[],
  fresh: Map<number, Buffer>,
  size: number,
): Promise<Rewritten[]> {
  const old = await readFile(piecePath(dir, segment.name, 'identity'));
  if (old.length !== segment.length) throw new Error(`feed segment ${segment.name} is not as long as its layout`);
  const merged = emptyBatch();
  const keep = (id: number, text: Buffer) => {
    merged.ids.push(id);
    merged.lens.push(text.length);
    merged.parts.push(text);
  };
  let at = 0;
  let i = 0;
  let j = 0;
  while (i < segment.ids.length || j < changed.length) {
    const oldId = i < segment.ids.length ? segment.ids[i]! : Infinity;
    const newId = j < changed.length ? changed[j]! : Infinity;
    if (oldId < newId) {
      keep(oldId, old.subarray(at, at + segment.lens[i]!));
      at += segment.lens[i]!;
      i += 1;
      continue;
    }
    if (oldId === newId) {
      at += segment.lens[i]!;
      i += 1;
    }
    const text = fresh.get(newId);
    if (text) keep(newId, text);
    j += 1;
  }
  const count = merged.ids.length;
  const part = (hi: number, from: number, to: number): Rewritten => {
    const text = Buffer.concat(merged.parts.slice(from, to));
    const piece = deflatePiece(text, FEED_GZIP_LEVEL);
    piece.catch(() => undefined);
    return { hi, ids: merged.ids.slice(from, to), lens: merged.lens.slice(from, to), text, piece };
  };
  if (count <= 2 * size) return [part(segment.hi, 0, count)];
  const parts: Rewritten[] = [];
  for (let start = 0; start < count; start += size) {
    const end = Math.min(count, start + size);
    parts.push(part(end === count ? segment.hi : merged.ids[end - 1]!, start, end));
  }
  return parts;
}

/**
 * Writing a feed's three files (XML, gzip, brotli) so that a rebuild redoes only the products
 * that changed (issue #28: `/yml.xml` at 100,000 products rebuilt ≤ 10 s after a change; a full
 * build of 1.5 GB of XML takes about a minute). docs/feeds.md "Incremental rebuilds".
 *
 * A feed is its head (shop, categories, date: rewritten every build), the text of each product in
 * id order, and its tail. Products are kept in segments of about {@link SEGMENT_PRODUCTS}
 * products by id range; the {@link FeedLayout} of a build records, per segment, the products' ids
 * and byte lengths, where its XML lies in the XML file and where its deflate piece lies in the
 * gzip file (stitched-gzip.ts). A rebuild reads the changed products only, and:
 *
 * - a segment without a changed product is copied from the previous build's XML and gzip files
 *   (a byte range each, read in large blocks);
 * - a segment with one is put together from the previous XML of its other products and the new
 *   XML of the changed ones (a product gone or without anything to list drops out, a new one
 *   takes its place by id), compressed again on its own, and split when it has grown past twice
 *   the segment size;
 * - brotli cannot be stitched (a piece's back references and dictionary words depend on its
 *   position in the stream), so the brotli copy is compressed again from the whole XML at a
 *   quality chosen by the feed's size ({@link brotliQualityFor}). At 100,000 products that is
 *   1.5 GB through brotli, about 5 s of a core, the longest part of a rebuild; so by default the
 *   build writes the XML and gzip only, and feed-files.ts makes the brotli copy afterwards from
 *   the published XML ({@link writeBrotliCopy}), serving gzip until it is there. `brotli: true`
 *   (`FEED_BROTLI=inline`) writes it during the build, as the XML is written, on the thread pool
 *   beside the copying (the way before; kept for comparison).
 *
 * The XML is byte for byte the one a full build writes (feed-writer.test.ts). The strong
 * validator (`hash`) is the SHA-1 of the pieces' SHA-1s, so unchanged segments are not hashed
 * again.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { finished, pipeline } from 'node:stream/promises';
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
 * Brotli quality above {@link BROTLI_SMALL_FEED}. The whole XML goes through brotli on every build
 * (it cannot be stitched), so its speed bounds a rebuild of a large feed: measured on 100 MB of
 * this YML, quality 2 runs at 330 MB/s (2.2 MB), 4 at 160 MB/s (2.0 MB), 5 at about 100 MB/s;
 * gzip 6 gives 3.6 MB (docs/feeds.md).
 */
export const FEED_BROTLI_QUALITY_LARGE = 2;

/** Bytes of XML above which the brotli copy is made at {@link FEED_BROTLI_QUALITY_LARGE}. */
export const BROTLI_SMALL_FEED = 128 * 1024 * 1024;

/** The brotli quality for a feed of about `bytes` of XML (0: not known yet). */
export function brotliQualityFor(bytes: number): number {
  return bytes > BROTLI_SMALL_FEED ? FEED_BROTLI_QUALITY_LARGE : FEED_BROTLI_QUALITY;
}

/** Bytes read from the previous build's files at a time when copying unchanged segments. */
const COPY_BLOCK = 8 * 1024 * 1024;

/** Deflate pieces compressed ahead of the writer during a full build. */
const AHEAD = 4;

/**
 * Changed segments put together and compressed ahead of the writer during a rebuild (on the
 * thread pool, while unchanged ones are copied): each is ~1 MB and a few ms of deflate, which
 * one after another would hold the copying up.
 */
const REWRITES_AHEAD = 16;

/** One segment of a built feed: products by id in (previous segment's `hi`, `hi`]. */
export interface Segment {
  /** Highest product id the segment takes (inclusive); the last segment's is Infinity. */
  hi: number;
  /** Product ids in order, and the bytes of XML of each (0: nothing listed, e.g. sold out). */
  ids: number[];
  lens: number[];
  /** Byte range of the segment's XML in the XML file. */
  offset: number;
  length: number;
  /** Byte range of its deflate piece in the gzip file. */
  gzOffset: number;
  gzLength: number;
  /** CRC-32 of the XML (the gzip trailer) and its SHA-1 (the validator). */
  crc: number;
  sha1: Buffer;
}

/** What a rebuild needs of the previous build of a feed (kept in memory by feed-files.ts). */
export interface FeedLayout {
  /** SITE_URL the XML was written with (links): another one needs a full build. */
  siteUrl: string;
  /** Absolute paths of the build's XML and gzip files. */
  identity: string;
  gzip: string;
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

/** Where a build writes (temporary files, renamed by the caller); `br` only with `brotli: true`. */
export interface FeedPaths {
  identity: string;
  gzip: string;
  br?: string;
}

/** The result of a build. */
export interface WrittenFeed {
  layout: FeedLayout;
  /** SHA-1 of the pieces' SHA-1s, base64url (27 characters). */
  hash: string;
  /** Bytes of each file (`br` 0 when the build wrote no brotli copy). */
  sizes: { identity: number; gzip: number; br: number };
  /** Products whose XML was made in this build (all of them in a full build). */
  rendered: number;
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest();

/** The three files of a build being written, in order. */
class FeedWriter {
  private identityAt = 0;
  private gzipAt = 0;
  private crc = 0;
  private length = 0;
  private readonly hash = createHash('sha1');
  readonly segments: Segment[] = [];
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private brotliReady: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly identity: FileHandle,
    private readonly gzip: FileHandle,
    private readonly brotli: zlib.BrotliCompress | null,
    private readonly brotliOut: WriteStream | null,
  ) {
    // Errors surface at the next write or at finish; without a listener they would crash the API.
    brotli?.on('error', () => undefined);
    brotliOut?.on('error', () => undefined);
  }

  /** Opens the files; the brotli stream only when `paths.br` is given. */
  static async open(paths: FeedPaths, textBytes: number): Promise<FeedWriter> {
    const identity = await open(paths.identity, 'w');
    const gzip = await open(paths.gzip, 'w').catch(async (error: unknown) => {
      await identity.close();
      throw error;
    });
    let brotli: zlib.BrotliCompress | null = null;
    let brotliOut: WriteStream | null = null;
    if (paths.br) {
      brotli = createFeedBrotli(textBytes);
      brotliOut = createWriteStream(paths.br);
      brotli.pipe(brotliOut);
    }
    const writer = new FeedWriter(identity, gzip, brotli, brotliOut);
    await writer.write(GZIP_HEADER, 'gzip');
    return writer;
  }

  private async write(bytes: Buffer, to: 'identity' | 'gzip'): Promise<void> {
    if (bytes.length === 0) return;
    const handle = to === 'identity' ? this.identity : this.gzip;
    let done = 0;
    while (done < bytes.length) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten;
    if (to === 'identity') this.identityAt += bytes.length;
    else this.gzipAt += bytes.length;
  }

  /** XML into the XML file and the brotli encoder (which may still be busy with the previous). */
  private async text(bytes: Buffer): Promise<void> {
    if (bytes.length === 0) return;
    if (!this.brotli || !this.brotliOut) return this.write(bytes, 'identity');
    await this.brotliReady;
    if (this.brotli.destroyed || this.brotliOut.destroyed) throw new Error('brotli copy failed');
    this.brotliReady = this.brotli.write(bytes) ? Promise.resolve() : once(this.brotli, 'drain');
    this.brotliReady.catch(() => undefined);
    await this.write(bytes, 'identity');
  }

  private account(crc: number, length: number, digest: Buffer): void {
    this.crc = crc32Combine(this.crc, crc, length);
    this.length += length;
    this.hash.update(digest);
  }

  /** The head or the tail: written at once. */
  async piece(text: Buffer): Promise<void> {
    await this.drain();
    const piece = await deflatePiece(text, FEED_GZIP_LEVEL);
    await this.text(text);
    await this.write(piece.deflate, 'gzip');
    this.account(piece.crc, piece.length, sha1(text));
  }

  /**
   * A segment made in this build. Its compression starts now on the thread pool; it is written
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
      const segment: Segment = {
        hi,
        ids,
        lens,
        offset: this.identityAt,
        length: text.length,
        gzOffset: this.gzipAt,
        gzLength: piece.deflate.length,
        crc: piece.crc,
        sha1: digest,
      };
      await this.text(text);
      await this.write(piece.deflate, 'gzip');
      this.account(piece.crc, piece.length, digest);
      this.segments.push(segment);
      this.queued -= 1;
    });
    this.queue.catch(() => undefined);
    if (this.queued >= AHEAD) await this.queue;
  }

  /**
   * Segments of the previous build that did not change, consecutive there: their XML and deflate
   * bytes copied as they are, in blocks of {@link COPY_BLOCK}.
   */
  async copy(previous: { identity: FileHandle; gzip: FileHandle }, run: Segment[]): Promise<void> {
    if (run.length === 0) return;
    await this.drain();
    const first = run[0]!;
    const last = run[run.length - 1]!;
    const identityShift = this.identityAt - first.offset;
    const gzipShift = this.gzipAt - first.gzOffset;
    await this.copyRange(previous.identity, first.offset, last.offset + last.length, (b) => this.text(b));
    await this.copyRange(previous.gzip, first.gzOffset, last.gzOffset + last.gzLength, (b) => this.write(b, 'gzip'));
    for (const s of run) {
      this.account(s.crc, s.length, s.sha1);
      this.segments.push({ ...s, offset: s.offset + identityShift, gzOffset: s.gzOffset + gzipShift });
    }
  }

  private async copyRange(from: FileHandle, start: number, end: number, sink: (b: Buffer) => Promise<void>) {
    for (let at = start; at < end;) {
      const block = Buffer.allocUnsafe(Math.min(COPY_BLOCK, end - at));
      const { bytesRead } = await from.read(block, 0, block.length, at);
      if (bytesRead === 0) throw new Error('previous feed file is shorter than its layout');
      await sink(bytesRead === block.length ? block : block.subarray(0, bytesRead));
      at += bytesRead;
    }
  }

  private async drain(): Promise<void> {
    await this.queue;
  }

  /** Writes the tail, closes the gzip stream and all three files. */
  async finish(tail: Buffer): Promise<{ hash: string; identity: number; gzip: number; br: number }> {
    await this.piece(tail);
    await this.write(DEFLATE_END, 'gzip');
    await this.write(gzipTrailer(this.crc, this.length), 'gzip');
    if (this.brotli && this.brotliOut) {
      await this.brotliReady;
      this.brotli.end();
      await finished(this.brotliOut);
    }
    await Promise.all([this.identity.close(), this.gzip.close()]);
    return {
      hash: this.hash.digest('base64url'),
      identity: this.identityAt,
      gzip: this.gzipAt,
      br: this.brotliOut?.bytesWritten ?? 0,
    };
  }

  /** Stops a build that failed: closes the files (the caller removes them). */
  async abort(): Promise<void> {
    this.brotli?.destroy();
    this.brotliOut?.destroy();
    await Promise.allSettled([this.identity.close(), this.gzip.close()]);
  }
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
 * The brotli copy of a feed's XML file, made after the build was published (feed-files.ts),
 * with the encoder settings of a copy made during the build.
 * @param xmlPath the published XML (read as it is; a build never rewrites its files)
 * @param target where to write (a temporary name: the caller renames it)
 * @param textBytes size of the XML (the quality and size hint)
 * @param signal aborts the compression (a newer build made it useless); the promise then rejects
 * @returns bytes written
 */
export async function writeBrotliCopy(
  xmlPath: string,
  target: string,
  textBytes: number,
  signal?: AbortSignal,
): Promise<number> {
  const out = createWriteStream(target);
  await pipeline(createReadStream(xmlPath, { highWaterMark: 1024 * 1024 }), createFeedBrotli(textBytes), out, {
    signal,
  });
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
 * @param sizeHint expected bytes of XML (brotli's size hint; 0: unknown)
 * @param segmentProducts products per segment (tests use small ones)
 * @returns the layout for the next rebuild, the validator and the files' sizes
 * @throws whatever reading the database or writing the files throws (the files are then
 *   incomplete; the caller removes them)
 */
export async function writeFullFeed(
  db: Db,
  format: FeedFormat,
  options: FeedOptions,
  paths: FeedPaths,
  { sizeHint = 0, segmentProducts = SEGMENT_PRODUCTS }: { sizeHint?: number; segmentProducts?: number } = {},
): Promise<WrittenFeed> {
  const head = Buffer.from(await format.head(db, options), 'utf8');
  const writer = await FeedWriter.open(paths, sizeHint);
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
    return result(writer, done, paths, options.siteUrl, rendered, segmentProducts);
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

function result(
  writer: FeedWriter,
  done: Awaited<ReturnType<FeedWriter['finish']>>,
  paths: FeedPaths,
  siteUrl: string,
  rendered: number,
  segmentProducts: number,
): WrittenFeed {
  const segments = writer.segments;
  return {
    layout: {
      siteUrl,
      identity: paths.identity,
      gzip: paths.gzip,
      segments,
      products: segments.reduce((n, s) => n + s.ids.length, 0),
      segmentProducts,
    },
    hash: done.hash,
    sizes: { identity: done.identity, gzip: done.gzip, br: done.br },
    rendered,
  };
}

/**
 * Writes a feed from the previous build's files and the changed products only (see the module
 * docstring). The XML is what {@link writeFullFeed} would write now.
 * @param previous the layout of the previous build, whose files must still be there
 *   (`previous.identity`, `previous.gzip`); the returned layout names `paths`, which the caller
 *   may rename: set `layout.identity` / `layout.gzip` to the final names.
 * @param changed ids of products changed since the previous build began (any order, repeats
 *   allowed): each is read again, and left out when it no longer exists or lists nothing.
 * @throws when the previous files are missing or shorter than the layout says, or as
 *   {@link writeFullFeed}
 */
export async function writeChangedFeed(
  db: Db,
  format: FeedFormat,
  options: FeedOptions,
  paths: FeedPaths,
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
  const before = {
    identity: await open(previous.identity, 'r'),
    gzip: await open(previous.gzip, 'r').catch(() => null),
  };
  if (!before.gzip) {
    await before.identity.close();
    throw new Error(`previous feed file ${previous.gzip} is gone`);
  }
  const prev = before as { identity: FileHandle; gzip: FileHandle };
  const sizeHint = previous.segments.reduce((n, s) => n + s.length, head.length);
  let writer: FeedWriter | null = null;
  try {
    // Runs of unchanged segments to copy, and segments to put together again.
    const tasks: ({ copy: Segment[] } | { segment: Segment; changed: number[] })[] = [];
    let run: Segment[] = [];
    let next = 0;
    for (const segment of previous.segments) {
      const from = next;
      while (next < ids.length && ids[next]! <= segment.hi) next += 1;
      if (next === from) {
        run.push(segment);
        continue;
      }
      if (run.length > 0) tasks.push({ copy: run });
      run = [];
      tasks.push({ segment, changed: ids.slice(from, next) });
    }
    if (run.length > 0) tasks.push({ copy: run });
    const prepared = new Map<number, Promise<Rewritten[]>>();
    let ahead = 0;
    const prepareUpTo = (limit: number) => {
      for (; ahead < tasks.length && ahead <= limit; ahead += 1) {
        const task = tasks[ahead]!;
        if ('segment' in task) {
          const ready = rewriteSegment(prev.identity, task.segment, task.changed, fresh, previous.segmentProducts);
          ready.catch(() => undefined);
          prepared.set(ahead, ready);
        }
      }
    };
    writer = await FeedWriter.open(paths, sizeHint);
    await writer.piece(head);
    for (const [i, task] of tasks.entries()) {
      prepareUpTo(i + REWRITES_AHEAD);
      if ('copy' in task) {
        await writer.copy(prev, task.copy);
        continue;
      }
      for (const part of await prepared.get(i)!)
        await writer.segment(part.hi, part.ids, part.lens, part.text, part.piece);
      prepared.delete(i);
    }
    const done = await writer.finish(Buffer.from(format.tail, 'utf8'));
    return result(writer, done, paths, options.siteUrl, fresh.size, previous.segmentProducts);
  } catch (error) {
    await writer?.abort();
    throw error;
  } finally {
    await Promise.allSettled([prev.identity.close(), prev.gzip.close()]);
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
 * A segment with changed products: the old XML of the others, the new XML of these (a changed id
 * without XML in `fresh` drops out), split in segments of `size` when it grew past twice that.
 * Compression of each part starts at once, on the thread pool.
 */
async function rewriteSegment(
  previousXml: FileHandle,
  segment: Segment,
  changed: number[],
  fresh: Map<number, Buffer>,
  size: number,
): Promise<Rewritten[]> {
  const old = Buffer.allocUnsafe(segment.length);
  let read = 0;
  while (read < old.length) {
    const { bytesRead } = await previousXml.read(old, read, old.length - read, segment.offset + read);
    if (bytesRead === 0) throw new Error('previous feed file is shorter than its layout');
    read += bytesRead;
  }
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

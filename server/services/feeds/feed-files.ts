/**
 * The product feeds as files (issue #28 items 7 and 9, docs/feeds.md "How it is served"). Until
 * then each request wrote the whole feed from the database (~2.5 s of API CPU for 45–65 MB), so
 * four concurrent downloads stalled the API. Now:
 *
 * - each feed is built after a catalogue change ({@link FeedFiles#markDirty}, called by the change
 *   events of server/services/change-events.ts), at most once every `intervalMs` (changes in
 *   between are gathered into one rebuild), and at start when its files are missing, older than
 *   `intervalMs` or older than the newest catalogue change;
 * - a build stores the feed as pieces (feed-writer.ts: head, segments of products, tail; each an
 *   XML file and a deflate file named by the SHA-1 of its XML) in the feed's segment folder, then
 *   renames a manifest naming the pieces into place: a reader sees the old build or the new one,
 *   never half of one. The plain and gzip feeds are served as the pieces' files joined
 *   ({@link FeedFiles#open}). A download holds its build ({@link FeedFiles#hold}): pieces no
 *   longer named by the current build, by one replaced less than {@link OLD_BUILD_GRACE_MS} ago or
 *   by one still being downloaded are removed after builds ({@link FeedFiles#sweep});
 * - the brotli copy is one file per build, made afterwards in the background from the published
 *   XML ({@link FeedFiles#brotliCopy}): at 100,000 products it is 1.5 GB through brotli. Until it
 *   is there the handler serves gzip; the manifest names the build the copy was made from
 *   ({@link brotliReady}), so a brotli body of an older build never goes out under a newer ETag;
 * - a rebuild is incremental (feed-writer.ts `writeChangedFeed`): the products named by the
 *   change log (`catalog_changes`) since the previous build began are read and written again, the
 *   other segments' files are kept as they are. The first build of a process, a change of a
 *   brand, category, colour or tag (`catalog` rows), more than {@link MAX_CHANGED_SHARE} of the
 *   products changed, and a build {@link FULL_REBUILD_MS} after the last full one are full builds;
 * - a full build reads the catalogue in pages (feed-source.ts) and yields to the event loop after
 *   every page, so requests are answered between pages (docs/feeds.md has the /api/health latency
 *   measured during a build).
 *
 * One instance per database (and so per API process): {@link feedFilesFor}.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { readServerEnv } from '../../env';
import { logError } from '../log';
import {
  piecePath,
  readFeed,
  writeBrotliCopy,
  writeChangedFeed,
  writeFullFeed,
  type FeedFormat,
  type FeedLayout,
  type WrittenFeed,
} from './feed-writer';
import { googleHead, googleItems, GOOGLE_TAIL } from './google-merchant';
import { ymlHead, ymlOffers, YML_TAIL, type FeedOptions } from './yml';
import type { Readable } from 'node:stream';

export { FEED_BROTLI_QUALITY, FEED_GZIP_LEVEL } from './feed-writer';

/** The feeds the API builds, by their file name. */
export const FEED_NAMES = ['yml.xml', 'google-merchant.xml'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

/** Content codings a feed is stored in: the XML itself, gzip, brotli. */
export type FeedCoding = 'identity' | 'gzip' | 'br';

/**
 * Products per database page during a build. A page is one slice of the event loop (its rows
 * turned into XML, ~0.5 ms per product of a dozen sizes): 50 keeps a slice around 25 ms, where 200
 * held /api/health for over 100 ms (docs/feeds.md "Measured").
 */
export const FEED_BUILD_PAGE_SIZE = 50;

/**
 * ms an old build's files stay after a new one replaced it, even when nobody holds it: a client
 * that read the manifest just before may still start a download of it.
 */
export const OLD_BUILD_GRACE_MS = 60_000;

/**
 * ms a change row is looked for before the previous build began: `changed_at` is its
 * transaction's start, so a transaction that began before that build and committed after it
 * still reaches the next one. Rows already applied are not applied twice.
 */
export const CHANGE_OVERLAP_MS = 10 * 60_000;

/** A full build at least this often (ms), whatever the change log says: a safety net. */
export const FULL_REBUILD_MS = 24 * 3_600_000;

/** Above this share of the products changed, a full build (the changed XML is held in memory). */
export const MAX_CHANGED_SHARE = 0.2;

const FORMATS: Record<FeedName, FeedFormat> = {
  'yml.xml': { head: ymlHead, tail: YML_TAIL, render: ymlOffers },
  'google-merchant.xml': { head: googleHead, tail: GOOGLE_TAIL, render: googleItems },
};

/** What the next build does: everything, or the products changed since the previous one. */
type BuildPlan = { full: true } | { full: false; changed: number[] };

/** One built feed: the manifest kept beside its files and in memory. */
export interface BuiltFeed {
  name: FeedName;
  /** When the build started, ms since the epoch (the catalogue as of then): `Last-Modified`. */
  builtAt: number;
  /** SHA-1 of the XML's pieces (base64url, 27 characters): the `ETag`, with the coding as a suffix. */
  hash: string;
  /** ms the build took. */
  buildMs: number;
  /** Whether it was a full build, and how many products it wrote again (all, for a full one). */
  full?: boolean;
  rendered?: number;
  /** Names of the pieces in order (files `{name}.xml` and `{name}.gz` in the segment folder). */
  parts: string[];
  /** Hex of the bytes that close the gzip copy after the pieces (final block and trailer). */
  gzipEnd: string;
  /**
   * Size in bytes of each coding, and the brotli copy's file name (inside the feed folder). The
   * brotli copy is made after the build is published: until then its size is 0 and `of` unset;
   * once made, `of` is the `hash` of the build it compresses. Only {@link brotliReady} copies are
   * served.
   */
  files: { identity: { size: number }; gzip: { size: number }; br: { file: string; size: number; of?: string } };
}

/** Whether `feed` has a brotli copy of its own XML (not yet made, or of another build: no). */
export function brotliReady(feed: BuiltFeed): boolean {
  return feed.files.br.of === feed.hash && feed.files.br.size > 0;
}

/** Settings of {@link FeedFiles}. */
export interface FeedFilesOptions {
  /** Folder of the files (created when missing). */
  dir: string;
  /** Shortest time between two builds, ms (FEED_REBUILD_INTERVAL_S × 1000). */
  intervalMs: number;
  /** Public origin of the storefront, no trailing slash (SITE_URL). */
  siteUrl: string;
  /** Shop name when the organization record has none. */
  shopName: string;
  /** Products per database page (default {@link FEED_BUILD_PAGE_SIZE}). */
  pageSize?: number;
  /** Products per segment of a build (feed-writer.ts; default SEGMENT_PRODUCTS, tests use fewer). */
  segmentProducts?: number;
  /** Called after every build of a feed (logs, tests, the bench). */
  onBuilt?: (feed: BuiltFeed) => void;
  /** Called when a background brotli copy is published (logs, tests). */
  onBrotli?: (feed: BuiltFeed, ms: number) => void;
  /** ms a replaced build's pieces stay when nobody holds it (default {@link OLD_BUILD_GRACE_MS}). */
  oldBuildGraceMs?: number;
}

/** "yml" of "yml.xml". */
const stemOf = (name: FeedName) => name.replace(/\.xml$/, '');

/**
 * The built feed files of one database: builds them when the catalogue changed (coalesced) and
 * tells the route handlers which files are current.
 */
export class FeedFiles {
  private readonly current = new Map<FeedName, BuiltFeed>();
  private dirty = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private started: Promise<void> | null = null;
  /** Set once `start` has read the folder: no build before it (it removes stray files). */
  private ready = false;
  /** The layout of this process's last build of each feed: what an incremental build starts from. */
  private readonly layouts = new Map<FeedName, FeedLayout>();
  /** Change rows applied by the last build, and from when (ms) the next build looks for rows. */
  private changesSeen = new Set<string>();
  private changesFrom = 0;
  private lastFull = Number.NEGATIVE_INFINITY;
  /** Builds of both feeds finished since this instance was made (tests, the bench). */
  builds = 0;
  /** The brotli copy being made in the background, per feed (at most one: of its newest build). */
  private readonly brotliJobs = new Map<FeedName, { abort: AbortController; done: Promise<void> }>();
  /** The last brotli copy started: the next one waits for it. */
  private brotliQueue: Promise<void> = Promise.resolve();
  /** Manifest writes, one after another (a build's and a brotli copy's must not cross). */
  private manifests: Promise<unknown> = Promise.resolve();
  /** Builds and sweeps of the segment folders, one after another (a sweep never sees half a build). */
  private pieces: Promise<unknown> = Promise.resolve();
  /** Downloads (and brotli copies) under way, per build: its pieces stay while held. */
  private readonly holds = new Map<BuiltFeed, number>();
  /** Builds replaced, and until when (ms) their pieces stay regardless of holds. */
  private retired: { feed: BuiltFeed; until: number }[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: FeedFilesOptions,
  ) {}

  /**
   * Loads the manifests a previous run left, then builds at once when a feed is missing, older than
   * the interval or older than the newest recorded catalogue change; the old files are served
   * meanwhile. Idempotent; resolves when the manifests are read (not when the build ends).
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      await mkdir(this.options.dir, { recursive: true });
      for (const name of FEED_NAMES) {
        await mkdir(this.segmentDir(name), { recursive: true });
        const feed = await this.readManifest(name);
        if (feed) this.current.set(name, feed);
      }
      await this.removeStrayFiles();
      const oldest = Math.min(...FEED_NAMES.map((n) => this.current.get(n)?.builtAt ?? 0));
      if (oldest < Date.now() - this.options.intervalMs || (await this.changedSince(oldest))) this.dirty = true;
      // A run stopped before a brotli copy was made: make it now, unless a build comes first.
      if (!this.dirty) for (const feed of this.current.values()) if (!brotliReady(feed)) this.brotliCopy(feed);
      this.ready = true;
      // At once: the interval counts from the previous build of this process, and there was none.
      this.schedule();
    })();
    return this.started;
  }

  /** The current build of `name`, or null before the first build finished. */
  feed(name: FeedName): BuiltFeed | null {
    return this.current.get(name) ?? null;
  }

  /** The folder of a feed's pieces. */
  segmentDir(name: FeedName): string {
    return path.join(this.options.dir, 'segments', stemOf(name));
  }

  /**
   * Keeps the pieces of `feed` on disk until the returned function is called (once): a download,
   * or a brotli copy, reads them one after another for as long as it takes.
   */
  hold(feed: BuiltFeed): () => void {
    this.holds.set(feed, (this.holds.get(feed) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.holds.get(feed) ?? 1) - 1;
      if (left > 0) {
        this.holds.set(feed, left);
        return;
      }
      this.holds.delete(feed);
      // The last download of a replaced build: its pieces can go once the grace time is over.
      if (this.current.get(feed.name)?.hash !== feed.hash) void this.exclusive(() => this.sweep(feed.name));
    };
  }

  /**
   * One coding of a build as a stream read from disk (the pieces joined for `identity` and `gzip`,
   * the brotli file for `br`); the build is held until the stream closes (ends, fails or is
   * destroyed).
   */
  open(feed: BuiltFeed, coding: FeedCoding): Readable {
    const release = this.hold(feed);
    const stream =
      coding === 'br'
        ? createReadStream(path.join(this.options.dir, feed.files.br.file), { highWaterMark: 256 * 1024 })
        : readFeed(this.segmentDir(feed.name), feed.parts, coding, Buffer.from(feed.gzipEnd, 'hex'));
    stream.once('close', release);
    return stream;
  }

  /**
   * Notes a catalogue change: both feeds are rebuilt once `intervalMs` has passed since the last
   * build began (at once if it has), however many changes come meanwhile.
   */
  markDirty(): void {
    this.dirty = true;
    this.schedule();
  }

  /**
   * Resolves when no build is under way or scheduled and no brotli copy is being made (tests, the
   * bench).
   */
  async idle(): Promise<void> {
    if (this.started) await this.started.catch(() => undefined);
    while (this.running || this.timer || this.brotliJobs.size > 0) {
      if (this.running) await this.running;
      else if (this.brotliJobs.size > 0) await Promise.all([...this.brotliJobs.values()].map((j) => j.done));
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await this.pieces;
  }

  /** Stops scheduling and brotli copies under way; waits for a build under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const job of this.brotliJobs.values()) job.abort.abort();
    await this.idle();
  }

  private schedule(): void {
    if (this.stopped || !this.ready || this.running || this.timer || !this.dirty) return;
    const wait = Math.max(0, this.lastStart + this.options.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, wait);
    this.timer.unref();
  }

  private run(): void {
    if (this.stopped || this.running) return;
    this.dirty = false;
    this.lastStart = Date.now();
    this.running = (async () => {
      try {
        const plan = await this.plan(this.lastStart);
        let ok = true;
        const published: BuiltFeed[] = [];
        for (const name of FEED_NAMES) {
          const feed = await this.exclusive(() => this.build(name, plan.plan));
          if (feed) published.push(feed);
          ok = feed !== null && ok;
        }
        // After both builds, one after the other: a brotli copy beside the next feed's build
        // would slow that build (2 cores), and two at once would take both cores from the pages.
        for (const feed of published) this.brotliCopy(feed);
        if (ok) {
          this.changesSeen = plan.seen;
          this.changesFrom = this.lastStart - CHANGE_OVERLAP_MS;
          if (plan.plan.full) this.lastFull = this.lastStart;
        } else {
          // What the failed build was to apply is applied by a full one.
          this.layouts.clear();
          this.dirty = true;
        }
        this.builds += 1;
      } finally {
        this.running = null;
        // Changes during the build: the next one, no sooner than the interval allows.
        this.schedule();
      }
    })();
  }

  /** Runs `task` after the builds and sweeps before it (they share the segment folders). */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.pieces.then(task);
    this.pieces = result.catch(() => undefined);
    return result;
  }

  /**
   * Reads the change log since the previous build began (less {@link CHANGE_OVERLAP_MS}) and
   * decides between a full and an incremental build. Read before the catalogue is: a change
   * committed later has a row the next build finds.
   */
  private async plan(now: number): Promise<{ plan: BuildPlan; seen: Set<string> }> {
    const from = this.layouts.size === FEED_NAMES.length ? this.changesFrom : now - CHANGE_OVERLAP_MS;
    let changes: { id: string | number; product_id: number | null; kind: string }[];
    try {
      changes = await rows(
        this.db,
        sql`select id, product_id, kind from catalog_changes where changed_at > ${new Date(from).toISOString()}::timestamptz`,
      );
    } catch (error) {
      logError('shop-api', 'feed change log (a full build follows)', error);
      return { plan: { full: true }, seen: new Set() };
    }
    const seen = new Set(changes.map((c) => String(c.id)));
    let full =
      now - this.lastFull >= FULL_REBUILD_MS ||
      FEED_NAMES.some((n) => this.layouts.get(n)?.siteUrl !== this.options.siteUrl);
    const changed = new Set<number>();
    for (const change of changes) {
      if (this.changesSeen.has(String(change.id))) continue;
      if (change.kind === 'catalog' || change.product_id === null) full = true;
      else changed.add(change.product_id);
    }
    const products = Math.min(...FEED_NAMES.map((n) => this.layouts.get(n)?.products ?? 0));
    if (changed.size > Math.max(1000, products * MAX_CHANGED_SHARE)) full = true;
    return { plan: full ? { full: true } : { full: false, changed: [...changed] }, seen };
  }

  /** Builds one feed; a failure is logged, the previous build stays current, and null returned. */
  private async build(name: FeedName, plan: BuildPlan): Promise<BuiltFeed | null> {
    const started = Date.now();
    const dir = this.segmentDir(name);
    const options: FeedOptions = {
      siteUrl: this.options.siteUrl,
      shopName: this.options.shopName,
      pageSize: this.options.pageSize ?? FEED_BUILD_PAGE_SIZE,
      now: new Date(started),
    };
    const previous = this.layouts.get(name);
    try {
      await mkdir(dir, { recursive: true });
      const written: WrittenFeed =
        plan.full || !previous
          ? await writeFullFeed(this.db, FORMATS[name], options, dir, { segmentProducts: this.options.segmentProducts })
          : await writeChangedFeed(this.db, FORMATS[name], options, previous, plan.changed);
      const feed: BuiltFeed = {
        name,
        builtAt: started,
        hash: written.hash,
        buildMs: 0,
        full: plan.full || !previous,
        rendered: written.rendered,
        parts: written.parts,
        gzipEnd: written.gzipEnd.toString('hex'),
        files: {
          identity: { size: written.sizes.identity },
          gzip: { size: written.sizes.gzip },
          br: { file: `${stemOf(name)}-${started.toString(36)}.xml.br`, size: 0 },
        },
      };
      feed.buildMs = Date.now() - started;
      const before = this.current.get(name);
      await this.publish(feed);
      this.layouts.set(name, written.layout);
      if (before) this.retire(before);
      this.options.onBuilt?.(feed);
      return feed;
    } catch (error) {
      this.layouts.delete(name);
      logError('shop-api', `feed ${name} build failed (the previous file stays)`, error);
      return null;
    } finally {
      // Pieces of builds replaced long enough ago, and of this one if it failed.
      await this.sweep(name);
    }
  }

  /**
   * Writes the manifest of `feed` and makes it current, after any manifest write under way.
   * @param unless when given and true at the time of writing, nothing is written (false returned)
   */
  private publish(feed: BuiltFeed, unless?: () => boolean): Promise<boolean> {
    const stem = stemOf(feed.name);
    const written = this.manifests.then(async () => {
      if (unless?.()) return false;
      await writeFile(path.join(this.options.dir, `.${stem}.json.tmp`), JSON.stringify(feed));
      await rename(path.join(this.options.dir, `.${stem}.json.tmp`), path.join(this.options.dir, `${stem}.json`));
      this.current.set(feed.name, feed);
      return true;
    });
    this.manifests = written.catch(() => undefined);
    return written;
  }

  /**
   * Makes the brotli copy of `feed` in the background (on the thread pool; after the copy started
   * before, one at a time), then publishes the feed with it when `feed` is still the current
   * build; a copy of an older build of the feed, waiting or under way, is stopped. A failure is
   * logged: the feed stays served in gzip and plain.
   */
  private brotliCopy(feed: BuiltFeed): void {
    this.brotliJobs.get(feed.name)?.abort.abort();
    if (this.stopped) return;
    const abort = new AbortController();
    const file = feed.files.br.file;
    const temp = path.join(this.options.dir, `.${file}.tmp`);
    const stale = () => abort.signal.aborted || this.current.get(feed.name) !== feed;
    const before = this.brotliQueue;
    const done = (async () => {
      await before;
      const started = Date.now();
      try {
        if (stale()) return;
        const size = await writeBrotliCopy(this.open(feed, 'identity'), temp, feed.files.identity.size, abort.signal);
        if (stale()) return;
        await rename(temp, path.join(this.options.dir, file));
        const withBrotli: BuiltFeed = { ...feed, files: { ...feed.files, br: { file, size, of: feed.hash } } };
        if (await this.publish(withBrotli, stale)) this.options.onBrotli?.(withBrotli, Date.now() - started);
        else await rm(path.join(this.options.dir, file), { force: true });
      } catch (error) {
        if (!abort.signal.aborted) logError('shop-api', `feed ${feed.name} brotli copy failed (gzip is served)`, error);
      } finally {
        await rm(temp, { force: true });
        if (this.brotliJobs.get(feed.name)?.abort === abort) this.brotliJobs.delete(feed.name);
      }
    })();
    this.brotliJobs.set(feed.name, { abort, done });
    this.brotliQueue = done;
  }

  /** `feed` was replaced: its pieces stay `oldBuildGraceMs` (and while held). */
  private retire(feed: BuiltFeed): void {
    const grace = this.options.oldBuildGraceMs ?? OLD_BUILD_GRACE_MS;
    this.retired.push({ feed, until: Date.now() + grace });
    this.sweepLater(feed.name, grace + 1000);
    // Its brotli file is one file: a download under way keeps reading it after it is deleted.
    setTimeout(() => {
      if (this.current.get(feed.name)?.files.br.file !== feed.files.br.file)
        void rm(path.join(this.options.dir, feed.files.br.file), { force: true });
    }, grace).unref();
  }

  private sweepLater(name: FeedName, ms: number): void {
    setTimeout(() => void this.exclusive(() => this.sweep(name)), ms).unref();
  }

  /**
   * Removes the pieces of `name` that no build still needs: not the current one, one replaced
   * less than {@link OLD_BUILD_GRACE_MS} ago, or one held by a download. Runs only between builds
   * ({@link exclusive}); errors (a folder removed by a test) are ignored.
   */
  private async sweep(name: FeedName): Promise<void> {
    const now = Date.now();
    this.retired = this.retired.filter((r) => r.until > now || this.holds.has(r.feed));
    const keep = new Set<string>();
    const current = this.current.get(name);
    for (const feed of [...(current ? [current] : []), ...this.retired.map((r) => r.feed), ...this.holds.keys()])
      if (feed.name === name) for (const part of feed.parts) keep.add(part);
    const dir = this.segmentDir(name);
    try {
      for (const file of await readdir(dir)) {
        const piece = /^([0-9a-f]{40})\.(xml|gz)$/.exec(file);
        if (!piece || !keep.has(piece[1]!)) await rm(path.join(dir, file), { force: true });
      }
    } catch {
      // The folder is gone (a test removed it) or unreadable: the next sweep tries again.
    }
  }

  /** The manifest of `name` when all its pieces are there with their sizes; else null. */
  private async readManifest(name: FeedName): Promise<BuiltFeed | null> {
    try {
      const feed = JSON.parse(
        await readFile(path.join(this.options.dir, `${stemOf(name)}.json`), 'utf8'),
      ) as Partial<BuiltFeed>;
      // A manifest of the single-file layout before segment files: built again.
      if (feed.name !== name || !Array.isArray(feed.parts) || typeof feed.gzipEnd !== 'string' || !feed.files)
        return null;
      const built = feed as BuiltFeed;
      const dir = this.segmentDir(name);
      let identity = 0;
      let gzip = 0;
      for (const part of built.parts) {
        identity += (await stat(piecePath(dir, part, 'identity'))).size;
        gzip += (await stat(piecePath(dir, part, 'gzip'))).size;
      }
      gzip += 10 + built.gzipEnd.length / 2;
      if (identity !== built.files.identity.size || gzip !== built.files.gzip.size) return null;
      // The brotli copy only when it is this build's and whole; else it is made again.
      const br = built.files.br;
      const whole =
        brotliReady(built) && (await stat(path.join(this.options.dir, br.file)).catch(() => null))?.size === br.size;
      if (!whole) built.files.br = { file: br.file, size: 0 };
      return built;
    } catch {
      return null;
    }
  }

  /** Temporary files, brotli files and pieces no manifest names, files of the old layout. */
  private async removeStrayFiles(): Promise<void> {
    const kept = new Set([...this.current.values()].map((f) => f.files.br.file));
    for (const file of await readdir(this.options.dir)) {
      const ours = /\.tmp$/.test(file) || FEED_NAMES.some((n) => file.startsWith(`${stemOf(n)}-`));
      if (ours && !kept.has(file)) await rm(path.join(this.options.dir, file), { force: true });
    }
    for (const name of FEED_NAMES) await this.sweep(name);
  }

  /** Whether the outbox records a catalogue change after `ms` (rows are kept an hour). */
  private async changedSince(ms: number): Promise<boolean> {
    try {
      const [row] = await rows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from catalog_changes where changed_at > ${new Date(ms).toISOString()}::timestamptz`,
      );
      return (row?.n ?? 0) > 0;
    } catch {
      return true;
    }
  }
}

const registry = new WeakMap<Db, FeedFiles>();

/**
 * Starts the feed files of `db` (server/main.ts at API start; tests with their own folder) and
 * registers them for the route handlers.
 * @returns the running instance; call `markDirty()` on catalogue changes.
 */
export function startFeedFiles(db: Db, options: FeedFilesOptions): FeedFiles {
  const existing = registry.get(db);
  if (existing) return existing;
  // server/main.ts logs each build (its brotli size is 0 until the copy is made): the copy's line.
  const onBrotli =
    options.onBrotli ??
    ((feed: BuiltFeed, ms: number) =>
      console.log(
        `[shop-api] feed ${feed.name} brotli copy made in ${ms} ms (after the builds): ${(feed.files.br.size / 1_048_576).toFixed(1)} MB`,
      ));
  const files = new FeedFiles(db, { ...options, onBrotli });
  registry.set(db, files);
  void files.start().catch((error: unknown) => logError('shop-api', 'feed files start', error));
  return files;
}

/**
 * The feed files of `db`; a database nobody started them for (an API built by a test or a script)
 * gets its own in a private temporary folder, with the settings of server/env.ts.
 */
export function feedFilesFor(db: Db): FeedFiles {
  const existing = registry.get(db);
  if (existing) return existing;
  const env = readServerEnv();
  const dir = path.join(tmpdir(), `shop-feeds-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  return startFeedFiles(db, {
    dir,
    intervalMs: env.FEED_REBUILD_INTERVAL_S * 1000,
    siteUrl: env.SITE_URL,
    shopName: FALLBACK_SHOP_NAME,
  });
}

/** The shop name used when the organization record has none. */
export const FALLBACK_SHOP_NAME = 'Lumière';

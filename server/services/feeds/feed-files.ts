/**
 * The product feeds as files (issue #28 items 7 and 9, docs/feeds.md "How it is served"). Until
 * then each request wrote the whole feed from the database (~2.5 s of API CPU for 45–65 MB), so
 * four concurrent downloads stalled the API. Now:
 *
 * - each feed is built after a catalogue change ({@link FeedFiles#markDirty}, called by the change
 *   events of server/services/change-events.ts), at most once every `intervalMs` (changes in
 *   between are gathered into one rebuild), and at start when its files are missing, older than
 *   `intervalMs` or older than the newest catalogue change;
 * - a build writes the XML, a gzip (level 6) and a brotli (quality 5) copy side by side in one
 *   pass (zlib compresses on libuv's thread pool, so the two encoders run beside the XML writer),
 *   each into a temporary file renamed into place, then a manifest renamed into place: a reader
 *   sees the old build or the new one, never half a file. Each build has files of its own name, so
 *   a download under way keeps reading the build it started with; old builds are deleted later;
 * - the catalogue is read in pages as for the stream before (feed-source.ts), and the build yields
 *   to the event loop after every page, so requests are answered between pages (docs/feeds.md has
 *   the /api/health latency measured during a build).
 *
 * One instance per database (and so per API process): {@link feedFilesFor}.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { readServerEnv } from '../../env';
import { logError } from '../log';
import { googleMerchantFeed } from './google-merchant';
import { ymlFeed, type FeedOptions } from './yml';

/** The feeds the API builds, by their file name. */
export const FEED_NAMES = ['yml.xml', 'google-merchant.xml'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

/** Content codings a feed is stored in: the XML itself, gzip, brotli. */
export type FeedCoding = 'identity' | 'gzip' | 'br';

/** Gzip level of the stored copy (zlib's default: ~10× smaller for feed XML). */
export const FEED_GZIP_LEVEL = 6;
/**
 * Brotli quality of the stored copy: 5 compresses 50+ MB of XML in about the time of gzip 6 and
 * smaller; 11 would take minutes for a 100,000-product feed.
 */
export const FEED_BROTLI_QUALITY = 5;

/**
 * Products per database page during a build. A page is one slice of the event loop (its rows
 * turned into XML, ~0.5 ms per product of a dozen sizes): 50 keeps a slice around 25 ms, where 200
 * held /api/health for over 100 ms (docs/feeds.md "Measured").
 */
export const FEED_BUILD_PAGE_SIZE = 50;

/** ms an old build's files stay after a new one replaced it (downloads of them hold their fd). */
const OLD_BUILD_GRACE_MS = 60_000;

const GENERATORS: Record<FeedName, (db: Db, options: FeedOptions) => AsyncGenerator<string>> = {
  'yml.xml': ymlFeed,
  'google-merchant.xml': googleMerchantFeed,
};

/** One built feed: the manifest kept beside its files and in memory. */
export interface BuiltFeed {
  name: FeedName;
  /** When the build started, ms since the epoch (the catalogue as of then): `Last-Modified`. */
  builtAt: number;
  /** SHA-1 of the XML (base64url, 27 characters): the `ETag`, with the coding as a suffix. */
  hash: string;
  /** ms the build took. */
  buildMs: number;
  /** File name (inside the feed folder) and size in bytes of each coding. */
  files: Record<FeedCoding, { file: string; size: number }>;
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
  /** Called after every build of a feed (logs, tests, the bench). */
  onBuilt?: (feed: BuiltFeed) => void;
}

const CODINGS: readonly FeedCoding[] = ['identity', 'gzip', 'br'];
const EXTENSION: Record<FeedCoding, string> = { identity: '', gzip: '.gz', br: '.br' };

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
  /** Builds of both feeds finished since this instance was made (tests, the bench). */
  builds = 0;

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
        const feed = await this.readManifest(name);
        if (feed) this.current.set(name, feed);
      }
      await this.removeStrayFiles();
      const oldest = Math.min(...FEED_NAMES.map((n) => this.current.get(n)?.builtAt ?? 0));
      if (oldest < Date.now() - this.options.intervalMs || (await this.changedSince(oldest))) this.dirty = true;
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

  /** Absolute path of a file of a build. */
  pathOf(feed: BuiltFeed, coding: FeedCoding): string {
    return path.join(this.options.dir, feed.files[coding].file);
  }

  /**
   * Notes a catalogue change: both feeds are rebuilt once `intervalMs` has passed since the last
   * build began (at once if it has), however many changes come meanwhile.
   */
  markDirty(): void {
    this.dirty = true;
    this.schedule();
  }

  /** Resolves when no build is under way or scheduled (tests, the bench). */
  async idle(): Promise<void> {
    if (this.started) await this.started.catch(() => undefined);
    while (this.running || this.timer) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Stops scheduling; waits for a build under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
        for (const name of FEED_NAMES) await this.build(name);
        this.builds += 1;
      } finally {
        this.running = null;
        // Changes during the build: the next one, no sooner than the interval allows.
        this.schedule();
      }
    })();
  }

  /** Builds one feed; a failure is logged and the previous build stays current. */
  private async build(name: FeedName): Promise<void> {
    const started = Date.now();
    const { dir } = this.options;
    const base = `${stemOf(name)}-${started.toString(36)}.xml`;
    const files = Object.fromEntries(
      CODINGS.map((c) => [c, { file: `${base}${EXTENSION[c]}`, size: 0 }]),
    ) as BuiltFeed['files'];
    const temp = (coding: FeedCoding) => path.join(dir, `.${files[coding].file}.tmp`);
    const outputs = Object.fromEntries(CODINGS.map((c) => [c, createWriteStream(temp(c))])) as Record<
      FeedCoding,
      WriteStream
    >;
    const gzip = zlib.createGzip({ level: FEED_GZIP_LEVEL });
    const brotli = zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: FEED_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    gzip.pipe(outputs.gzip);
    brotli.pipe(outputs.br);
    const inputs = [outputs.identity, gzip, brotli];
    const hash = createHash('sha1');
    try {
      const chunks = GENERATORS[name](this.db, {
        siteUrl: this.options.siteUrl,
        shopName: this.options.shopName,
        pageSize: this.options.pageSize ?? FEED_BUILD_PAGE_SIZE,
        now: new Date(started),
      });
      for await (const chunk of chunks) {
        const bytes = Buffer.from(chunk, 'utf8');
        hash.update(bytes);
        const waits = inputs.filter((s) => !s.write(bytes)).map((s) => waitDrain(s));
        if (waits.length > 0) await Promise.all(waits);
        // A page of offers is tens of ms of string work: let waiting requests in between.
        await yieldToLoop();
      }
      for (const s of inputs) s.end();
      await Promise.all(CODINGS.map((c) => finished(outputs[c])));
      for (const c of CODINGS) {
        files[c].size = (await stat(temp(c))).size;
        await rename(temp(c), path.join(dir, files[c].file));
      }
      const feed: BuiltFeed = { name, builtAt: started, hash: hash.digest('base64url'), buildMs: 0, files };
      feed.buildMs = Date.now() - started;
      await writeFile(path.join(dir, `.${stemOf(name)}.json.tmp`), JSON.stringify(feed));
      await rename(path.join(dir, `.${stemOf(name)}.json.tmp`), path.join(dir, `${stemOf(name)}.json`));
      const previous = this.current.get(name);
      this.current.set(name, feed);
      if (previous) this.removeLater(previous);
      this.options.onBuilt?.(feed);
    } catch (error) {
      for (const s of [...inputs, outputs.gzip, outputs.br]) s.destroy();
      await Promise.all(CODINGS.map((c) => rm(temp(c), { force: true })));
      logError('shop-api', `feed ${name} build failed (the previous file stays)`, error);
    }
  }

  private removeLater(feed: BuiltFeed): void {
    setTimeout(() => {
      for (const c of CODINGS) void rm(this.pathOf(feed, c), { force: true });
    }, OLD_BUILD_GRACE_MS).unref();
  }

  /** The manifest of `name` when all its files are there with their sizes; else null. */
  private async readManifest(name: FeedName): Promise<BuiltFeed | null> {
    try {
      const feed = JSON.parse(await readFile(path.join(this.options.dir, `${stemOf(name)}.json`), 'utf8')) as BuiltFeed;
      for (const c of CODINGS) if ((await stat(this.pathOf(feed, c))).size !== feed.files[c].size) return null;
      return feed.name === name ? feed : null;
    } catch {
      return null;
    }
  }

  /** Temporary files of a build cut short and files of builds no manifest names. */
  private async removeStrayFiles(): Promise<void> {
    const kept = new Set([...this.current.values()].flatMap((f) => CODINGS.map((c) => f.files[c].file)));
    for (const file of await readdir(this.options.dir)) {
      const ours = /\.tmp$/.test(file) || FEED_NAMES.some((n) => file.startsWith(`${stemOf(n)}-`));
      if (ours && !kept.has(file)) await rm(path.join(this.options.dir, file), { force: true });
    }
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

function waitDrain(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('error', fail);
      resolve();
    };
    const fail = (error: Error) => {
      stream.off('drain', done);
      reject(error);
    };
    stream.once('drain', done);
    stream.once('error', fail);
  });
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
  const files = new FeedFiles(db, options);
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

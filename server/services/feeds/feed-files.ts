/**
 * The product feeds as files (issue #28 items 7 and 9, docs/feeds.md "How it is served"). Until
 * then each request wrote the whole feed from the database (~2.5 s of API CPU for 45–65 MB), so
 * four concurrent downloads stalled the API. Now:
 *
 * - each feed is built after a catalogue change ({@link FeedFiles#markDirty}, called by the change
 *   events of server/services/change-events.ts), at most once every `intervalMs` (changes in
 *   between are gathered into one rebuild), and at start when its files are missing, older than
 *   `intervalMs` or older than the newest catalogue change;
 * - a build writes the XML and a gzip copy (feed-writer.ts), each into a temporary file renamed
 *   into place, then a manifest renamed into place: a reader sees the old build or the new one,
 *   never half a file. Each build has files of its own name, so a download under way keeps
 *   reading the build it started with; old builds are deleted later;
 * - the brotli copy is made afterwards, in the background, from the published XML
 *   ({@link FeedFiles#brotliCopy}): at 100,000 products it is 1.5 GB through brotli, which in the
 *   build itself made a change take 13.6 s to reach the feed (docs/feeds.md). Until it is there
 *   the handler serves gzip; the manifest names the build the copy was made from
 *   ({@link brotliReady}), so a brotli body of an older build never goes out under a newer ETag;
 * - a rebuild is incremental (feed-writer.ts `writeChangedFeed`): the products named by the
 *   change log (`catalog_changes`) since the previous build began are read and written again, the
 *   others copied from the previous build's files. The first build of a process, a change of a
 *   brand, category, colour or tag (`catalog` rows), more than {@link MAX_CHANGED_SHARE} of the
 *   products changed, and a build {@link FULL_REBUILD_MS} after the last full one are full builds;
 * - a full build reads the catalogue in pages (feed-source.ts) and yields to the event loop after
 *   every page, so requests are answered between pages (docs/feeds.md has the /api/health latency
 *   measured during a build).
 *
 * One instance per database (and so per API process): {@link feedFilesFor}.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { readServerEnv } from '../../env';
import { logError } from '../log';
import {
  writeBrotliCopy,
  writeChangedFeed,
  writeFullFeed,
  type FeedFormat,
  type FeedLayout,
  type FeedPaths,
  type WrittenFeed,
} from './feed-writer';
import { googleHead, googleItems, GOOGLE_TAIL } from './google-merchant';
import { ymlHead, ymlOffers, YML_TAIL, type FeedOptions } from './yml';

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

/** ms an old build's files stay after a new one replaced it (downloads of them hold their fd). */
const OLD_BUILD_GRACE_MS = 60_000;

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
  /** SHA-1 of the XML (base64url, 27 characters): the `ETag`, with the coding as a suffix. */
  hash: string;
  /** ms the build took. */
  buildMs: number;
  /** Whether it was a full build, and how many products it wrote again (all, for a full one). */
  full?: boolean;
  rendered?: number;
  /**
   * File name (inside the feed folder) and size in bytes of each coding. The brotli copy is made
   * after the build is published: until then its size is 0 and `of` unset; once made, `of` is the
   * `hash` of the build it compresses. Only {@link brotliReady} copies are served.
   */
  files: Record<FeedCoding, { file: string; size: number; of?: string }>;
}

/** Whether `feed` has a brotli copy of its own XML (not yet made, or of another build: no). */
export function brotliReady(feed: BuiltFeed): boolean {
  return feed.files.br.of === feed.hash && feed.files.br.size > 0;
}

/**
 * When a feed's brotli copy is made: `background` (default) after the XML and gzip are published,
 * `inline` during the build as before (a change then reaches the feed only after brotli has
 * compressed the whole XML; kept to compare, `FEED_BROTLI=inline`).
 */
export type BrotliMode = 'background' | 'inline';

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
  /** When the brotli copy is made (default `background`). */
  brotli?: BrotliMode;
  /** Called when a background brotli copy is published (logs, tests). */
  onBrotli?: (feed: BuiltFeed, ms: number) => void;
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
          const feed = await this.build(name, plan.plan);
          if (feed) published.push(feed);
          ok = feed !== null && ok;
        }
        // After both builds, one after the other: a brotli copy beside the next feed's build
        // would slow that build (2 cores), and two at once would take both cores from the pages.
        if (this.options.brotli !== 'inline') for (const feed of published) this.brotliCopy(feed);
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
    const { dir } = this.options;
    const base = `${stemOf(name)}-${started.toString(36)}.xml`;
    const files = Object.fromEntries(
      CODINGS.map((c) => [c, { file: `${base}${EXTENSION[c]}`, size: 0 }]),
    ) as BuiltFeed['files'];
    const temp = (coding: FeedCoding) => path.join(dir, `.${files[coding].file}.tmp`);
    const inline = this.options.brotli === 'inline';
    const paths: FeedPaths = { identity: temp('identity'), gzip: temp('gzip'), ...(inline ? { br: temp('br') } : {}) };
    const made: readonly FeedCoding[] = inline ? CODINGS : ['identity', 'gzip'];
    const options: FeedOptions = {
      siteUrl: this.options.siteUrl,
      shopName: this.options.shopName,
      pageSize: this.options.pageSize ?? FEED_BUILD_PAGE_SIZE,
      now: new Date(started),
    };
    const previous = this.layouts.get(name);
    try {
      let written: WrittenFeed;
      if (plan.full || !previous) {
        written = await writeFullFeed(this.db, FORMATS[name], options, paths, {
          sizeHint: this.current.get(name)?.files.identity.size,
          segmentProducts: this.options.segmentProducts,
        });
      } else {
        written = await writeChangedFeed(this.db, FORMATS[name], options, paths, previous, plan.changed);
      }
      for (const c of made) {
        files[c].size = written.sizes[c];
        await rename(temp(c), path.join(dir, files[c].file));
      }
      if (inline) files.br.of = written.hash;
      written.layout.identity = path.join(dir, files.identity.file);
      written.layout.gzip = path.join(dir, files.gzip.file);
      const feed: BuiltFeed = {
        name,
        builtAt: started,
        hash: written.hash,
        buildMs: 0,
        full: plan.full || !previous,
        rendered: written.rendered,
        files,
      };
      feed.buildMs = Date.now() - started;
      const before = this.current.get(name);
      await this.publish(feed);
      this.layouts.set(name, written.layout);
      if (before) this.removeLater(before);
      this.options.onBuilt?.(feed);
      return feed;
    } catch (error) {
      await Promise.all(CODINGS.map((c) => rm(temp(c), { force: true })));
      this.layouts.delete(name);
      logError('shop-api', `feed ${name} build failed (the previous file stays)`, error);
      return null;
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
        const size = await writeBrotliCopy(this.pathOf(feed, 'identity'), temp, feed.files.identity.size, abort.signal);
        if (stale()) return;
        await rename(temp, path.join(this.options.dir, file));
        const withBrotli: BuiltFeed = { ...feed, files: { ...feed.files, br: { file, size, of: feed.hash } } };
        if (await this.publish(withBrotli, stale)) this.options.onBrotli?.(withBrotli, Date.now() - started);
        // Superseded meanwhile: removeLater of the old manifest's files takes this one too.
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

  private removeLater(feed: BuiltFeed): void {
    setTimeout(() => {
      for (const c of CODINGS) void rm(this.pathOf(feed, c), { force: true });
    }, OLD_BUILD_GRACE_MS).unref();
  }

  /** The manifest of `name` when all its files are there with their sizes; else null. */
  private async readManifest(name: FeedName): Promise<BuiltFeed | null> {
    try {
      const feed = JSON.parse(await readFile(path.join(this.options.dir, `${stemOf(name)}.json`), 'utf8')) as BuiltFeed;
      for (const c of ['identity', 'gzip'] as const)
        if ((await stat(this.pathOf(feed, c))).size !== feed.files[c].size) return null;
      // The brotli copy only when it is this build's and whole; else it is made again.
      const br = feed.files.br;
      const whole = brotliReady(feed) && (await stat(this.pathOf(feed, 'br')).catch(() => null))?.size === br.size;
      if (!whole) feed.files.br = { file: br.file, size: 0 };
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

const registry = new WeakMap<Db, FeedFiles>();

/**
 * Starts the feed files of `db` (server/main.ts at API start; tests with their own folder) and
 * registers them for the route handlers.
 * @returns the running instance; call `markDirty()` on catalogue changes.
 */
export function startFeedFiles(db: Db, options: FeedFilesOptions): FeedFiles {
  const existing = registry.get(db);
  if (existing) return existing;
  // FEED_BROTLI=inline: the brotli copy made during the build, as before (the bench compares
  // both; docs/feeds.md). Not a shop setting: read here, not in server/env.ts.
  const brotli = options.brotli ?? (process.env.FEED_BROTLI === 'inline' ? 'inline' : 'background');
  // server/main.ts logs each build (its brotli size is 0 until the copy is made): the copy's line.
  const onBrotli =
    options.onBrotli ??
    ((feed: BuiltFeed, ms: number) =>
      console.log(
        `[shop-api] feed ${feed.name} brotli copy made in ${ms} ms (after the builds): ${(feed.files.br.size / 1_048_576).toFixed(1)} MB`,
      ));
  const files = new FeedFiles(db, { ...options, brotli, onBrotli });
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

#!/usr/bin/env node
/**
 * Serves the production build of the storefront with one Next.js server per CPU core (issue #7:
 * a Node process renders and writes pages on one core; `next start` uses one, so a 2-core machine
 * served cached pages at half its capacity). Node's cluster module shares the listening socket;
 * the primary only forks, re-forks a worker that dies (at most 5 times a minute) and forwards
 * SIGINT/SIGTERM. Each worker is Next's documented custom server (`next({ dev: false })` +
 * `getRequestHandler()`), so routing, proxy.ts, ISR and images behave as under `next start`. Each
 * worker keeps its own in-memory ISR cache (next.config.ts), so a page is rendered once per worker.
 *
 * In front of Next, each worker answers hot cacheable pages from a short-lived in-memory HTTP cache
 * (storefront-server/page-micro-cache.ts: what a CDN or nginx's microcaching would do in production).
 * Issue #14 item 9: public pages carry a weak ETag and answer If-None-Match with 304, and answers
 * are compressed here with brotli or gzip instead of by Next (storefront-server/page-validators.ts);
 * the build's static files are sent as compressed once after the build (issue #14 item 17,
 * storefront-server/precompressed-static.ts).
 *
 * Issue #12, before Next: requests Next would answer with a 500 get 400/405 (a malformed
 * percent-encoded path, TRACE; storefront-server/request-guard.ts), as do `/_next/image` sources with a
 * query (each forced a new AVIF encode). Under a burst each worker admits at most
 * WEB_CONCURRENCY_LIMIT requests into Next at once, queues WEB_QUEUE more for at most
 * WEB_QUEUE_TIMEOUT_MS and answers the rest 503 + Retry-After with a Russian page at once
 * (storefront-server/admission-gate.ts); micro-cache hits and static files never queue. A page that
 * failed (500) while the shop API was shedding load (lib/api/fetcher.ts) is sent as that 503.
 * Server timeouts drop clients that do not finish sending a request.
 *
 *   PORT=3000 [HOSTNAME=0.0.0.0] [WEB_CONCURRENCY=2] [PAGE_CACHE_DISK_MB=1024]
 *   [MICRO_CACHE_MS=1000] [MICRO_CACHE_MB=16] [MICRO_CACHE_REFRESHES=8] node storefront-server/serve.ts
 *
 * The variables are parsed once by storefront-server/settings.ts (ranges there and in README
 * "Configuration"); a value out of range stops the start with a message naming it.
 *
 * WEB_CONCURRENCY: number of workers (default: the machine's available parallelism, at most 8).
 * PAGE_CACHE_DISK_MB: the on-disk copies of cached catalogue pages ({distDir}/server/route-cache, one
 * per path and filter combination ever requested) are pruned, oldest first, to this size every
 * minute; a pruned page is rendered again on its next request.
 * MICRO_CACHE_MS: the longest time a worker answers a page from its micro-cache (0: off);
 * MICRO_CACHE_MB: the bodies it keeps, per worker.
 * WEB_CONCURRENCY_LIMIT (8), WEB_QUEUE (64), WEB_QUEUE_TIMEOUT_MS (1000): the admission gate of
 * each worker (requests in Next at once, waiting, longest wait in ms).
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptInWorkers } from './accept-policy.ts';
import { AdmissionGate, GateRefusal } from './admission-gate.ts';
import { FEED_PATH, relayFeedRequest } from './feed-relay.ts';
import { compileTrust, normalizeForwarding } from './forwarded.ts';
import { startClusterMetricsServer, startWorkerMetrics } from './metrics.ts';
import { PageMicroCache, pagesOfTags } from './page-micro-cache.ts';
import { encodeAnswer, holdPublicPage } from './page-validators.ts';
import { precompressedStaticHandler } from './precompressed-static.ts';
import { listenPrivately } from './private-listener.ts';
import { pageCacheDir, prunePageCache } from './prune-page-cache.ts';
import { armDeadline } from './request-deadline.ts';
import { guardRequest, overloadedAnswer, sendAnswer } from './request-guard.ts';
import { readServeSettings, settingsOrExit } from './settings.ts';
import { SingleLocationResponse, unquoteImageValidators, type WriteHeadRest } from './storefront-response.ts';
import { createJsonLogger, routeConsoleToLog } from './telemetry-log.ts';
import type { AddressInfo } from 'node:net';

/** IPC type of a revalidation passed between workers (lib/revalidation.ts FANOUT_MESSAGE). */
const FANOUT_MESSAGE = 'storefront:revalidate';

// Issue #31: every line of the primary and the workers (Next's too) as JSON, with trace ids.
routeConsoleToLog(createJsonLogger('shop-storefront'));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Issue #17 item 6: every variable parsed once (storefront-server/settings.ts); a bad value stops here.
const settings = settingsOrExit(() => readServeSettings());
const { port, hostname, workers } = settings;

/** lib/api/fetcher.ts: epoch ms until which the shop API said it is saturated (same process). */
const API_BUSY_KEY = Symbol.for('storefront.apiBusyUntil');
/** The process-wide hooks this server shares with Next's code in the same worker. */
const shared = globalThis as unknown as Record<symbol, unknown>;
/** ms below which a request admitted late is not handed to Next (it could not answer in time). */
const MIN_RENDER_MS = 300;
/** Seconds a client is told to wait when the storefront or the API sheds load. */
const RETRY_AFTER_S = 5;
/**
 * A page that failed while the API was shedding load (or up to 2 s after) did not fail for a bug:
 * it is sent as 503 + Retry-After (crawlers come back later instead of dropping the URL).
 */
class ShedAwareResponse extends SingleLocationResponse {
  writeHead(statusCode: number, ...rest: WriteHeadRest): this {
    if (statusCode === 500 && Number(shared[API_BUSY_KEY] ?? 0) > Date.now() - 2000) {
      this.setHeader('retry-after', String(RETRY_AFTER_S));
      return super.writeHead(503, ...rest);
    }
    return super.writeHead(statusCode, ...rest);
  }
}

if (cluster.isPrimary) {
  const cacheDir = pageCacheDir(root, settings.distDir);
  setInterval(() => {
    const { before, after, deleted } = prunePageCache(cacheDir, settings.pageCacheDiskBytes);
    if (deleted)
      console.log(
        `[serve] page cache on disk ${(before / 1048576).toFixed(0)} → ${(after / 1048576).toFixed(0)} MB (${deleted} files)`,
      );
  }, 60_000).unref();
  // Issue #12: the workers accept connections themselves (storefront-server/accept-policy.ts); before
  // setupPrimary(), which freezes the policy.
  acceptInWorkers(cluster);
  // A larger young generation: rendering and sending pages allocates many short-lived buffers, and
  // V8's default 16 MB semi-space made the workers collect garbage several times a second. 32 MB,
  // not 64: under a burst the young generation grows to its maximum and stays resident (issue #12
  // item 15 measured RSS +27% after a burst with 64 MB, +21% with 32 MB, at the same req/s).
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--max-semi-space-size=32'] });
  // Issue #31: the workers' metrics summed on a private port (storefront-server/metrics.ts).
  if (settings.metrics) startClusterMetricsServer(settings.metrics.port, settings.metrics.host);
  let stopping = false;
  const restarts: number[] = [];
  for (let i = 0; i < workers; i += 1) cluster.fork();
  // Issue #13: a revalidation that reached one worker is passed on to all the others (each keeps
  // its own page cache and tag manifest in memory).
  cluster.on('message', (from, message) => {
    if (message?.type !== FANOUT_MESSAGE) return;
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && worker !== from) worker.send(message);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > 5) {
      console.error(`[serve] workers keep dying (last: code ${code}, signal ${signal}); stopping`);
      process.exit(1);
    }
    console.error(`[serve] worker ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`[serve] ${workers} storefront worker(s) on http://localhost:${port}`);
} else {
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: root, port, hostname: hostname ?? 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Issue #13: a copy that aged out is refreshed by a request of its own through the private
  // listener (below), at most MICRO_CACHE_REFRESHES at a time, while every client gets the old copy.
  const refreshToken = randomBytes(16).toString('hex');
  let refreshesUnderWay = 0;
  const refresh = (req: IncomingMessage, failed: () => void) => {
    const address = internal.address() as AddressInfo | null;
    if (refreshesUnderWay >= settings.backgroundRefreshes || !address) return false;
    refreshesUnderWay += 1;
    const headers: IncomingMessage['headers'] = { ...req.headers, 'x-micro-cache-refresh': refreshToken };
    // Anonymous and unconditional: the copy is for every client.
    for (const name of ['cookie', 'if-none-match', 'if-modified-since', 'connection', 'keep-alive'])
      delete headers[name];
    let done = false;
    let answered = false;
    const finish = (ok: boolean) => {
      if (done) return;
      done = true;
      refreshesUnderWay -= 1;
      if (!ok) failed();
    };
    const background = httpRequest(
      { host: '127.0.0.1', port: address.port, method: 'GET', path: req.url, headers, timeout: 15_000 },
      (answer) => {
        answered = true;
        answer.resume();
        // 'close' comes after 'end' and after an abort alike: the slot is always given back.
        answer.once('close', () => finish(answer.complete));
      },
    );
    background.once('timeout', () => background.destroy());
    background.once('error', () => finish(false));
    background.once('close', () => {
      if (!answered) finish(false);
    });
    background.end();
    return true;
  };
  const microCache = new PageMicroCache({ ...settings.microCache, refresh });
  // Issue #14 item 17: the chunks and stylesheets as compressed after the build (brotli 11).
  const sendPrecompressed = precompressedStaticHandler(path.join(root, settings.distDir, 'static'));
  // Issue #12: the client address the throttles count is this socket's (or a trusted proxy's).
  const trust = compileTrust(settings.trustedProxies);
  const deadlineMs = settings.requestDeadlineMs;
  const gate = new AdmissionGate(settings.gate);
  // Issue #31: requests, caches and the gate, recorded only when WEB_METRICS_PORT is set.
  const metrics = settings.metrics ? startWorkerMetrics(path.join(root, settings.distDir)) : null;
  metrics?.observeGate(gate);
  const server = createServer(
    {
      ServerResponse: ShedAwareResponse,
      // A client gets 10 s to send its headers and 30 s for the whole request; checked every 2 s
      // (Node's default, 30 s, let slow senders hold sockets far longer).
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 2_000,
    },
    (req, res) => {
      metrics?.observe(req, res);
      const refused = guardRequest(req.method, req.url);
      if (refused) return sendAnswer(req, res, refused);
      normalizeForwarding(req, trust);
      // Issue #28 item 9: a feed is the API's built file, relayed here byte for byte with its
      // coding and validators (Next's route handlers drop Content-Encoding), never a micro-cache
      // copy (tens of MB), and never waiting for a slot or another client's download.
      if (relayFeedRequest(req, res, settings.apiUrl)) return;
      if (FEED_PATH.test(req.url ?? '')) return toNext(req, res, performance.now());
      if (microCache.serve(req, res)) return;
      // Issue #12: the deadline counts from here, the wait below included.
      const arrived = performance.now();
      // Issue #13: a page whose copy is too old to send and is being rendered again: its clients
      // wait for that render instead of each going to Next.
      const wait = microCache.waitFor(req);
      if (wait) {
        wait.then((rendered) => {
          if (res.destroyed || microCache.serve(req, res)) return;
          if (rendered) microCache.send(req, res, rendered);
          else toNext(req, res, arrived);
        });
        return;
      }
      toNext(req, res, arrived);
    },
  );
  /**
   * Issue #14 item 9: the micro-cache records the encoded answer, filed under the client's
   * Accept-Encoding; encodeAnswer gives Next the identity coding and encodes (br or gzip);
   * holdPublicPage adds the ETag to public pages and answers If-None-Match with 304. For client
   * requests and the micro-cache's own background refreshes alike.
   */
  function recordAndEncode(req: IncomingMessage, res: ServerResponse): void {
    microCache.capture(req, res);
    encodeAnswer(req, res);
    holdPublicPage(req, res);
  }
  /**
   * A request the micro-cache did not answer: static files, the webhook, or Next (gated).
   * @param arrived `performance.now()` when it arrived (its deadline counts from then)
   */
  function toNext(req: IncomingMessage, res: ServerResponse, arrived: number): void {
    if (req.url?.startsWith('/_next/static/')) {
      if (sendPrecompressed(req, res)) return;
      encodeAnswer(req, res);
      return void handle(req, res);
    }
    // Issue #13: a revalidation must get through exactly when the shop is busy (it is cheap).
    if (req.method === 'POST' && req.url?.split('?')[0] === '/api/revalidate') return void handle(req, res);
    // A waiter whose client went away never reaches Next. For a page request (no body), the
    // client closing its side ('end') means it is gone: under a burst, clients that gave up
    // were otherwise rendered for and left their sockets in CLOSE-WAIT (issue #12).
    const socket = req.socket;
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (page && (socket.readableEnded || socket.destroyed)) return void socket.destroy();
    const gone = new AbortController();
    const onGone = () => gone.abort();
    res.once('close', onGone);
    if (page) socket.once('end', onGone);
    const stopWatching = () => {
      res.off('close', onGone);
      socket.off('end', onGone);
    };
    gate.acquire(gone.signal).then(
      (release) => {
        stopWatching();
        if (res.destroyed || gone.signal.aborted) {
          release();
          socket.destroy();
          return;
        }
        const feed = page && FEED_PATH.test(req.url ?? '');
        if (feed) {
          // Issue #28 item 9: a feed holds its slot until its head is written, not for the whole
          // download: a crawler on a slow line took minutes, and eight such downloads filled
          // WEB_CONCURRENCY_LIMIT so pages queued behind them.
          let released = false;
          const releaseOnce = () => {
            if (released) return;
            released = true;
            release();
          };
          const writeHead = res.writeHead;
          res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
            res.writeHead = writeHead;
            releaseOnce();
            return writeHead.apply(this, args);
          } as ServerResponse['writeHead'];
          res.once('close', releaseOnce);
        } else res.once('close', release);
        if (page) {
          const cut = () => socket.destroy();
          socket.once('end', cut);
          res.once('close', () => socket.off('end', cut));
        }
        // Issue #12: answered within WEB_REQUEST_DEADLINE_MS of its arrival (the wait for a slot
        // counts) whatever Next is doing. Not for writes (an order must not be cut in the middle)
        // nor sitemaps and product feeds (long by nature: a 100,000-product feed streams for a
        // minute, issue #15).
        if (page && deadlineMs > 0 && !feed && !/^\/sitemap/.test(req.url ?? '')) {
          const left = deadlineMs - (performance.now() - arrived);
          // Too little left to render a page: the slot goes to a request that can still make it.
          if (left < MIN_RENDER_MS) return void sendAnswer(req, res, overloadedAnswer(RETRY_AFTER_S));
          armDeadline(res, left, (late) => sendAnswer(req, late, overloadedAnswer(RETRY_AFTER_S)));
        }
        // Issue #28 item 9: the API's gzip/brotli copy and its Content-Length pass through as they
        // are (a body with Content-Encoding is never encoded again, and the client's
        // Accept-Encoding must reach the relay); the micro-cache never keeps a feed.
        if (!feed) recordAndEncode(req, res);
        unquoteImageValidators(req);
        handle(req, res);
      },
      (error) => {
        stopWatching();
        if (gone.signal.aborted) return void socket.destroy();
        if (error instanceof GateRefusal && !res.headersSent && !res.destroyed)
          sendAnswer(req, res, overloadedAnswer(RETRY_AFTER_S));
      },
    );
  }
  // Idle keep-alive sockets close after 5 s (Node's default, kept explicit); a socket with no
  // traffic for 60 s mid-request is destroyed.
  server.keepAliveTimeout = 5_000;
  server.timeout = 60_000;
  // Issue #13 revalidation: the micro-cache expires its copies of the pages the tags concern once
  // Next's cache handler has applied them (deploy/next-cache-handler-local.mjs calls this), and a
  // revalidation passed on by a sibling worker reaches this worker's Next through a private
  // loopback listener (revalidateTag needs a request of its own process).
  shared[Symbol.for('storefront.onRevalidate')] = (tags: string[] = [], paths: string[] = []) =>
    microCache.expire(undefined, pagesOfTags(tags, paths));
  const internal = createServer((req, res) => {
    if (req.headers['x-micro-cache-refresh'] === refreshToken) {
      delete req.headers['x-micro-cache-refresh'];
      recordAndEncode(req, res);
    }
    handle(req, res);
  });
  // Its own port: a plain listen(0) in a worker shares one port across the cluster, and about half of
  // the fan-outs went back to the worker that sent them while the other kept its stale pages.
  void listenPrivately(internal);
  process.on('message', (message: { type?: string; tags?: string[]; paths?: string[] } | null) => {
    const address = internal.address() as AddressInfo | null;
    if (message?.type !== FANOUT_MESSAGE || !address) return;
    fetch(`http://127.0.0.1:${address.port}/api/revalidate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${settings.revalidateSecret}`,
        'x-revalidate-fanout': '1',
      },
      body: JSON.stringify({ tags: message.tags ?? [], paths: message.paths ?? [] }),
      signal: AbortSignal.timeout(5000),
    })
      .then((r) => r.body?.cancel())
      .catch((error) => console.error(`[serve] revalidation fan-out failed: ${error?.name ?? 'error'}`));
  });
  // Issue #12: a burst of new connections beyond Node's default backlog (511) had its SYNs dropped,
  // and the retransmits (1, 3, 7 s…) pushed answers past 10 s; the kernel caps it at somaxconn.
  server.listen({ port, host: hostname, backlog: 4096 }, () => {
    if (cluster.worker?.id === 1) console.log(`[serve] ready on http://localhost:${port}`);
  });
  const close = () => {
    internal.close();
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
}

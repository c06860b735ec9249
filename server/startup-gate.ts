/**
 * The API's answers while it starts (issue #31 item 3): server/main.ts listens before it opens the
 * database, so an orchestrator sees a live process (`/api/health` 200) that is not ready yet
 * (`/api/ready` 503 with what it is doing) while the migrations run and a new database is seeded,
 * which may take minutes on a big catalogue. Any other request waits for the app (up to
 * `holdMs`, then a Russian 503 with Retry-After): start scripts that poll `/api/health` and then
 * build the storefront get their answers once the data is there, as before.
 */

/** A fetch handler as @hono/node-server calls it. */
export type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** What the API is doing before it is ready. */
export type StartupPhase = 'migrating' | 'seeding';

const PHASE_MESSAGES: Record<StartupPhase, string> = {
  migrating: 'API запускается: применяются миграции базы данных',
  seeding: 'API запускается: заполняется новая база данных',
};

/** Russian 503 of a request that waited longer than `holdMs` for the start. */
export const STILL_STARTING = 'Магазин запускается, повторите запрос через минуту';

/** The gate: `fetch` for the server, `phase()` to say what runs, `open()` with the real app. */
export interface StartupGate {
  fetch: FetchHandler;
  phase: (phase: StartupPhase) => void;
  /** From now on every request goes to `handler`, and the waiting ones are handed to it. */
  open: (handler: FetchHandler) => void;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

/**
 * Makes the gate (see the module docstring).
 * @param holdMs longest wait of an ordinary request for the start, ms (default 120 000).
 */
export function startupGate({ holdMs = 120_000 }: { holdMs?: number } = {}): StartupGate {
  let current: StartupPhase = 'migrating';
  let handler: FetchHandler | null = null;
  let opened!: () => void;
  const whenOpen = new Promise<void>((resolve) => (opened = resolve));

  const fetch: FetchHandler = async (request, env) => {
    if (handler) return handler(request, env);
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    if (path === '/api/health') return json({ status: 'ok' }, 200);
    if (path === '/api/ready')
      return json({ status: 'error', message: PHASE_MESSAGES[current] }, 503, { 'retry-after': '5' });
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      whenOpen.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), holdMs))),
    ]);
    clearTimeout(timer);
    if (waited && handler) return (handler as FetchHandler)(request, env);
    return json({ status: 'error', message: STILL_STARTING }, 503, { 'retry-after': '10' });
  };
  return {
    fetch,
    phase: (phase) => {
      current = phase;
    },
    open: (real) => {
      handler = real;
      opened();
    },
  };
}

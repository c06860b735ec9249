/**
 * Global setup and teardown of the e2e run (issue #17 item 7, README "Tests"): starts the whole
 * shop with `scripts/start.mjs --test --build` on the ports playwright.config.ts chose, with its own
 * build folder (.next-test), a wiped database (.data/e2e-pglite) and mail folder, and stops it again.
 *
 * The shop runs in a process group of its own. The teardown (returned below; Playwright also runs it
 * after Ctrl+C) asks start.mjs to stop and kills the whole group after 15 s; if the runner exits any other way,
 * an exit handler kills the group, and if the runner is killed outright, start.mjs --test notices
 * that its parent is gone and stops itself. So no run leaves a server holding its ports.
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The e2e database folder, wiped before every run (tests assume the seeded demo catalogue).
 * E2E_RUN_ID gives a run its own database, build and exchange folders, so two runs on one
 * checkout (e.g. two developers' suites on different ports) do not overwrite each other.
 */
const RUN_ID = process.env.E2E_RUN_ID ? `-${process.env.E2E_RUN_ID.replace(/[^a-z0-9-]/gi, '')}` : '';
const PGLITE_DIR = `.data/e2e-pglite${RUN_ID}`;
/**
 * Issue #32: the console's first owner of the e2e shop (tests/e2e/admin.spec.ts), made by the
 * API's CLI before the shop holds the database, as a shop's first owner is. TOTP is not set up yet.
 */
export const E2E_OWNER = { login: 'e2e-owner', name: 'Владелец Тестов', password: 'e2e-owner-password-42' };
/**
 * Where admin.spec.ts keeps the owner's TOTP secret once set up, so that a retried test (a new
 * worker, module state gone) signs in with it instead of expecting the first-time setup again.
 */
export const E2E_OWNER_TOTP_FILE = path.resolve(root, `.data/e2e-owner-totp${RUN_ID}`);

/** Longest wait for the build and the first page, ms (a cold build on a busy 2-core machine). */
const START_TIMEOUT_MS = 15 * 60_000;

/** Whether something answers `url` (any status). */
async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(url, { signal: AbortSignal.timeout(2000) })).body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the process group `pgid`; false when the group is gone. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the shop; resolves once its home page answers 200.
 * @returns the teardown: stops the shop (SIGTERM, then SIGKILL of its process group after 15 s)
 * @throws Error when a port is taken or the shop does not start (the shop is stopped first)
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = process.env.E2E_PORT;
  const apiPort = process.env.E2E_API_PORT;
  if (!port || !apiPort) throw new Error('E2E_PORT and E2E_API_PORT are set by playwright.config.ts');
  const base = `http://localhost:${port}`;
  for (const url of [`${base}/`, `http://127.0.0.1:${apiPort}/api/health`]) {
    if (await answers(url))
      throw new Error(`${url} already answers: stop that server or choose other E2E_PORT/E2E_API_PORT`);
  }
  const mailDir = process.env.MAIL_DIR ?? '.data/e2e-mail';
  for (const dir of [PGLITE_DIR, mailDir, E2E_OWNER_TOTP_FILE])
    rmSync(path.resolve(root, dir), { recursive: true, force: true });
  const { DATABASE_URL: _postgres, ...cliEnv } = process.env;
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['server/admin/cli.ts', 'create-owner', '--login', E2E_OWNER.login, '--name', E2E_OWNER.name],
    { cwd: root, input: E2E_OWNER.password, env: { ...cliEnv, PGLITE_DIR }, stdio: ['pipe', 'inherit', 'inherit'] },
  );

  const shop = spawn(process.execPath, ['scripts/start.mjs', '--test', '--build'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: port,
      API_PORT: apiPort,
      PGLITE_DIR,
      MAIL_DIR: mailDir,
      NEXT_DIST_DIR: `.next-test${RUN_ID}`,
      SHOP_API_URL: '',
      // The 1C exchange (issue #15) is on for tests/e2e/price-freshness.spec.ts, with its own folder.
      EXCHANGE_USER: 'e2e-1c',
      EXCHANGE_PASSWORD: 'e2e-1c-secret',
      EXCHANGE_DIR: `.data/e2e-exchange${RUN_ID}`,
      // Issue #29: the operator API, for tests/e2e/lawful-payments.spec.ts.
      OPERATOR_TOKEN: 'e2e-operator-token-0123456789abcdef',
    },
  });
  const pgid = shop.pid!;
  shop.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  shop.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const killGroup = () => void signalGroup(pgid, 'SIGKILL');
  process.once('exit', killGroup);

  let stopped: Promise<void> | null = null;
  const teardown = () =>
    (stopped ??= (async () => {
      // start.mjs passes the signal on to the API and the storefront, each once.
      try {
        process.kill(pgid, 'SIGTERM');
      } catch {
        // already gone
      }
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && signalGroup(pgid, 0)) await new Promise((r) => setTimeout(r, 200));
      killGroup();
      process.off('exit', killGroup);
    })());

  const exited = new Promise<string>((resolve) =>
    shop.once('exit', (code, signal) => resolve(`the shop exited (code ${code}, signal ${signal})`)),
  );
  const ready = (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) });
        await res.body?.cancel();
        if (res.ok) return null;
      } catch {
        // building or starting
      }
      if (shop.exitCode !== null || shop.signalCode !== null) return 'the shop exited';
      await new Promise((r) => setTimeout(r, 1000));
    }
    return `the shop did not answer ${base}/ within ${START_TIMEOUT_MS / 60_000} min`;
  })();
  const failure = await Promise.race([ready, exited]);
  if (failure) {
    await teardown();
    throw new Error(failure);
  }
  return teardown;
}

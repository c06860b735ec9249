/**
 * The private listener of each storefront worker (storefront-server/private-listener.ts, issue #13): a
 * revalidation passed on to a sibling worker must reach that worker, not whichever the cluster
 * balances it to. Two real cluster workers, each asked many times on its own port.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runClusterScript } from './run-cluster-script.test-helper.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

/** A cluster of 2 workers; each listens privately (or plainly) and reports who answers its port. */
function answersPerWorker(exclusive: boolean): Array<{ pid: number; answeredBy: number[] }> {
  const script = `
    import cluster from 'node:cluster';
    import { createServer } from 'node:http';
    import { listenPrivately } from ${JSON.stringify(path.join(here, 'private-listener.ts'))};
    if (cluster.isPrimary) {
      const seen = [];
      for (let i = 0; i < 2; i += 1) cluster.fork();
      cluster.on('message', (worker, message) => {
        seen.push(message);
        if (seen.length === 2) {
          for (const w of Object.values(cluster.workers)) w.kill();
          process.stdout.write(JSON.stringify(seen));
        }
      });
    } else {
      const server = createServer((req, res) => res.end(String(process.pid)));
      const port = ${exclusive}
        ? await listenPrivately(server)
        : await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
      // Wait until the sibling listens too, then ask our own port 20 times.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const answeredBy = [];
      for (let i = 0; i < 20; i += 1) {
        answeredBy.push(Number(await (await fetch('http://127.0.0.1:' + port + '/', { headers: { connection: 'close' } })).text()));
      }
      process.send({ pid: process.pid, answeredBy });
    }
  `;
  return runClusterScript(script);
}

describe('listenPrivately', () => {
  it('gives each cluster worker a port that only that worker answers', () => {
    for (const { pid, answeredBy } of answersPerWorker(true)) expect(new Set(answeredBy)).toEqual(new Set([pid]));
  });

  it('is needed: a plain listen(0) in a worker is shared and balanced across the workers', () => {
    const answered = answersPerWorker(false).flatMap((w) => w.answeredBy);
    expect(new Set(answered).size).toBe(2);
  });
});

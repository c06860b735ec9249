/**
 * Who accepts a burst's new connections (storefront-server/accept-policy.ts, issue #12 item 15): while
 * one worker is busy, a new connection must be answered by the free one, not wait for the busy one.
 * Two real cluster workers; worker 1 blocks its event loop for 3 s (a long render), then 20 new
 * connections each send a request.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runClusterScript } from './run-cluster-script.test-helper.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

/** The slowest of 20 first requests on new connections while one of 2 workers is busy, ms. */
function slowestWhileOneWorkerIsBusy(policy: 'default' | 'rr'): { slowestMs: number; policy: string } {
  const script = `
    import cluster from 'node:cluster';
    import { createServer } from 'node:http';
    import { acceptInWorkers } from ${JSON.stringify(path.join(here, 'accept-policy.ts'))};
    if (cluster.isPrimary) {
      const policy = acceptInWorkers(cluster);
      cluster.setupPrimary({});
      let listening = 0;
      for (let i = 0; i < 2; i += 1) cluster.fork();
      cluster.on('listening', async (worker, address) => {
        if (++listening < 2) return;
        for (const w of Object.values(cluster.workers)) w.send('block');
        await new Promise((resolve) => setTimeout(resolve, 300));
        const times = await Promise.all(Array.from({ length: 20 }, async () => {
          const t0 = performance.now();
          await (await fetch('http://127.0.0.1:' + address.port + '/', { headers: { connection: 'close' } })).text();
          return performance.now() - t0;
        }));
        for (const w of Object.values(cluster.workers)) w.kill();
        process.stdout.write(JSON.stringify({ slowestMs: Math.max(...times), policy }));
      });
    } else {
      createServer((req, res) => res.end(String(process.pid))).listen(0, '127.0.0.1');
      process.on('message', () => {
        if (cluster.worker.id !== 1) return;
        const until = Date.now() + 3000;
        while (Date.now() < until);
      });
    }
  `;
  const env = { ...process.env };
  if (policy === 'rr') env.NODE_CLUSTER_SCHED_POLICY = 'rr';
  else delete env.NODE_CLUSTER_SCHED_POLICY;
  return runClusterScript(script, env);
}

describe('acceptInWorkers', () => {
  it('lets the free worker answer new connections while the other is busy', () => {
    const { slowestMs, policy } = slowestWhileOneWorkerIsBusy('default');
    expect(policy).toBe('none');
    expect(slowestMs).toBeLessThan(1500);
  });

  it('is needed: with round-robin some new connections wait for the busy worker', () => {
    const { slowestMs, policy } = slowestWhileOneWorkerIsBusy('rr');
    expect(policy).toBe('rr');
    expect(slowestMs).toBeGreaterThan(2000);
  });
});

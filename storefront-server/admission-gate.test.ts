import { describe, expect, it } from 'vitest';
import { AdmissionGate, gateOptionsFromEnv, GateRefusal } from './admission-gate.ts';

describe('AdmissionGate (issue #12 item 15: bounded concurrency, bounded timed queue)', () => {
  it('admits up to the limit, queues up to the queue size, refuses the rest at once', async () => {
    const gate = new AdmissionGate({ limit: 2, queue: 1, timeoutMs: 1000 });
    const a = await gate.acquire();
    const b = await gate.acquire();
    const waiting = gate.acquire();
    const t0 = Date.now();
    await expect(gate.acquire()).rejects.toMatchObject({ name: 'GateRefusal', reason: 'full' });
    expect(Date.now() - t0).toBeLessThan(20);
    a();
    a(); // a second release does nothing
    const c = await waiting;
    expect(gate.active).toBe(2);
    b();
    c();
    expect(gate.active).toBe(0);
    expect(gate.stats).toEqual({ immediate: 2, queued: 1, full: 1, timeout: 0 });
  });

  it('refuses a waiter after the timeout and drops one whose client went away', async () => {
    const gate = new AdmissionGate({ limit: 1, queue: 5, timeoutMs: 30 });
    const hold = await gate.acquire();
    await expect(gate.acquire()).rejects.toBeInstanceOf(GateRefusal);
    const controller = new AbortController();
    const gone = gate.acquire(controller.signal);
    controller.abort(new Error('client closed'));
    await expect(gone).rejects.toThrow('client closed');
    expect(gate.load).toBe(1);
    hold();
    expect(gate.active).toBe(0);
  });

  it('reads its sizes from the environment', () => {
    const defaults = { limit: 16, queue: 64, timeoutMs: 3000 };
    expect(gateOptionsFromEnv('WEB', defaults, {})).toEqual(defaults);
    expect(
      gateOptionsFromEnv('WEB', defaults, { WEB_CONCURRENCY: '4', WEB_QUEUE: '0', WEB_QUEUE_TIMEOUT_MS: 'x' }),
    ).toEqual({
      limit: 4,
      queue: 0,
      timeoutMs: 3000,
    });
  });
});

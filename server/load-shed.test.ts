import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadShed, OVERLOADED_MESSAGE } from './load-shed';

describe('loadShed (issue #12 item 15: the API sheds a burst with a fast 503)', () => {
  it('answers 503 + Retry-After at once when the queue is full, and serves again after', async () => {
    const app = new Hono();
    let open: () => void = () => {};
    const gateOpen = new Promise<void>((resolve) => (open = resolve));
    app.use('*', loadShed({ limit: 1, queue: 1, timeoutMs: 5000, retryAfterS: 2 }));
    app.get('/api/health', (c) => c.json({ status: 'ok' }));
    app.get('/api/v1/slow', async (c) => {
      await gateOpen;
      return c.json({ ok: true });
    });
    const running = app.request('/api/v1/slow');
    const queued = app.request('/api/v1/slow');
    await new Promise((r) => setTimeout(r, 10));
    const t0 = Date.now();
    const shed = await app.request('/api/v1/slow');
    expect(Date.now() - t0).toBeLessThan(100);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect(await shed.json()).toEqual({ status: 'error', message: OVERLOADED_MESSAGE });
    expect((await app.request('/api/health')).status).toBe(200); // never shed
    open();
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
    expect((await app.request('/api/v1/slow')).status).toBe(200);
  });

  it('answers 503 when a waiter gets no slot within the timeout', async () => {
    const app = new Hono();
    let open: () => void = () => {};
    const gateOpen = new Promise<void>((resolve) => (open = resolve));
    app.use('*', loadShed({ limit: 1, queue: 10, timeoutMs: 50 }));
    app.get('/x', async (c) => {
      await gateOpen;
      return c.text('ok');
    });
    const running = app.request('/x');
    expect((await app.request('/x')).status).toBe(503);
    open();
    expect((await running).status).toBe(200);
  });
});

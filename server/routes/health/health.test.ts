/**
 * Issue #31 item 3: `/api/health` is liveness, `/api/ready` readiness — 503 while the migrations
 * run (server/startup-gate.ts) and when the database does not answer, both in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { openDb } from '../../db/client';
import { startupGate, STILL_STARTING } from '../../startup-gate';
import { createTestApi, type TestApi } from '../../test-utils';
import { DB_UNREACHABLE } from './health.routes';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(5);
});
afterAll(async () => {
  await api?.close();
});

describe('/api/health and /api/ready', () => {
  it('both answer 200 on a working database, readiness never cached', async () => {
    expect((await api.app.request('/api/health')).status).toBe(200);
    const ready = await api.app.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('readiness is 503 with a Russian message once the database is gone, liveness stays 200', async () => {
    const handle = await openDb('memory://');
    const app = createApp(handle.db);
    expect((await app.request('/api/ready')).status).toBe(200);
    await handle.close();
    const res = await app.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', message: DB_UNREACHABLE });
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('are answered while the load gate is full (a saturated API is alive and ready)', async () => {
    const app = createApp(api.handle.db, { loadShed: { limit: 1, queue: 0, timeoutMs: 0 } });
    // One order whose body never finishes holds the only slot.
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('{"contact":'));
        finish = () => controller.close();
      },
    });
    const holding = app.request('/api/v1/order/', {
      method: 'POST',
      // A declared length: the body limit lets it through to the gate instead of reading it first.
      headers: { 'content-type': 'application/json', 'content-length': '11' },
      body,
      duplex: 'half',
    } as RequestInit);
    await new Promise((r) => setTimeout(r, 50));
    expect((await app.request('/api/v1/regions/')).status).toBe(503);
    expect((await app.request('/api/ready')).status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
    finish();
    expect((await holding).status).toBe(400);
  });

  it('are declared in the OpenAPI document, readiness with its 503', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/health']?.get?.responses ?? {})).toEqual(['200']);
    expect(Object.keys(doc.paths['/api/ready']?.get?.responses ?? {}).sort()).toEqual(['200', '503']);
  });
});

describe('startup gate (the API listening before its database is migrated)', () => {
  it('is alive but not ready, and holds other requests until the app is there', async () => {
    const gate = startupGate();
    expect((await gate.fetch(new Request('http://api/api/health'))).status).toBe(200);
    const notReady = await gate.fetch(new Request('http://api/api/ready'));
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { message: string }).message).toMatch(/миграции/);
    gate.phase('seeding');
    const seeding = await gate.fetch(new Request('http://api/api/ready/'));
    expect(((await seeding.json()) as { message: string }).message).toMatch(/заполняется/);

    const held = Promise.resolve(gate.fetch(new Request('http://api/api/v1/content/')));
    let answered = false;
    void held.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    gate.open(() => new Response('app', { status: 200 }));
    expect(await (await held).text()).toBe('app');
    expect(await (await gate.fetch(new Request('http://api/api/ready'))).text()).toBe('app');
  });

  it('answers a Russian 503 to a request that waited longer than its limit', async () => {
    const gate = startupGate({ holdMs: 30 });
    const res = await gate.fetch(new Request('http://api/api/v1/content/'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(await res.json()).toEqual({ status: 'error', message: STILL_STARTING });
  });
});

/**
 * Issue #31 item 3: the server processes' console lines become JSON lines (pino) with the scope
 * and, while tracing runs, the trace and span ids; the API's error lines keep their redaction.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { describeError, logError } from '../server/services/log';
import { createJsonLogger, routeConsoleToLog } from './telemetry-log.ts';

const TRACE_IDS = Symbol.for('shop.telemetry.traceIds');

/** A logger whose lines are collected, parsed. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createJsonLogger('shop-api', sink) };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  delete (globalThis as unknown as Record<symbol, unknown>)[TRACE_IDS];
});

describe('JSON logs', () => {
  it('turn console lines into JSON with level, time, service and scope', () => {
    const { lines, logger } = capture();
    restore = routeConsoleToLog(logger);
    console.log('[shop-api] ready (%d ms after start)', 812);
    console.warn('plain warning');
    console.warn('\n[shop-api] !!! WARNING: demo mode\n');
    restore();
    restore = null;
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({ level: 'warn', scope: 'shop-api', msg: '!!! WARNING: demo mode' });
    expect(lines[0]).toMatchObject({
      level: 'info',
      service: 'shop-api',
      scope: 'shop-api',
      msg: 'ready (812 ms after start)',
    });
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
    expect(lines[1]).toMatchObject({ level: 'warn', msg: 'plain warning' });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });

  it('carry the active span’s trace and span ids while tracing runs', () => {
    (globalThis as unknown as Record<symbol, unknown>)[TRACE_IDS] = () => ({
      trace_id: '0af7651916cd43dd8448eb211c80319c',
      span_id: 'b7ad6b7169203331',
    });
    const { lines, logger } = capture();
    logger.info('inside a request');
    expect(lines[0]).toMatchObject({ trace_id: '0af7651916cd43dd8448eb211c80319c', span_id: 'b7ad6b7169203331' });
  });

  it('keep the API’s error lines free of personal data', () => {
    const { lines, logger } = capture();
    restore = routeConsoleToLog(logger);
    const cause = Object.assign(new Error('duplicate key (email)=(maria@example.ru)'), {
      name: 'DatabaseError',
      code: '23505',
    });
    logError(
      'shop-api',
      'POST /api/v1/sign_in',
      Object.assign(new Error('params: maria@example.ru,+79991234567'), { cause }),
    );
    restore();
    restore = null;
    expect(lines[0]).toMatchObject({ level: 'error', scope: 'shop-api' });
    expect(String(lines[0]!.msg)).toContain('POST /api/v1/sign_in: Error <- DatabaseError code=23505');
    expect(JSON.stringify(lines)).not.toMatch(/maria|79991234567/);
    expect(describeError(cause)).toBe('DatabaseError code=23505');
  });
});

/**
 * One beacon per page view (issue #30): the metrics web-vitals reports are sent together, once,
 * when the page is hidden or left, rounded; nothing is sent without a metric or after stopping.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFieldVitals, VITALS_ENDPOINT } from './field-vitals';
import type { Metric } from 'web-vitals';

type Report = (metric: Pick<Metric, 'name' | 'value'>) => void;
const reporters = vi.hoisted(() => [] as ((m: unknown) => void)[]);
vi.mock('web-vitals', () => {
  const on = (cb: (m: unknown) => void) => void reporters.push(cb);
  return { onLCP: on, onINP: on, onCLS: on, onTTFB: on };
});
const report: Report = (metric) => reporters.forEach((cb) => cb(metric));

afterEach(() => {
  reporters.length = 0;
});

/** jsdom's Blob has no text(): read it as a browser would with FileReader. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

type Send = (url: string, body: Blob) => boolean;
const sent = (send: { mock: { calls: Parameters<Send>[] } }) =>
  Promise.all(send.mock.calls.map(async ([url, blob]) => ({ url, body: JSON.parse(await textOf(blob)) })));

describe('startFieldVitals', () => {
  it('sends the metrics of the page view in one beacon when the page is left', async () => {
    const send = vi.fn<Send>(() => true);
    const stop = startFieldVitals('product', send);
    report({ name: 'TTFB', value: 212.4 });
    report({ name: 'LCP', value: 2480.6 });
    report({ name: 'CLS', value: 0.012345 });
    report({ name: 'INP', value: 96 });
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('pagehide'));
    expect(await sent(send)).toEqual([
      { url: VITALS_ENDPOINT, body: { page: 'product', ttfb: 212, lcp: 2481, cls: 0.0123, inp: 96 } },
    ]);
    expect(send.mock.calls[0]![1].type).toBe('application/json');
    stop();
  });

  it('waits a task after the tab is hidden, so the last CLS and INP are in', async () => {
    vi.useFakeTimers();
    const send = vi.fn<Send>(() => true);
    const stop = startFieldVitals('listing', send);
    report({ name: 'LCP', value: 1800 });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    dispatchEvent(new Event('visibilitychange'));
    report({ name: 'CLS', value: 0.05 }); // web-vitals' own hidden listener
    vi.runAllTimers();
    vi.useRealTimers();
    expect((await sent(send)).map((s) => s.body)).toEqual([{ page: 'listing', lcp: 1800, cls: 0.05 }]);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    stop();
  });

  it('sends nothing without a metric, and nothing after it was stopped', () => {
    const send = vi.fn<Send>(() => true);
    const stop = startFieldVitals('home', send);
    dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
    report({ name: 'LCP', value: 1000 });
    stop();
    dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
  });
});

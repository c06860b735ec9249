import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalsBeacon, VitalsPageType } from '@/lib/api/contract/vitals';

/** Where the beacon goes: the storefront's own /api, relayed to the shop API (lib/api/bff-relay.ts). */
export const VITALS_ENDPOINT = '/api/v1/vitals/';

const NAMES: Record<Metric['name'], keyof Omit<VitalsBeacon, 'page'> | undefined> = {
  LCP: 'lcp',
  INP: 'inp',
  CLS: 'cls',
  TTFB: 'ttfb',
  FCP: undefined,
};

/**
 * Measures this page view's LCP, INP, CLS and TTFB with Google's web-vitals library and sends
 * them in one beacon (navigator.sendBeacon, JSON) when the page is first hidden or left (issue
 * #30, docs/lighthouse.md "Field data"). Times are rounded to ms, CLS to 4 decimals. Nothing is
 * sent when no metric came in or the browser has no sendBeacon. Call once per document, after
 * cookie consent; `send` is injected for tests.
 * @param page the page type the view began on (utils/vitals-page-type.ts)
 * @returns a function that stops listening (nothing is sent afterwards)
 */
export function startFieldVitals(
  page: VitalsPageType,
  send: (url: string, body: Blob) => boolean = (url, body) => navigator.sendBeacon?.(url, body) ?? false,
): () => void {
  const beacon: VitalsBeacon = { page };
  let done = false;
  const record = (metric: Metric) => {
    const key = NAMES[metric.name];
    if (key) beacon[key] = key === 'cls' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  };
  onLCP(record);
  onINP(record);
  onCLS(record);
  onTTFB(record);
  const flush = () => {
    if (done || Object.keys(beacon).length === 1) return;
    done = true;
    send(VITALS_ENDPOINT, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
  };
  // web-vitals reports CLS and INP in its own `visibilitychange` listeners: the beacon waits a
  // task for them when the tab is hidden, and `pagehide` (after `visibilitychange` when the page
  // is left) sends at once.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') setTimeout(flush, 0);
  };
  addEventListener('visibilitychange', onVisibility, true);
  addEventListener('pagehide', flush, true);
  return () => {
    done = true;
    removeEventListener('visibilitychange', onVisibility, true);
    removeEventListener('pagehide', flush, true);
  };
}

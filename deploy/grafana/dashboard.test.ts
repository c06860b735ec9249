/**
 * Issue #31: every metric the Grafana dashboard (shop.json) reads is one the shop exports. The
 * names come from the API's registry and a storefront worker's, as their `/metrics` ports serve
 * them; scripts/check-dashboard.mjs runs the same check against a running shop and Prometheus.
 * The rules of deploy/prometheus/alerts.yml are held to the same: an alert on a metric nobody
 * exports never fires.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiRegistry, enableApiMetrics } from '../../server/services/metrics';
import { startWorkerMetrics, workerRegistry } from '../../storefront-server/metrics.ts';
import { dashboardQueries, exportedNames, forPrometheus, metricNames, missingMetrics } from './dashboard-queries.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const dashboard = JSON.parse(readFileSync(path.join(here, 'shop.json'), 'utf8'));
type Rule = { record?: string; alert?: string; expr: string };
const rules = (
  parse(readFileSync(path.join(here, '..', 'prometheus', 'alerts.yml'), 'utf8')) as { groups: Array<{ rules: Rule[] }> }
).groups.flatMap((group) => group.rules);

let exported: Promise<Set<string>> | null = null;
/** The metric names the storefront's and the API's `/metrics` ports serve (registered once). */
function shopMetricNames(): Promise<Set<string>> {
  return (exported ??= (async () => {
    enableApiMetrics();
    // No build here: every page is labelled "page", which changes no metric name.
    startWorkerMetrics(path.join(here, 'no-build'));
    return exportedNames(`${await apiRegistry.metrics()}\n${await workerRegistry.metrics()}`);
  })());
}

describe('metric names in PromQL', () => {
  it('are the series read, not functions, labels, values or ranges', () => {
    expect(
      metricNames(
        'topk(8, histogram_quantile(0.95, sum by (le, route) (rate(shop_web_http_request_duration_seconds_bucket{instance=~"$web",route!~"/_next.*"}[5m]))))',
      ),
    ).toEqual(['shop_web_http_request_duration_seconds_bucket']);
    expect(
      metricNames('sum(rate(a_total{x="y"}[1m])) / on(job) group_left sum(rate(b_total[1m] offset 5m)) > bool 1e3'),
    ).toEqual(['a_total', 'b_total']);
    expect(metricNames('label_values(shop_api_http_requests_total, instance)')).toEqual([
      'shop_api_http_requests_total',
    ]);
    expect(metricNames('shop:api_error_ratio:rate5m > 0.01 and up == 0')).toEqual([
      'shop:api_error_ratio:rate5m',
      'up',
    ]);
  });

  it('are found in an exposition by family and sample', () => {
    const names = exportedNames('# HELP h x\n# TYPE h histogram\n# TYPE c_total counter\nc_total{a="b"} 1\ng 2\n');
    expect([...names].sort()).toEqual(['c_total', 'g', 'h', 'h_bucket', 'h_count', 'h_sum']);
    expect(missingMetrics([{ where: 'p', expr: 'rate(h_bucket[1m]) + gone_total' }], names)).toEqual([
      { where: 'p', expr: 'rate(h_bucket[1m]) + gone_total', name: 'gone_total' },
    ]);
  });
});

describe('the dashboard', () => {
  it('reads only metrics the storefront and the API export', async () => {
    const queries = dashboardQueries(dashboard);
    expect(queries.length).toBeGreaterThan(20);
    expect(missingMetrics(queries, await shopMetricNames())).toEqual([]);
  });

  it('and the alert rules read only those and the rules recorded beside them', async () => {
    const recorded = new Set(rules.flatMap((rule) => rule.record ?? []));
    const queries = rules.map((rule) => ({ where: rule.alert ?? rule.record ?? '', expr: rule.expr }));
    expect(
      queries.filter((q) => q.where.startsWith('Shop') || q.where.startsWith('Storefront')).length,
    ).toBeGreaterThan(2);
    expect(missingMetrics(queries, await shopMetricNames(), recorded)).toEqual([]);
  });

  it('has queries Prometheus can run once Grafana’s variables are filled in', () => {
    for (const { expr } of dashboardQueries(dashboard)) expect(forPrometheus(expr)).not.toMatch(/\$|label_values/);
    expect(forPrometheus('label_values(shop_web_http_requests_total, instance)')).toBe(
      'group by (instance) (shop_web_http_requests_total)',
    );
  });
});

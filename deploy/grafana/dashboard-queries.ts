/**
 * The PromQL of the Grafana dashboard (./shop.json) and the metric names it reads (issue #31,
 * docs/operations.md "Dashboard"). A query naming a metric the shop does not export draws an
 * empty graph in Grafana, or never fires an alert, without any error: ./dashboard.test.ts checks
 * the names against the metrics modules, scripts/check-dashboard.mjs against a running shop and a
 * Prometheus scraping it.
 *
 * Plain TypeScript with erasable types only: scripts/check-dashboard.mjs loads it with Node.
 */

/** One PromQL expression and where it stands (a panel, a variable, an annotation, a rule). */
export type DashboardQuery = { where: string; expr: string };

/** Metrics Prometheus makes itself (alert state, scrape health): never in a target's output. */
export const PROMETHEUS_OWN: ReadonlySet<string> = new Set([
  'ALERTS',
  'ALERTS_FOR_STATE',
  'up',
  'scrape_duration_seconds',
  'scrape_samples_scraped',
]);

/** PromQL words that look like metric names: operators, modifiers, keywords. */
const KEYWORDS = new Set(
  'and or unless by without on ignoring group_left group_right bool offset inf nan atan2 start end'.split(' '),
);

type Panel = { title?: string; panels?: Panel[]; targets?: Array<{ expr?: string }> };
type Dashboard = {
  panels?: Panel[];
  templating?: { list?: Array<{ name?: string; type?: string; query?: string | { query?: string } }> };
  annotations?: { list?: Array<{ name?: string; expr?: string }> };
};

/**
 * Every PromQL expression of a Grafana dashboard: panel targets (rows' panels too), query
 * variables (`label_values(metric, label)`) and annotation queries.
 * @param dashboard the parsed dashboard JSON
 */
export function dashboardQueries(dashboard: Dashboard): DashboardQuery[] {
  const found: DashboardQuery[] = [];
  const walk = (panels: Panel[] | undefined) => {
    for (const panel of panels ?? []) {
      walk(panel.panels);
      for (const target of panel.targets ?? [])
        if (target.expr) found.push({ where: `panel «${panel.title}»`, expr: target.expr });
    }
  };
  walk(dashboard.panels);
  for (const variable of dashboard.templating?.list ?? []) {
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    if (variable.type === 'query' && query) found.push({ where: `variable $${variable.name}`, expr: query });
  }
  for (const annotation of dashboard.annotations?.list ?? [])
    if (annotation.expr) found.push({ where: `annotation «${annotation.name}»`, expr: annotation.expr });
  return found;
}

/**
 * The metric names a PromQL expression reads: identifiers that are not functions, keywords,
 * label names, label values, durations or numbers. Grafana's `label_values(metric, label)` reads
 * `metric`. Recording rules (`shop:…`) are names too; the caller says where they come from.
 * @param expr a PromQL expression (Grafana variables such as `$web` allowed)
 * @returns the distinct names, in order of appearance
 */
export function metricNames(expr: string): string[] {
  const text = expr
    .replace(/^\s*label_values\s*\(\s*([A-Za-z_:][\w:]*)\s*,[^)]*\)\s*$/, '$1')
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names: string[] = [];
  for (const [, name, call] of text.matchAll(/(?<![\w.$])([A-Za-z_:][\w:]*)(\s*\()?/g)) {
    if (!name || call || KEYWORDS.has(name.toLowerCase()) || names.includes(name)) continue;
    names.push(name);
  }
  return names;
}

/**
 * The sample names a Prometheus text exposition declares or carries: every `# TYPE` family (a
 * histogram's and summary's `_bucket`, `_sum`, `_count` too: a labelled metric with no
 * observation yet has only its TYPE line) and every sample line's name.
 * @param text one or more `/metrics` answers
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\w+)/.exec(line);
    if (type) {
      const [, family = '', kind] = type;
      names.add(family);
      if (kind === 'histogram' || kind === 'summary')
        for (const suffix of ['_bucket', '_sum', '_count']) names.add(family + suffix);
      continue;
    }
    const sample = /^([A-Za-z_:][\w:]*)[\s{]/.exec(line);
    if (sample?.[1]) names.add(sample[1]);
  }
  return names;
}

/**
 * The names `queries` read that neither `exported` nor Prometheus itself nor `recorded` (the
 * names of recording rules) provide.
 * @returns one `{ where, expr, name }` per missing name and query
 */
export function missingMetrics(
  queries: readonly DashboardQuery[],
  exported: ReadonlySet<string>,
  recorded: ReadonlySet<string> = new Set(),
): Array<DashboardQuery & { name: string }> {
  const missing: Array<DashboardQuery & { name: string }> = [];
  for (const { where, expr } of queries)
    for (const name of metricNames(expr))
      if (!exported.has(name) && !PROMETHEUS_OWN.has(name) && !recorded.has(name)) missing.push({ where, expr, name });
  return missing;
}

/**
 * The query as Prometheus's own API runs it: Grafana's variables replaced by what "All" selects,
 * and Grafana's `label_values(metric, label)` (not PromQL) as the series it lists, `group by (label) (metric)`.
 */
export function forPrometheus(expr: string): string {
  return expr
    .replace(/^\s*label_values\s*\(\s*([A-Za-z_:][\w:]*)\s*,\s*(\w+)\s*\)\s*$/, 'group by ($2) ($1)')
    .replace(/\$__rate_interval|\$__interval/g, '1m')
    .replace(/\$\{?\w+\}?/g, '.*');
}

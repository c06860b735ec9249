#!/usr/bin/env node
/**
 * Checks the Grafana dashboard against a running shop (issue #31, docs/operations.md
 * "Dashboard"): every metric a PromQL query of deploy/grafana/shop.json names (panels, variables,
 * annotations) must be one the storefront's or the API's `/metrics` exports; given a Prometheus
 * that scrapes them, every query must run, and the rules it loaded (deploy/prometheus/alerts.yml)
 * must name exported metrics and be healthy. A query that runs but returns nothing is listed (a
 * shed counter with no shed yet) without failing.
 *
 *   node scripts/check-dashboard.mjs --web http://127.0.0.1:9464/metrics --api http://127.0.0.1:9465/metrics
 *                                    [--prometheus http://127.0.0.1:9090] [--dashboard deploy/grafana/shop.json]
 *
 * Exit code 0: all good; 1: a metric is not exported, a query fails or a rule is unhealthy; 2: usage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  dashboardQueries,
  exportedNames,
  forPrometheus,
  metricNames,
  missingMetrics,
} from '../deploy/grafana/dashboard-queries.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
/** The value after `--name`, if given. */
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};

/** GETs `url` as text; throws with the status on anything but 200. */
async function getText(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** Runs `expr` as an instant query; resolves to its number of series, rejects with Prometheus's error. */
async function seriesCount(prometheus, expr) {
  const body = JSON.parse(await getText(`${prometheus}/api/v1/query?query=${encodeURIComponent(expr)}`));
  if (body.status !== 'success') throw new Error(body.error ?? 'query failed');
  return Array.isArray(body.data.result) ? body.data.result.length : 1;
}

const targets = [opt('web'), opt('api')].filter(Boolean);
const prometheus = opt('prometheus')?.replace(/\/$/, '');
if (!targets.length) {
  console.error('usage: node scripts/check-dashboard.mjs --web <metrics URL> --api <metrics URL> [--prometheus <URL>]');
  process.exit(2);
}
const file = path.resolve(root, opt('dashboard') ?? 'deploy/grafana/shop.json');
const queries = dashboardQueries(JSON.parse(readFileSync(file, 'utf8')));
const exported = exportedNames((await Promise.all(targets.map(getText))).join('\n'));
const rules = prometheus
  ? JSON.parse(await getText(`${prometheus}/api/v1/rules`)).data.groups.flatMap((g) => g.rules)
  : [];
const recorded = new Set(rules.filter((r) => r.type === 'recording').map((r) => r.name));
const ruleQueries = rules.map((r) => ({
  where: `${r.type === 'alerting' ? 'alert' : 'rule'} ${r.name}`,
  expr: r.query,
}));
const all = [...queries, ...ruleQueries];

let failed = false;
const missing = missingMetrics(all, exported, recorded);
for (const { where, name } of missing) {
  failed = true;
  console.log(`MISSING  ${name} (${where}): not exported by ${targets.join(', ')}`);
}
const names = new Set(all.flatMap((q) => metricNames(q.expr)));
console.log(
  `${queries.length} dashboard queries, ${ruleQueries.length} rules: ${names.size} metric names, ${missing.length} not exported`,
);
if (prometheus) {
  let empty = 0;
  for (const { where, expr } of queries) {
    try {
      const n = await seriesCount(prometheus, forPrometheus(expr));
      if (n === 0) empty += 1;
      console.log(`${n ? `ok ${String(n).padStart(3)}` : 'EMPTY '}  ${where}: ${expr}`);
    } catch (error) {
      failed = true;
      console.log(`ERROR   ${where}: ${expr}: ${error.message}`);
    }
  }
  const unhealthy = rules.filter((r) => r.health !== 'ok');
  for (const rule of unhealthy) {
    failed = true;
    console.log(`ERROR   rule ${rule.name}: ${rule.health} ${rule.lastError ?? ''}`);
  }
  console.log(
    `${queries.length - empty} of ${queries.length} dashboard queries return data; ` +
      `${rules.length - unhealthy.length} of ${rules.length} rules healthy`,
  );
}
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
/**
 * The performance budgets of issue #7 in one run (`npm run perf`): first-visit JS weight, the
 * Lighthouse audit and the load benchmark, one after the other on one production build (the
 * three scripts share ports 3200/8200 and the database folder .data/measure-3000, so the build
 * is made once). Prints each script's figures and a summary; exits 1 when a budget failed.
 *
 *   node scripts/perf.mjs [--build] [--only js-weight,audit,bench] [--ci]
 *
 * `--ci` is what .ci/run uses: the first-visit JS weight (absolute, 165 kB), requests/s and the
 * audit's same-run budgets of issue #30 fail the run (scripts/audit.mjs: each page against the
 * floor app measured in alternation in the same run; applied-throttling figures printed beside
 * them); the audit's budgets still pending for #30 and the burst targets are reported as WARN
 * (README "Performance budgets", docs/lighthouse.md "Same-run budgets").
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, WARN_EXIT } from './lib/shop-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = parseArgs();
const only = typeof args.only === 'string' ? args.only.split(',') : ['js-weight', 'audit', 'bench'];
const steps = [
  { name: 'js-weight', argv: ['scripts/js-weight.mjs'] },
  { name: 'audit', argv: ['scripts/audit.mjs'] },
  { name: 'bench', argv: ['scripts/bench.mjs', ...(args.ci ? ['--warn-burst'] : [])] },
].filter((step) => only.includes(step.name));

const summary = [];
let build = Boolean(args.build);
for (const step of steps) {
  console.log(`\n[perf] ${step.name}`);
  const t0 = Date.now();
  const result = spawnSync(process.execPath, [...step.argv, ...(build ? ['--build'] : [])], {
    cwd: root,
    stdio: 'inherit',
  });
  build = false; // the first step built; the others reuse it
  // WARN_EXIT: a budget passed to the script with --warn was missed (printed, not failing).
  summary.push({ name: step.name, status: result.status, s: Math.round((Date.now() - t0) / 1000) });
}
console.log('\n[perf] summary');
const verdict = { 0: 'budgets hold', [WARN_EXIT]: 'WARN: a budget is missed (reported, not failing)' };
for (const s of summary) console.log(`  ${s.name.padEnd(10)} ${verdict[s.status] ?? 'BUDGET FAILED'}  (${s.s} s)`);
process.exit(summary.every((s) => s.status === 0 || s.status === WARN_EXIT) ? 0 : 1);

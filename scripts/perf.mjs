#!/usr/bin/env node
/**
 * The performance budgets of issue #7 in one run (`npm run perf`): first-visit JS weight, the
 * Lighthouse audit and the load benchmark, one after the other on one production build (the
 * three scripts share ports 3200/8200 and the database folder .data/measure-3000, so the build
 * is made once). Prints each script's figures and a summary; exits 1 when a budget failed.
 *
 *   node scripts/perf.mjs [--build] [--only js-weight,audit,bench] [--ci]
 *
 * `--ci` is what .ci/run uses: the accessibility, best-practices, SEO and CLS budgets fail the
 * run; the Lighthouse performance score, the requests/s budgets and the first-visit JS weight are
 * printed as WARN (they do not hold on main yet: the JS weight went over again when checkout and
 * VK login were merged, README "Performance budgets"; drop `--ci` from .ci/run once they hold).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './lib/shop-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = parseArgs();
const only = typeof args.only === 'string' ? args.only.split(',') : ['js-weight', 'audit', 'bench'];
const steps = [
  { name: 'js-weight', argv: ['scripts/js-weight.mjs', ...(args.ci ? ['--warn'] : [])] },
  { name: 'audit', argv: ['scripts/audit.mjs', ...(args.ci ? ['--warn', 'performance'] : [])] },
  { name: 'bench', argv: ['scripts/bench.mjs', ...(args.ci ? ['--warn'] : [])] },
].filter((step) => only.includes(step.name));

const summary = [];
let build = Boolean(args.build);
for (const step of steps) {
  console.log(`\n[perf] ${step.name}`);
  const t0 = Date.now();
  const result = spawnSync(process.execPath, [...step.argv, ...(build ? ['--build'] : [])], { cwd: root, stdio: 'inherit' });
  build = false; // the first step built; the others reuse it
  summary.push({ name: step.name, ok: result.status === 0, s: Math.round((Date.now() - t0) / 1000) });
}
console.log('\n[perf] summary');
for (const s of summary) console.log(`  ${s.name.padEnd(10)} ${s.ok ? 'budgets hold' : 'BUDGET FAILED'}  (${s.s} s)`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);

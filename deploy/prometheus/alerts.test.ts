/**
 * Issue #31 item 3: the shop's Prometheus rules load (`promtool check rules`), the example
 * configuration is valid, and the alerts fire as docs/operations.md says (`promtool test rules`
 * on alerts.test.yml). Skipped where promtool is not installed (Debian: `apt-get install
 * prometheus`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);
const promtool = spawnSync('promtool', ['--version']).status === 0;

/** Runs promtool in this folder; returns its output (throws with it on a failure). */
function run(...args: string[]): string {
  return execFileSync('promtool', args, { cwd: here, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe.skipIf(!promtool)('Prometheus rules (promtool)', () => {
  it('load without errors', () => {
    expect(run('check', 'rules', 'alerts.yml')).toMatch(/SUCCESS: \d+ rules found/);
    expect(run('check', 'config', 'prometheus.yml')).toMatch(/is valid prometheus config file/);
  });

  it('fire as documented: errors, a target down, sheds', () => {
    expect(run('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });
});

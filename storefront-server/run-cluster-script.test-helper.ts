/**
 * For the cluster tests of storefront-server (private-listener, accept-policy): runs `script` (an ES
 * module source) as a Node process of its own and returns what it printed, parsed as JSON.
 * `cluster.fork()` runs the primary's script file again, so the script is written to a temp file.
 * @throws whatever `execFileSync` throws (non-zero exit, 50 s timeout: workers load TypeScript
 * modules and prom-client, slow on a busy machine; the test itself has 60 s).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function runClusterScript<T>(script: string, env: NodeJS.ProcessEnv = process.env): T {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cluster-script-')), 'cluster.mjs');
  writeFileSync(file, script);
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: 'utf8', timeout: 50_000, env })) as T;
}

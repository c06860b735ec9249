/**
 * Process trees on Linux (/proc): what scripts/start.mjs and the e2e global setup started must end
 * with them (issue #17 item 7: an interrupted test run left its API listening).
 */
import { readFileSync, readdirSync } from 'node:fs';

/**
 * Pids of a process and all its descendants (Linux /proc; elsewhere just `pid`).
 * @param {number} pid
 * @returns {number[]} `pid` first, then children before grandchildren
 */
export function processTree(pid) {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    try {
      for (const task of readdirSync(`/proc/${out[i]}/task`)) {
        const children = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
        if (children) out.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // exited
    }
  }
  return out;
}

/** Whether a process is still running (a zombie counts as gone). */
export function isRunning(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Asks processes to stop and kills what is left after `graceMs`.
 * @param {number[]} roots pids whose trees are stopped; each root gets `signal` (it passes the
 *   signal on to its own children: tsx to the API, the cluster primary to its workers), every
 *   descendant found now or at the deadline gets SIGKILL once the grace period is over
 * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options] default SIGTERM, 5,000 ms
 * @returns {Promise<number>} how many processes had to be killed
 */
export async function stopTrees(roots, { signal = 'SIGTERM', graceMs = 5000 } = {}) {
  const seen = new Set(roots.flatMap((pid) => processTree(pid)));
  for (const pid of roots) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone
    }
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && [...seen].some(isRunning)) {
    for (const pid of [...seen]) for (const child of processTree(pid)) seen.add(child);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let killed = 0;
  for (const pid of seen) {
    if (!isRunning(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed += 1;
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}

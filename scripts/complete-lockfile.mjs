#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform binaries the registry mirror of our build
 * machines does not carry (e.g. @next/swc-darwin-arm64@16.4.6 is missing there while the Linux one
 * exists). npm then leaves them out of the lock file and `npm ci` refuses the lock ("Missing: …
 * from lock file"). This script adds each missing optional package as a lock entry with the version
 * its parent asks for and the os/cpu/libc its name states; npm skips such entries on other
 * platforms and fetches them normally where they apply.
 *
 * Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'android', 'freebsd', 'openbsd', 'netbsd', 'openharmony', 'sunos', 'aix', 'linux'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

function platformOf(name) {
  const bare = name.split('/').pop();
  const os = OS.find((o) => bare.includes(o));
  const cpu = CPU.find((c) => new RegExp(`(^|-)${c}(-|$)`).test(bare)) ?? (bare.includes('arm-') ? 'arm' : undefined);
  if (!os && !cpu && !bare.includes('wasm')) return null;
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (bare.includes('wasm')) entry.cpu = ['wasm32'];
  if (bare.includes('musl')) entry.libc = ['musl'];
  else if (os === 'linux' && bare.includes('gnu')) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  for (const [dep, range] of Object.entries(optional)) {
    const base = path === '' ? '' : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[`node_modules/${dep}`] = { version, optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);

/**
 * V8 compile hints on the build's chunks (storefront-server/compile-hints.ts, issue #14 item 17): every
 * chunk starts with the magic comment exactly once, still runs as before, and nothing but
 * JavaScript is touched.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compile-hints.ts';

let dir: string;
const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([null,1,e=>{e.v(41+1)}]);';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'chunks-'));
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'app.js'), chunk);
  writeFileSync(path.join(dir, 'pages', 'nested.js'), 'self.nested = 1;');
  writeFileSync(path.join(dir, 'app.css'), 'body{margin:0}');
  writeFileSync(path.join(dir, 'app.js.br'), 'binary');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('addCompileHints', () => {
  it('puts the hint on the first line of every chunk, nested ones too, and leaves other files alone', () => {
    expect(addCompileHints(dir)).toEqual({ files: 2, hinted: 2 });
    expect(read('app.js')).toBe(`${COMPILE_HINT}\n${chunk}`);
    expect(read('pages/nested.js').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(read('app.css')).toBe('body{margin:0}');
    expect(read('app.js.br')).toBe('binary');
  });

  it('adds it once: a second run after a restart changes nothing', () => {
    addCompileHints(dir);
    expect(addCompileHints(dir)).toEqual({ files: 2, hinted: 0 });
    expect(read('app.js').split(COMPILE_HINT).length).toBe(2);
  });

  it('keeps the chunk a script that runs as before', () => {
    addCompileHints(dir);
    const context: { TURBOPACK?: [null, number, (m: { v: (x: number) => void }) => void][] } = {};
    vm.runInNewContext(read('app.js'), { globalThis: context });
    let value = 0;
    context.TURBOPACK?.[0]?.[2]({ v: (x) => (value = x) });
    expect(value).toBe(42);
  });
});

/**
 * Issue #31 item 3: tracing costs nothing when it is off — without OTEL_EXPORTER_OTLP_ENDPOINT no
 * OpenTelemetry module is loaded into the process — and starts with the variable set.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);

/** Loads storefront-server/telemetry.ts in a fresh Node process; returns the OpenTelemetry modules it loaded. */
function loadedModules(env: Record<string, string>): { started: boolean; modules: string[] } {
  const script = `
    import Module from 'node:module';
    const { startTracing } = await import(${JSON.stringify(path.join(here, '../../storefront-server/telemetry.ts'))});
    const started = startTracing('probe');
    const modules = Object.keys(Module._cache).filter((f) => f.includes('@opentelemetry'));
    process.stdout.write(JSON.stringify({ started, modules }));
    process.exit(0);
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH, ...env } as unknown as NodeJS.ProcessEnv,
  });
  return JSON.parse(out);
}

describe('tracing start', () => {
  it('loads no OpenTelemetry module without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
    expect(loadedModules({})).toEqual({ started: false, modules: [] });
  });

  it('loads the SDK with its instrumentations when the endpoint is set', () => {
    const { started, modules } = loadedModules({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(started).toBe(true);
    for (const name of ['sdk-node', 'instrumentation-http', 'instrumentation-undici', 'instrumentation-pg'])
      expect(modules.some((file) => file.includes(`@opentelemetry/${name}/`))).toBe(true);
  });
});

/**
 * OpenTelemetry tracing of the shop's Node processes (issue #31 item 3, docs/operations.md
 * "Traces"): the storefront's workers (instrumentation.ts at the root, Next's hook) and the API
 * (server/telemetry/register.ts, the first module server/main.ts loads). One trace follows a page
 * from the storefront's HTTP server through Next's render and its fetches to the API and its
 * PostgreSQL statements: the http, undici (fetch) and pg instrumentations, W3C `traceparent`
 * between the processes.
 *
 * Spans are exported by OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (`{endpoint}/v1/traces`, the
 * SDK's standard variables apply: OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_BSP_*…). Without
 * that variable {@link startTracing} returns at once and no OpenTelemetry module is loaded: the
 * SDK is required here, inside the function, never imported at the top (zero cost when off;
 * server/telemetry/register.test.ts checks it).
 *
 * Plain Node ESM with erasable types only: Node loads it directly (type stripping), also from
 * Next's instrumentation hook, so the SDK is not bundled by Next (its module hooks need the real
 * `require`).
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

/** Process-wide: set once tracing runs, a function giving the active span's ids (log lines use it). */
const TRACE_IDS = Symbol.for('shop.telemetry.traceIds');
const STARTED = Symbol.for('shop.telemetry.started');
const NAME_SPAN = Symbol.for('shop.telemetry.nameSpan');

/** Ids of the span a log line is written in: 32 and 16 hex digits. */
export type TraceIds = { trace_id: string; span_id: string };

/** Paths never traced: health checks, readiness polls and static files would drown the traces. */
const UNTRACED = /^\/(?:api\/health|api\/ready|_next\/static\/|favicon\.ico|metrics$)/;

/**
 * Starts the OpenTelemetry Node SDK for this process when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Call before the modules it instruments are used (http servers created, pg connected); modules
 * already loaded are patched too (they are required once more through the SDK's hooks, and the
 * ESM views of the built-in modules are synced).
 * @param serviceName `service.name` of the spans unless OTEL_SERVICE_NAME says otherwise
 *   ("shop-storefront", "shop-api")
 * @returns whether tracing runs (false: the variable is unset, nothing was loaded)
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const shared = globalThis as unknown as Record<symbol, unknown>;
  if (shared[STARTED]) return true;
  shared[STARTED] = true;
  // Traces only: the metrics are Prometheus's (metrics.ts), logs go to stdout as JSON lines.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg');
  const { resourceFromAttributes } = require('@opentelemetry/resources');
  const { ATTR_SERVICE_NAME } = require('@opentelemetry/semantic-conventions');
  const api = require('@opentelemetry/api');
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || serviceName }),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: { url?: string }) => UNTRACED.test(req.url ?? ''),
        // The exporter's own posts to the collector are not traced.
        ignoreOutgoingRequestHook: (options: { path?: string | null }) => options.path === '/v1/traces',
      }),
      new UndiciInstrumentation(),
      // Statements are recorded without their parameters (the SDK's default): no personal data.
      // Only inside a request's trace: the migrations, seeding and background sweeps are not traces.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    ],
  });
  sdk.start();
  // Loaded before the hooks: patched now (the hooks patch on require), and `import { request }
  // from 'node:http'` bindings updated.
  for (const name of ['node:http', 'node:https', 'http', 'https', 'pg']) {
    try {
      require(name);
    } catch {
      // pg is absent from a storefront-only installation: nothing to patch.
    }
  }
  syncBuiltinESMExports();
  shared[TRACE_IDS] = function activeTraceIds(): TraceIds | null {
    const ids = api.trace.getSpan(api.context.active())?.spanContext();
    return ids && api.isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : null;
  };
  shared[NAME_SPAN] = function nameActiveSpan(method: string, route: string): void {
    const span = api.trace.getSpan(api.context.active());
    span?.updateName(`${method} ${route}`);
    span?.setAttribute('http.route', route);
  };
  // Spans still buffered are sent before the process ends (the servers' own handlers exit).
  const flush = () => void sdk.shutdown().catch(() => undefined);
  process.once('beforeExit', flush);
  return true;
}

/**
 * The ids of the active span, for a log line; null when tracing is off or no span is active.
 * Loads nothing: it reads the function {@link startTracing} left.
 */
export function currentTraceIds(): TraceIds | null {
  const ids = (globalThis as unknown as Record<symbol, (() => TraceIds | null) | undefined>)[TRACE_IDS];
  return ids ? ids() : null;
}

/**
 * Names the active (server) span after the route pattern, `GET /api/v1/search/:query`, as the
 * HTTP semantic conventions ask (the http instrumentation knows only the method). Does nothing
 * when tracing is off.
 */
export function nameActiveSpan(method: string, route: string): void {
  const name = (globalThis as unknown as Record<symbol, ((m: string, r: string) => void) | undefined>)[NAME_SPAN];
  name?.(method, route);
}

/** Whether {@link startTracing} started the SDK in this process. */
export function tracingStarted(): boolean {
  return Boolean((globalThis as unknown as Record<symbol, unknown>)[STARTED]);
}

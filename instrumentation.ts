/**
 * Next's instrumentation hook (issue #31 item 3, docs/operations.md "Traces"): each storefront
 * server process starts OpenTelemetry here, before it renders, when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set. storefront-server/telemetry.ts is loaded by Node at run time, not bundled by Next (the
 * SDK's module hooks need Node's own `require`), from the folder the shop runs in (scripts/start.mjs
 * and storefront-server/serve.ts run with the checkout as the working directory). Unset: nothing
 * is loaded.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const file = `${process.cwd()}/storefront-server/telemetry.ts`;
  const telemetry = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ file)) as {
    startTracing: (serviceName: string) => boolean;
  };
  telemetry.startTracing('shop-storefront');
}

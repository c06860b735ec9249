/**
 * The storefront's side of Next's instrumentation hook (instrumentation.ts, issue #31 item 3):
 * starts tracing in this Node process when OTEL_EXPORTER_OTLP_ENDPOINT is set. Next bundles this
 * module; storefront-server/telemetry.ts is loaded by Node at run time instead (the SDK's module
 * hooks need Node's own `require`), from the folder the shop runs in (scripts/start.mjs and
 * storefront-server/serve.ts run with the checkout as the working directory).
 * @returns whether tracing runs
 */
export async function startStorefrontTracing(): Promise<boolean> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  const file = `${process.cwd()}/storefront-server/telemetry.ts`;
  const telemetry = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ file)) as {
    startTracing: (serviceName: string) => boolean;
  };
  return telemetry.startTracing('shop-storefront');
}

/**
 * Next's instrumentation hook (issue #31 item 3, docs/operations.md "Traces"): each storefront
 * server process starts OpenTelemetry here, before it renders, when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (storefront-server/telemetry-next.ts). Node processes only: the branch is dropped from the
 * edge bundle.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startStorefrontTracing } = await import('./storefront-server/telemetry-next');
    await startStorefrontTracing();
  }
}

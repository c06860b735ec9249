/**
 * Issue #31 item 3: OpenTelemetry for the shop API, started before the API's other modules run
 * (server/main.ts imports this module first). Off, and nothing of the SDK loaded, unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (storefront-server/telemetry.ts, docs/operations.md "Traces").
 * It reads that variable itself: server/env.ts validates it too but loads after this.
 */
import { startTracing } from '../../storefront-server/telemetry.ts';

startTracing('shop-api');

/**
 * A local stand-in for an OpenTelemetry collector in tests (issue #31 item 3): answers
 * `POST /v1/traces` as the OTLP/HTTP specification defines (JSON-encoded
 * ExportTraceServiceRequest in, 200 with an empty ExportTraceServiceResponse out; a body it
 * cannot read: 400) and keeps every span it received, with its service name.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One received span: ids as hex (OTLP JSON encoding), times in ns since the epoch as strings. */
export type ReceivedSpan = {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, unknown>;
};

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value?: AnyValue };

/** The plain value of an OTLP AnyValue. */
function plain(value: AnyValue | undefined): unknown {
  if (!value) return null;
  return value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue ?? null;
}

/** A running fake collector: `endpoint` is what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
export interface FakeCollector {
  endpoint: string;
  spans: ReceivedSpan[];
  close: () => Promise<void>;
}

/** Starts a fake collector on a free loopback port. */
export async function startFakeCollector(): Promise<FakeCollector> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        if (!String(req.headers['content-type']).startsWith('application/json'))
          throw new Error('only the JSON encoding is read');
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: Array<{
            resource?: { attributes?: KeyValue[] };
            scopeSpans?: Array<{
              spans?: Array<Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes?: KeyValue[] }>;
            }>;
          }>;
        };
        for (const rs of body.resourceSpans ?? []) {
          const service = String(plain(rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value));
          for (const ss of rs.scopeSpans ?? [])
            for (const span of ss.spans ?? [])
              spans.push({
                ...span,
                parentSpanId: span.parentSpanId ?? '',
                service,
                attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, plain(a.value)])),
              });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":3,"message":"bad request"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The spans of one trace as an indented tree, one line per span:
 * `service  name  (duration ms)`, children under their parent in start order.
 */
export function traceTree(spans: readonly ReceivedSpan[]): string {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string, ReceivedSpan[]>();
  for (const span of spans) {
    const parent = ids.has(span.parentSpanId) ? span.parentSpanId : '';
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) =>
      BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1,
    );
    for (const span of list) {
      const ms = Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6;
      lines.push(`${'  '.repeat(depth)}${span.service}  ${span.name}  (${ms.toFixed(1)} ms)`);
      walk(span.spanId, depth + 1);
    }
  };
  walk('', 0);
  return lines.join('\n');
}

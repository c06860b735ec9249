/** A raw HTTP GET for the tests of the storefront's Node layer (no decompression, no redirects). */
import { request, type IncomingHttpHeaders } from 'node:http';

/** What a test reads of an answer: status, headers and the body bytes as sent. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * GETs `path` from 127.0.0.1:`port` with exactly `headers`.
 * @throws the socket error when the server cannot be reached
 */
export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

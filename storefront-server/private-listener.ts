/**
 * A listener that only its own process answers (issue #13: the revalidation fan-out of
 * storefront-server/serve.ts). In a cluster worker, `server.listen(0)` does not open a port of the worker's
 * own: it asks the primary, which opens one socket and balances its connections across every
 * worker that asked, so "this worker's loopback port" reached any worker.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on a free loopback port that no other process of the cluster shares.
 * @returns the port
 */
export function listenPrivately(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

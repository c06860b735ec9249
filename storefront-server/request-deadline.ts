/**
 * A deadline for one request handed to Next (issue #12 item 15: "every request answered within
 * 10 s, 0 hung sockets afterwards"). Under a burst a render can stall far longer than any client
 * waits; the client gives up and its socket stays in CLOSE-WAIT until Next finishes. When the
 * deadline passes before the answer is complete:
 * - nothing sent yet: the client gets `answer` (a 503 + Retry-After page), and whatever Next writes
 *   later goes nowhere (the response's write methods become no-ops for this one response);
 * - an answer already under way: the socket is destroyed, so it is not left hanging.
 */
import type { ServerResponse } from 'node:http';

/**
 * Arms the deadline; cleared by itself when the response finishes or closes.
 * @param ms deadline, ms (0: none)
 * @param answer sends the late answer
 */
export function armDeadline(res: ServerResponse, ms: number, answer: (res: ServerResponse) => void): void {
  if (!(ms > 0)) return;
  const timer = setTimeout(() => {
    if (res.writableFinished || res.destroyed) return;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    answer(res);
    silence(res);
  }, ms);
  timer.unref?.();
  const clear = () => clearTimeout(timer);
  res.once('finish', clear);
  res.once('close', clear);
}

/** Makes the response ignore what its handler still writes (its answer was already sent). */
function silence(res: ServerResponse): void {
  const self = (() => res) as () => never;
  res.setHeader = self;
  res.appendHeader = self;
  res.removeHeader = () => undefined;
  res.writeHead = self;
  res.flushHeaders = () => undefined;
  res.write = (...args: unknown[]) => {
    const callback = args.find((a) => typeof a === 'function');
    if (typeof callback === 'function') queueMicrotask(() => callback());
    return true;
  };
  res.end = (...args: unknown[]) => {
    const callback = args.find((a) => typeof a === 'function');
    if (typeof callback === 'function') queueMicrotask(() => callback());
    return res;
  };
}

/**
 * Structured logs of the shop's server processes (issue #31 item 3, docs/operations.md "Logs"):
 * one JSON object per line on stdout (pino), with the time (ISO 8601, UTC), the level's name, the
 * service, the scope (`[shop-api] …` prefixes become `"scope":"shop-api"`) and, while tracing is
 * on (storefront-server/telemetry.ts), the `trace_id` and `span_id` of the span the line was
 * written in, so a log line leads to its trace and back.
 *
 * The processes keep writing with `console.*` (messages that name no personal data: the rules of
 * server/services/log.ts); {@link routeConsoleToLog}, called once at the start of
 * server/main.ts and storefront-server/serve.ts, turns every such line into a JSON one, Next's
 * own lines included. Plain Node ESM (erasable types only): serve.ts loads it directly.
 */
import { format } from 'node:util';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentTraceIds } from './telemetry.ts';

/**
 * A JSON logger for `service` ("shop-api", "shop-storefront").
 * @param destination where lines go (default: stdout, written synchronously so lines keep their
 *   order with whatever else the process prints, and none is lost at exit)
 */
export function createJsonLogger(service: string, destination?: DestinationStream): Logger {
  return pino(
    {
      base: { service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => currentTraceIds() ?? {},
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** A line's scope prefix, `[shop-api] message`. */
const SCOPED = /^\[([\w:.-]{1,40})\] ?([\s\S]*)$/;

/**
 * Sends `console.log/info/debug/warn/error` of this process through `logger` as JSON lines:
 * log/info → info, debug → debug, warn → warn, error → error; the arguments formatted as
 * `console` would (`util.format`), a leading `[scope]` moved to the `scope` field.
 * @returns a function restoring the console
 */
export function routeConsoleToLog(logger: Logger): () => void {
  const levels = { log: 'info', info: 'info', debug: 'debug', warn: 'warn', error: 'error' } as const;
  const saved = new Map<keyof typeof levels, (...args: unknown[]) => void>();
  for (const [method, level] of Object.entries(levels) as Array<
    [keyof typeof levels, (typeof levels)[keyof typeof levels]]
  >) {
    saved.set(method, console[method]);
    console[method] = (...args: unknown[]) => {
      // Lines framed by blank lines for a terminal (the demo warnings) lose the frame.
      const text = format(...args).trim();
      const scoped = SCOPED.exec(text);
      if (scoped) logger[level]({ scope: scoped[1] }, scoped[2]!);
      else logger[level](text);
    };
  }
  return () => {
    for (const [method, original] of saved) console[method] = original;
  };
}

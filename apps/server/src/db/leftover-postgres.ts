import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** How long a left-over PostgreSQL gets for a fast shutdown (SIGINT) before an immediate one. */
export const LEFTOVER_FAST_SHUTDOWN_TIMEOUT_MS = 30_000;
/** How long it then gets for an immediate shutdown (SIGQUIT) before the start gives up. */
export const LEFTOVER_IMMEDIATE_SHUTDOWN_TIMEOUT_MS = 10_000;
const EXIT_POLL_INTERVAL_MS = 100;

const run = promisify(execFile);

/** The postmaster's pid and data directory from `postmaster.pid`, or null when there is none. */
export async function readPostmasterPid(
  clusterDir: string,
): Promise<{ pid: number; dataDir: string } | null> {
  let text: string;
  try {
    text = await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const [pidLine = '', dataDirLine = ''] = text.split('\n');
  const pid = Number(pidLine.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? { pid, dataDir: dataDirLine.trim() } : null;
}

/**
 * Whether `pid` is a live process. A zombie (dead, not yet reaped by a parent that does not
 * reap, as in some containers) counts as gone: it holds no files and no port.
 */
export async function isProcessAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // Without /proc (macOS) the signal test above is all there is.
    return !existsSync('/proc/self');
  }
}

/** The command line of a process: /proc on Linux, `ps` elsewhere; null when it cannot be read. */
async function commandLineOf(pid: number): Promise<string[] | null> {
  try {
    const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter((part) => part !== '');
  } catch {
    if (existsSync('/proc/self')) return null;
  }
  try {
    const { stdout } = await run('ps', ['-o', 'command=', '-p', String(pid)]);
    return stdout.trim().split(/\s+/);
  } catch {
    return null;
  }
}

/** True when `pid` runs the `postgres` binary on exactly this data directory (`-D <dir>`). */
export async function isPostgresOf(pid: number, clusterDir: string): Promise<boolean> {
  const argv = await commandLineOf(pid);
  if (!argv || path.basename(argv[0] ?? '') !== 'postgres') return false;
  const dataDirArgument = argv[argv.indexOf('-D') + 1];
  return (
    argv.includes('-D') &&
    dataDirArgument !== undefined &&
    path.resolve(dataDirArgument) === path.resolve(clusterDir)
  );
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (await isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, EXIT_POLL_INTERVAL_MS));
  }
  return true;
}

/**
 * Before a start on `clusterDir`: a PostgreSQL that an earlier run of this server left running
 * there (its Node process was killed, so nobody stopped it) holds the lock file and the port, and
 * the new start would fail. It is recognised by `postmaster.pid` (a live pid whose command is
 * `postgres -D <this dir>`) and stopped as an operator would: SIGINT, PostgreSQL's fast shutdown
 * (open transactions roll back, everything committed is on disk), then, only if it hangs, SIGQUIT.
 * A lock file whose pid now belongs to some other program is stale and removed (PostgreSQL would
 * refuse to start while that pid lives). Any other process is never signalled.
 */
export async function stopLeftoverPostgres(
  clusterDir: string,
  log: (message: string) => void,
): Promise<void> {
  const lock = await readPostmasterPid(clusterDir);
  if (!lock || !(await isProcessAlive(lock.pid))) return;
  if (!(await isPostgresOf(lock.pid, clusterDir))) {
    if ((await commandLineOf(lock.pid)) !== null) {
      log(`removing stale postmaster.pid: pid ${lock.pid} is not a PostgreSQL of ${clusterDir}`);
      await rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    }
    return;
  }
  log(`stopping PostgreSQL (pid ${lock.pid}) left running on ${clusterDir} by an earlier run`);
  process.kill(lock.pid, 'SIGINT');
  if (await waitForExit(lock.pid, LEFTOVER_FAST_SHUTDOWN_TIMEOUT_MS)) return;
  log(`PostgreSQL (pid ${lock.pid}) ignored a fast shutdown; sending an immediate shutdown`);
  process.kill(lock.pid, 'SIGQUIT');
  if (await waitForExit(lock.pid, LEFTOVER_IMMEDIATE_SHUTDOWN_TIMEOUT_MS)) return;
  throw new Error(
    `PostgreSQL (pid ${lock.pid}) left running on ${clusterDir} did not stop; stop it and start again`,
  );
}

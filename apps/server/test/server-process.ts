import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PROCESS_START_TIMEOUT_MS = 60_000;
export const DEMO_OPERATOR_PASSWORD = 'operator-pass-123';

export interface ServerProcess {
  baseUrl: string;
  /** Kills the process at once (SIGKILL: no graceful stop) and waits until it is gone. */
  kill(): Promise<void>;
  output(): string;
  /** Settles when the process has exited (a crash point, or a kill). */
  exited: Promise<void>;
}

/**
 * The real server (main.ts) as a child process on `databaseUrl`, serving HTTP only: for tests
 * that crash it and start it again on the same database.
 */
export async function startServerProcess(
  databaseUrl: string,
  options: { env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SERVER_ROLES: 'http',
        DEMO_OPERATOR_PASSWORD,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + PROCESS_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    output: () => log,
    exited,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** One API call over HTTP as a client sends it; answers the status and the envelope. */
export async function httpCall(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<{
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the value of many different calls
  body: { success: boolean; value?: any; errorCode?: string };
}> {
  const headers: Record<string, string> = { merchant: 'DEMO', device: 'WEB' };
  if (options.token) headers.authorization = options.token;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean } };
}

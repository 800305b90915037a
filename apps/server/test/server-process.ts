import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from './free-port.js';
import { serverNodeArgs } from './server-bundle.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const PROCESS_START_TIMEOUT_MS = 60_000;
export const DEMO_OPERATOR_PASSWORD = 'operator-pass-123';

export interface ServerProcess {
  baseUrl: string;
  /** Kills the process at once (SIGKILL: no graceful stop) and waits until it is gone. */
  kill(): Promise<void>;
  /** Stops the process as an operator does (SIGTERM) and answers its exit code. */
  stop(): Promise<number | null>;
  /** Waits until the process is gone by itself; answers the signal that ended it, if any. */
  exited(): Promise<NodeJS.Signals | null>;
  output(): string;
}

export interface ServerProcessOptions {
  /**
   * Variables laid over the defaults below; an empty string unsets one (the configuration treats
   * empty as unset). `PORT` here is the port the server listens on.
   */
  env?: Record<string, string>;
}

/** How long a process that must fail at start may take to exit. */
export const PROCESS_EXIT_TIMEOUT_MS = 60_000;

function spawnServer(databaseUrl: string | null, port: number, options: ServerProcessOptions) {
  const child: ChildProcess = spawn(process.execPath, serverNodeArgs(inject('serverBundleFile')), {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      // null: no DATABASE_URL, so the server starts its embedded PostgreSQL under DATA_DIR.
      DATABASE_URL: databaseUrl ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SERVER_ROLES: 'http',
      DEMO_OPERATOR_PASSWORD,
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const exited = ended.then(({ code }) => code);
  const endedBySignal = ended.then(({ signal }) => signal);
  return { child, exited, endedBySignal, output: () => log };
}

async function portOf(options: ServerProcessOptions): Promise<number> {
  return options.env?.PORT ? Number(options.env.PORT) : await freePort();
}

/**
 * The real server (main.ts) as a child process on `databaseUrl` (null: its own embedded
 * PostgreSQL), serving HTTP only: for tests that crash it and start it again on the same
 * database, or start it with another environment.
 */
export async function startServerProcess(
  databaseUrl: string | null,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await portOf(options);
  const { child, exited, endedBySignal, output } = spawnServer(databaseUrl, port, options);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + PROCESS_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    output,
    exited: () => endedBySignal,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Starts the server where it must refuse to start: answers its exit code and its output. */
export async function runServerProcessUntilExit(
  databaseUrl: string | null,
  options: ServerProcessOptions = {},
): Promise<{ code: number | null; output: string }> {
  const { child, exited, output } = spawnServer(databaseUrl, await portOf(options), options);
  const timer = setTimeout(() => child.kill('SIGKILL'), PROCESS_EXIT_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
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

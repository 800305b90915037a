// The hot calls of `npm run bench` (issue 23): each call's requests per second against a bare
// Fastify hello-world started in the same run, both servers in their own process, driven by the
// same client (this process, HTTP/1.1 keep-alive, HOT_CALL_CONNECTIONS connections). The platform
// server is the real one (main.ts) at the log level `npm start` uses (`info`), its log in a file.
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/free-port.js';

/** Connections of the load, one request at a time each (the 64). */
export const HOT_CALL_CONNECTIONS = 64;
/** How long each call is measured, after a warm-up of HOT_CALL_WARMUP_MS. */
export const HOT_CALL_DURATION_MS = 5_000;
export const HOT_CALL_WARMUP_MS = 1_000;
const SERVER_START_TIMEOUT_MS = 90_000;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HotCallFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** Body bytes of one answer (the mean). */
  bytesPerAnswer: number;
  /**
   * CPU time of the server's process per answer (user and system, from /proc): steadier than
   * requests per second on a shared machine, though it leaves out PostgreSQL's own time.
   */
  serverCpuUsPerAnswer: number | null;
  /** The same for the PostgreSQL cluster (postmaster and its backends), when it was found. */
  databaseCpuUsPerAnswer: number | null;
}

export interface HotCall {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface ServerChild {
  baseUrl: string;
  /** The process's CPU time so far in microseconds (Linux /proc), or null elsewhere. */
  cpuUs(): number | null;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const PROC_TICKS_PER_SECOND = 100;

function processCpuUs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / PROC_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** /proc/<pid>/stat fields after the command: [ppid, utime, stime, cutime, cstime] in ticks. */
function procStat(pid: string): { ppid: string; ticks: number; childTicks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: fields[1] ?? '',
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/**
 * CPU time so far of the PostgreSQL cluster whose command line names `dataDir` (Linux /proc):
 * the postmaster, its live children, and the children that already ended. Null if not found.
 */
export function clusterCpuUs(dataDir: string): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const postmaster = pids.find((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return command.includes('postgres') && command.includes(dataDir);
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return null;
  const own = procStat(postmaster);
  if (!own) return null;
  let ticks = own.ticks + own.childTicks;
  for (const pid of pids) {
    const stat = procStat(pid);
    if (stat?.ppid === postmaster) ticks += stat.ticks;
  }
  return (ticks * 1_000_000) / PROC_TICKS_PER_SECOND;
}

/** A child process started with tsx, ready once `readyPath` answers 200. */
async function startChild(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  stdoutFile: string | null,
  nodeOptions: string[] = [],
): Promise<ServerChild> {
  const port = await freePort();
  const stdout = stdoutFile ? openSync(stdoutFile, 'w') : 'ignore';
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited at start`);
    const ready = await fetch(`${baseUrl}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start`);
    }
    await sleep(200);
  }
  return {
    baseUrl,
    cpuUs: () => processCpuUs(child.pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function startHelloWorld(): Promise<ServerChild> {
  return startChild('bench/hello-world-server.ts', {}, '/hello', null);
}

/**
 * The real server on `databaseUrl`, HTTP role only, logging at `info` into `logFile`. Rate limits
 * stay as production has them: the hot calls have none. BENCH_CPU_PROF=<dir> writes a V8 CPU
 * profile of the server there when it stops.
 */
export function startPlatformServer(databaseUrl: string, logFile: string): Promise<ServerChild> {
  const profileDir = process.env.BENCH_CPU_PROF;
  return startChild(
    'apps/server/src/main.ts',
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', SERVER_ROLES: 'http' },
    '/readyz',
    logFile,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
}

function get(
  baseUrl: string,
  agent: Agent,
  call: HotCall,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${call.path}`,
      { agent, headers: call.headers ?? {} },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function drive(baseUrl: string, call: HotCall, durationMs: number) {
  const agents = Array.from(
    { length: HOT_CALL_CONNECTIONS },
    () => new Agent({ keepAlive: true, maxSockets: 1 }),
  );
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  const endAt = Date.now() + durationMs;
  try {
    await Promise.all(
      agents.map(async (agent) => {
        while (Date.now() < endAt) {
          const startedAt = performance.now();
          const answer = await get(baseUrl, agent, call).catch(() => ({ status: 0, bytes: 0 }));
          latencies.push(performance.now() - startedAt);
          bytes += answer.bytes;
          if (answer.status !== 200) failures += 1;
        }
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return { latencies, failures, bytes };
}

/** One call at HOT_CALL_CONNECTIONS connections for HOT_CALL_DURATION_MS, after a warm-up. */
export async function measureCall(
  server: ServerChild,
  call: HotCall,
  databaseCpuUs: () => number | null = () => null,
): Promise<HotCallFigure> {
  await drive(server.baseUrl, call, HOT_CALL_WARMUP_MS);
  const cpuBefore = server.cpuUs();
  const databaseBefore = databaseCpuUs();
  const { latencies, failures, bytes } = await drive(server.baseUrl, call, HOT_CALL_DURATION_MS);
  const cpuAfter = server.cpuUs();
  const databaseAfter = databaseCpuUs();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name: call.name,
    requestsPerSecond: latencies.length / (HOT_CALL_DURATION_MS / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
    bytesPerAnswer: bytes / Math.max(1, latencies.length),
    serverCpuUsPerAnswer:
      cpuBefore === null || cpuAfter === null
        ? null
        : (cpuAfter - cpuBefore) / Math.max(1, latencies.length),
    databaseCpuUsPerAnswer:
      databaseBefore === null || databaseAfter === null
        ? null
        : (databaseAfter - databaseBefore) / Math.max(1, latencies.length),
  };
}

export function printFigures(
  figures: HotCallFigure[],
  helloWorld: number,
  aims: Map<string, number>,
) {
  for (const figure of figures) {
    const ratio = figure.requestsPerSecond / helloWorld;
    const aim = aims.get(figure.name);
    console.log(
      `${figure.name.padEnd(34)} ${figure.requestsPerSecond.toFixed(0).padStart(7)} req/s  ` +
        `p50 ${figure.p50Ms.toFixed(1).padStart(6)} ms  p99 ${figure.p99Ms.toFixed(1).padStart(6)} ms  ` +
        `${figure.bytesPerAnswer.toFixed(0).padStart(6)} B  ` +
        `server cpu ${figure.serverCpuUsPerAnswer?.toFixed(0).padStart(5) ?? '    ?'} µs/req  ` +
        `db cpu ${figure.databaseCpuUsPerAnswer?.toFixed(0).padStart(5) ?? '    ?'} µs/req  ` +
        `ratio ${ratio.toFixed(3)}` +
        (aim === undefined ? '' : ` (aim ${aim}: ${ratio >= aim ? 'met' : 'NOT met'})`) +
        `  failures ${figure.failures}`,
    );
  }
}

export function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

export function fileBytes(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

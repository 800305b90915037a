// The embedded PostgreSQL's watchdog: a tiny plain-Node process (no TypeScript loader, so it
// starts in a few milliseconds) that embedded.ts starts beside PostgreSQL, detached in its own
// session. Its stdin is a pipe from the server. The kernel closes that pipe whenever the server
// process ends, however it ends (SIGKILL and out-of-memory kills included, which no exit handler
// sees), so end-of-input means "the server is gone". If the postmaster named on the command line
// still holds the lock file of its data directory, it gets SIGINT (PostgreSQL's fast shutdown).
// The lock-file check keeps a reused pid safe: after a clean stop the file is gone, and another
// program cannot have written this pid into it.
//
// Usage: node postgres-watchdog.mjs <postmaster pid> <data directory>
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [pidText = '', clusterDir = ''] = process.argv.slice(2);
const pid = Number(pidText);

function stillHoldsTheLock() {
  try {
    const lock = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
    return Number(lock.split('\n')[0]) === pid;
  } catch {
    return false;
  }
}

function serverGone() {
  if (Number.isSafeInteger(pid) && pid > 0 && stillHoldsTheLock()) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
}

process.stdin.on('end', serverGone);
process.stdin.on('close', serverGone);
process.stdin.on('error', serverGone);
process.stdin.resume();

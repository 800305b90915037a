#!/usr/bin/env node
// `npm test`: every check and all three test tiers, in order, with one summary at the end.
// A failing step does not hide the others; the exit code is non-zero if any step failed.
// CI shows only the end of a run, so the summary repeats what each failed step said about its
// failure (the failing tests' names, then vitest's "Failed Tests" section or the step's last lines),
// after the summary so that it is in the tail.
// The checks (lint, types, import rules, ...) run while the small tests run: the type-check is
// one single-threaded compiler for about a minute, and the small tests leave part of the second
// core free. Their output is printed once the small tests are done, so the two do not interleave.
import { spawn } from 'node:child_process';

const FAILURE_EXCERPT_MAX_LINES = 40;
const FAILING_TESTS_MAX_LINES = 20;
const STEP_OUTPUT_KEPT_MAX_LINES = 4000;

/** Steps marked `alongside` run, one after another, while the step they name runs. */
const steps = [
  { name: 'lint (biome)', command: 'npx biome check .', alongside: 'small tests' },
  { name: 'type-check', command: 'npm run --silent typecheck', alongside: 'small tests' },
  { name: 'import rules', command: 'npm run --silent deps:check', alongside: 'small tests' },
  { name: 'table ownership', command: 'npm run --silent tables:check', alongside: 'small tests' },
  { name: 'locale keys', command: 'npm run --silent locales:check', alongside: 'small tests' },
  { name: 'small tests', command: 'npx vitest run --project small --project web --project admin' },
  { name: 'medium tests', command: 'npx vitest run --project medium' },
  {
    name: 'web build + size budget',
    command: 'npm run --silent build && npm run --silent size && npm run --silent size:admin',
  },
  { name: 'load balancer (haproxy)', command: 'node scripts/ensure-haproxy.mjs' },
  {
    name: 'end-to-end tests',
    command: 'npx vitest run --project e2e',
    needs: 'web build + size budget',
  },
];

/** Runs one command; `echo` false keeps its output for later instead of printing it as it comes. */
function runStep(command, echo = true) {
  return new Promise((resolve) => {
    const lines = [];
    let pending = '';
    const keep = (chunk) => {
      const text = pending + chunk.toString('utf8');
      const parts = text.split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length > STEP_OUTPUT_KEPT_MAX_LINES)
        lines.splice(0, lines.length - STEP_OUTPUT_KEPT_MAX_LINES);
    };
    const child = spawn(command, { shell: true, stdio: ['inherit', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      if (echo) process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk) => {
      if (echo) process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('close', (status) => {
      if (pending) lines.push(pending);
      resolve({ status, lines });
    });
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters.
const ANSI_PATTERN = /\u001b\[[0-9;]*m/g;

function failureExcerpt(lines) {
  const plain = lines.map((line) => line.replace(ANSI_PATTERN, ''));
  const failingTests = plain
    .filter((line) => /^\s*(FAIL|×)\s/.test(line))
    .slice(0, FAILING_TESTS_MAX_LINES);
  const start = plain.findIndex((line) => /Failed Tests \d+/.test(line));
  const details = start >= 0 ? plain.slice(start) : plain.slice(-FAILURE_EXCERPT_MAX_LINES);
  return [...failingTests, ...details.slice(0, FAILURE_EXCERPT_MAX_LINES)];
}

async function timedStep(step, echo) {
  const startedAt = Date.now();
  const run = await runStep(step.command, echo);
  return {
    name: step.name,
    ok: run.status === 0,
    seconds: (Date.now() - startedAt) / 1000,
    lines: run.lines,
  };
}

/** The steps that run alongside `step`, one after another, their output kept for later. */
async function runAlongside(step) {
  const results = [];
  for (const other of steps.filter((candidate) => candidate.alongside === step.name)) {
    results.push(await timedStep(other, false));
  }
  return results;
}

const runStartedAt = Date.now();
const results = [];
for (const step of steps) {
  if (step.alongside) continue;
  const prerequisite = step.needs && results.find((result) => result.name === step.needs);
  if (prerequisite && !prerequisite.ok) {
    results.push({ name: step.name, ok: false, seconds: 0, skipped: true, lines: [] });
    continue;
  }
  const alongside = runAlongside(step);
  console.log(`\n━━ ${step.name}: ${step.command}`);
  const result = await timedStep(step, true);
  for (const other of await alongside) {
    const command = steps.find((candidate) => candidate.name === other.name)?.command;
    console.log(`\n━━ ${other.name} (ran alongside ${step.name}): ${command}`);
    for (const line of other.lines) console.log(line);
    results.push(other);
  }
  results.push(result);
}

console.log('\n━━ npm test summary');
for (const result of results) {
  const verdict = result.skipped ? 'SKIPPED' : result.ok ? 'passed' : 'FAILED';
  console.log(`  ${verdict.padEnd(8)} ${result.name.padEnd(26)} ${result.seconds.toFixed(1)} s`);
}
const failed = results.filter((result) => !result.ok);
// Wall-clock time: steps that ran alongside others overlap, so their seconds do not add up.
const total = (Date.now() - runStartedAt) / 1000;
console.log(
  failed.length === 0
    ? `All ${results.length} steps passed in ${total.toFixed(1)} s`
    : `${failed.length} of ${results.length} steps failed: ${failed.map((result) => result.name).join(', ')}`,
);
for (const result of results.filter((entry) => !entry.ok && !entry.skipped)) {
  console.log(`\n━━ why "${result.name}" failed (excerpt)`);
  for (const line of failureExcerpt(result.lines)) console.log(`  ${line}`);
}
process.exit(failed.length === 0 ? 0 : 1);

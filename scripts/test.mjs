#!/usr/bin/env node
// `npm test`: every check and all three test tiers, in order, with one summary at the end.
// A failing step does not hide the others; the exit code is non-zero if any step failed.
import { spawnSync } from 'node:child_process';

const steps = [
  { name: 'lint (biome)', command: 'npx biome check .' },
  { name: 'type-check', command: 'npm run --silent typecheck' },
  { name: 'import rules', command: 'npm run --silent deps:check' },
  { name: 'table ownership', command: 'npm run --silent tables:check' },
  { name: 'locale keys', command: 'npm run --silent locales:check' },
  { name: 'small tests', command: 'npx vitest run --project small --project web --project admin' },
  { name: 'medium tests', command: 'npx vitest run --project medium' },
  {
    name: 'web build + size budget',
    command: 'npm run --silent build && npm run --silent size && npm run --silent size:admin',
  },
  {
    name: 'end-to-end tests',
    command: 'npx vitest run --project e2e',
    needs: 'web build + size budget',
  },
];

const results = [];
for (const step of steps) {
  const prerequisite = step.needs && results.find((result) => result.name === step.needs);
  if (prerequisite && !prerequisite.ok) {
    results.push({ name: step.name, ok: false, seconds: 0, skipped: true });
    continue;
  }
  console.log(`\n━━ ${step.name}: ${step.command}`);
  const startedAt = Date.now();
  const run = spawnSync(step.command, { shell: true, stdio: 'inherit' });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - startedAt) / 1000 });
}

console.log('\n━━ npm test summary');
for (const result of results) {
  const verdict = result.skipped ? 'SKIPPED' : result.ok ? 'passed' : 'FAILED';
  console.log(`  ${verdict.padEnd(8)} ${result.name.padEnd(26)} ${result.seconds.toFixed(1)} s`);
}
const failed = results.filter((result) => !result.ok);
const total = results.reduce((sum, result) => sum + result.seconds, 0);
console.log(
  failed.length === 0
    ? `All ${results.length} steps passed in ${total.toFixed(1)} s`
    : `${failed.length} of ${results.length} steps failed: ${failed.map((result) => result.name).join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);

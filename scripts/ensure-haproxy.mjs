#!/usr/bin/env node
// The journey of several instances (e2e/instances.e2e.test.ts) runs the repository's HAProxy
// configuration, and HAProxy comes from the operating system, not npm. On a Debian machine where
// this runs as root (CI), it is installed from Debian's packages when missing; elsewhere this
// step fails and says how to install it.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;
const quiet = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

if (quiet('haproxy', ['-v'])) {
  console.log('haproxy: present');
  process.exit(0);
}
const canInstall = process.getuid?.() === 0 && quiet('apt-get', ['--version']);
if (!canInstall) {
  console.error('haproxy is missing: install it (Debian: `sudo apt-get install -y haproxy`).');
  process.exit(1);
}
console.log('haproxy: missing, installing the Debian package');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () =>
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
    stdio: 'inherit',
    env,
  }).status === 0;
if (!install() && !(run('apt-get', ['update']) && install())) {
  console.error('haproxy could not be installed from the Debian packages.');
  process.exit(1);
}

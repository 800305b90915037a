// Node 20 will not start a worker from a .ts file: this bootstrap registers tsx, then loads it.
import { register } from 'tsx/esm/api';

register();
await import('./rtp-worker.ts');

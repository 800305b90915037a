// One slice of `npm run bench:rtp`: simulates `rounds` rounds of one game on its own seed and
// answers the sums the main thread combines (see bench/rtp.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { simulationRandomSource } from '../packages/game-math/src/fair/random-source.js';
import { simulatedGames } from '../packages/game-math/src/games/index.js';
import { type SliceTask, simulateSlice } from './rtp-slice.js';

const task = workerData as SliceTask;
const game = simulatedGames[task.gameIndex];
if (!game) throw new Error(`no simulated game ${task.gameIndex}`);
parentPort?.postMessage(simulateSlice(game, simulationRandomSource(task.seed), task.rounds));

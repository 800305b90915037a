// One worker of `npm run bench:rtp`: simulates its share of rounds of every game, each game on
// its own seeded stream, and answers the sums the main thread combines (see bench/rtp.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { simulationRandomSource } from '../packages/game-math/src/fair/random-source.js';
import { simulatedGames } from '../packages/game-math/src/games/index.js';
import { type SliceSums, type SliceTask, simulateSlice } from './rtp-slice.js';

const tasks = workerData as SliceTask[];
const answers: SliceSums[] = tasks.map((task) => {
  const game = simulatedGames[task.gameIndex];
  if (!game) throw new Error(`no simulated game ${task.gameIndex}`);
  return simulateSlice(game, simulationRandomSource(task.seed), task.rounds);
});
parentPort?.postMessage(answers);

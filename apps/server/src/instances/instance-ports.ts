import { availableParallelism } from 'node:os';

/** More instances than this on one machine is a configuration mistake, not a layout. */
export const INSTANCES_MAX = 64;

/**
 * The ports of the instances: `INSTANCE_PORTS` (a comma-separated list) when given, else
 * `INSTANCES` consecutive ports from `INSTANCE_BASE_PORT` (default: one per core from 8081).
 */
export function instancePortsFrom(env: NodeJS.ProcessEnv): number[] {
  const ports = env.INSTANCE_PORTS
    ? env.INSTANCE_PORTS.split(',').map((port) => Number(port.trim()))
    : Array.from(
        { length: Number(env.INSTANCES ?? availableParallelism()) },
        (_, index) => Number(env.INSTANCE_BASE_PORT ?? 8081) + index,
      );
  if (ports.length < 1 || ports.length > INSTANCES_MAX) {
    throw new Error(`between 1 and ${INSTANCES_MAX} instances, not ${ports.length}`);
  }
  for (const port of ports) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`not a port: ${port}`);
    }
  }
  if (new Set(ports).size !== ports.length) throw new Error('instance ports must differ');
  return ports;
}

import type { CallDefinition } from '@app/contract';

type ContractModule = typeof import('./contract-module');

/** Names of the contract's exports that are call definitions (`loginCall`, `balanceCall`…). */
export type CallName = {
  [K in keyof ContractModule]: ContractModule[K] extends CallDefinition ? K : never;
}[keyof ContractModule];

/**
 * The contract's call definitions carry their zod schemas, about 25 KB gzipped of code that
 * the first paint does not need. They load in a chunk of their own, requested by the first
 * call, so that the initial JavaScript stays within its budget (TOOLCHAIN.md).
 */
let contractModule: Promise<ContractModule> | undefined;

export function loadContract(): Promise<ContractModule> {
  contractModule ??= import('./contract-module');
  return contractModule;
}

/** A reference to a call definition that loads it on first use. */
export function lazyCall<K extends CallName>(name: K): () => Promise<ContractModule[K]> {
  return async () => (await loadContract())[name];
}

/** Account types (SPEC §4): 0 member, 1, 2, 41, 42 agents, 4 trial. Zod-free, for the web too. */
export const memberTypes = { member: 0, trial: 4 } as const;
export const agentMemberTypes: readonly number[] = [1, 2, 41, 42];

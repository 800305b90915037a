import { type BuiltinRound, FAIRNESS_VERIFY_PATH } from '@app/contract/client';

/** The query parameters of the verify page (history links fill them). */
export const verifyParams = {
  game: 'game',
  serverSeed: 'serverSeed',
  serverSeedHash: 'hash',
  clientSeed: 'clientSeed',
  nonce: 'nonce',
  params: 'params',
} as const;

/** The verify page prefilled with a round's seeds and params (revealed rounds only). */
export function verifyLinkOf(round: BuiltinRound): string {
  const query = new URLSearchParams({
    [verifyParams.game]: round.gameCode,
    [verifyParams.serverSeed]: round.proof.serverSeed ?? '',
    [verifyParams.serverSeedHash]: round.proof.serverSeedHash,
    [verifyParams.clientSeed]: round.proof.clientSeed,
    [verifyParams.nonce]: String(round.proof.nonce),
    [verifyParams.params]: JSON.stringify(round.detail.params ?? null),
  });
  return `${FAIRNESS_VERIFY_PATH}?${query.toString()}`;
}

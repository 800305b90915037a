import { featureTexts } from '../../lib/feature-texts';

/** The contract pages' texts, out of the initial chunk (lib/feature-texts.ts). */
const files = import.meta.glob<Record<string, string>>('../../locales/*/agent-contracts.json', {
  import: 'default',
});

/** Suspends (React `use`) until the `agent-contracts` namespace is loaded; render under a Suspense. */
export const useAgentContractsTexts = featureTexts('agent-contracts', files);

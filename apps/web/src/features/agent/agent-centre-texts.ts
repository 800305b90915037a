import { featureTexts } from '../../lib/feature-texts';

/** The agent centre's page texts (`agent-centre`), loaded with the centre, not the first screen. */
const files = import.meta.glob<Record<string, string>>('../../locales/*/agent-centre.json', {
  import: 'default',
});

export const useAgentCentreTexts = featureTexts('agent-centre', files);

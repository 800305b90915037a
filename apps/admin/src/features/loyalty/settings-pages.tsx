import ClubRanksPage from './club-ranks-page';
import PointRulesPage from './point-rules-page';

/**
 * The point rules and club ranks pages load as one lazy chunk, so the console's first screen
 * carries one dynamic import for both (size budget); each route picks its page.
 */
export default function LoyaltySettingsPage({ page }: { page: 'rules' | 'ranks' }) {
  return page === 'rules' ? <PointRulesPage /> : <ClubRanksPage />;
}

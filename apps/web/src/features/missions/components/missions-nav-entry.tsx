import { ActionIcon, Indicator, NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLoyaltyTexts } from '../../../lib/loyalty-texts';
import { useMissionSummary } from '../api/missions-api';
import MissionCountBadge from './mission-count-badge';

function TargetIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </svg>
  );
}

/**
 * The left bar's missions entry for a signed-in member (a lazy chunk): opens the member
 * centre's missions page; the badge counts claimable missions when above 0.
 */
export default function MissionsNavEntry({ mini, onOpen }: { mini: boolean; onOpen: () => void }) {
  useLoyaltyTexts();
  const { t } = useTranslation('loyalty');
  const { data } = useMissionSummary();
  const count = data?.claimableCount ?? 0;
  if (mini) {
    return (
      <Indicator label={count} size={16} color="red" disabled={count === 0}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          radius="md"
          aria-label={t('missions')}
          title={t('missions')}
          onClick={onOpen}
          data-testid="nav-missions"
        >
          <TargetIcon />
        </ActionIcon>
      </Indicator>
    );
  }
  return (
    <NavLink
      component="button"
      label={t('missions')}
      leftSection={<TargetIcon />}
      rightSection={<MissionCountBadge />}
      onClick={onOpen}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="nav-missions"
    />
  );
}

import { Badge } from '@mantine/core';
import { useMissionSummary } from '../api/missions-api';

/** The number of claimable missions, shown only when above 0 (SPEC §2). */
export default function MissionCountBadge() {
  const { data } = useMissionSummary();
  const count = data?.claimableCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle color="red" data-testid="mission-badge" aria-live="polite">
      {count}
    </Badge>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { closeMemberCentre, useMemberCentrePage } from './member-centre-store';

const MemberCentreModal = lazyWithRetry(() => import('./member-centre-modal'));

/** Loads the member centre the first time it is opened; closes it when the member leaves. */
export function MemberCentreHost() {
  const page = useMemberCentrePage();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (page !== null) setLoaded(true);
  }, [page]);
  useEffect(() => closeMemberCentre, []);
  if (!loaded && page === null) return null;
  return (
    <Suspense fallback={null}>
      <MemberCentreModal page={page} />
    </Suspense>
  );
}

import { Box, em, Flex, Loader, Modal, NavLink, ScrollArea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { useCentreTexts } from '../../lib/centre-texts';
import { MEMBER_CENTRE_WIDTH } from '../../lib/theme';
import { MemberLabels } from '../layout/member-labels';
import { pagesShownTo } from './member-centre-pages';
import { closeMemberCentre, openMemberCentre } from './member-centre-store';

/** Width of the left menu, in pixels. */
const MENU_WIDTH = 200;
/** The page area keeps this height while pages change, so the modal does not jump. */
const PAGE_MIN_HEIGHT = 420;
/** At or below this width the centre takes the whole screen. */
const PHONE_MAX_WIDTH_PX = 600;

function CentreFrame({ page }: { page: string }) {
  useCentreTexts();
  const { t } = useTranslation('centre');
  const { data: status } = useSystemStatus();
  const { member } = useSession();
  const pages = pagesShownTo(member, status?.whiteLabel);
  const current = pages.find((entry) => entry.key === page) ?? pages[0];
  if (!current) return null;
  const Page = current.component;
  return (
    // Side by side on wide screens; on a phone the menu scrolls sideways above the page.
    <Flex direction={{ base: 'column', sm: 'row' }} align="stretch" gap="md">
      <Box
        component="nav"
        aria-label={t('member_centre')}
        w={{ base: '100%', sm: MENU_WIDTH }}
        style={{ flexShrink: 0, overflowX: 'auto' }}
      >
        <Flex direction={{ base: 'row', sm: 'column' }} gap={2}>
          {pages.map((entry) => (
            <NavLink
              key={entry.key}
              component="button"
              label={t(`page_${entry.key}`)}
              rightSection={
                entry.badge && (
                  <Suspense fallback={null}>
                    <entry.badge />
                  </Suspense>
                )
              }
              active={entry.key === current.key}
              aria-current={entry.key === current.key ? 'page' : undefined}
              onClick={() => openMemberCentre(entry.key)}
              style={{ whiteSpace: 'nowrap' }}
            />
          ))}
        </Flex>
      </Box>
      <ScrollArea.Autosize mah="75vh" style={{ flex: 1 }} offsetScrollbars>
        <Box mih={PAGE_MIN_HEIGHT} data-testid="member-centre-page">
          {member && (
            <Box mb="sm">
              <MemberLabels member={member} />
            </Box>
          )}
          <Title order={4} mb="md">
            {t(`page_${current.key}`)}
          </Title>
          <Suspense fallback={<Loader size="sm" />}>
            <Page />
          </Suspense>
        </Box>
      </ScrollArea.Autosize>
    </Flex>
  );
}

/** The member centre (SPEC §2): a left menu of its pages and the open page beside it. */
export default function MemberCentreModal({ page }: { page: string | null }) {
  // The frame's texts are on the first screen already; the pages' load with the pages.
  const { t: tSession } = useTranslation('session');
  const { t: tCommon } = useTranslation('common');
  const isPhone = useMediaQuery(`(max-width: ${em(PHONE_MAX_WIDTH_PX)})`);
  return (
    <Modal
      opened={page !== null}
      onClose={closeMemberCentre}
      size={MEMBER_CENTRE_WIDTH}
      fullScreen={isPhone}
      title={tSession('member_centre')}
      closeButtonProps={{ 'aria-label': tCommon('close') }}
      centered
    >
      <Suspense fallback={<Loader size="sm" />}>
        {page !== null && <CentreFrame page={page} />}
      </Suspense>
    </Modal>
  );
}

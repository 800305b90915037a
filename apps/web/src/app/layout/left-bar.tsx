import { resourceTypes } from '@app/contract/client';
import { ActionIcon, AppShell, Box, Group, Image, NavLink, Stack, Text } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HomeIcon } from '../../components/icons';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePromotionCount } from '../../features/promotions/api/promotions-api';
import { useSession } from '../../features/session/hooks/use-session';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { LanguagePicker } from '../../features/system/components/language-picker';
import { ResourceQr } from '../../features/system/components/resource-qr';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useAuthModals } from '../auth-modals/auth-modals-context';
import { openMemberCentre } from '../member-centre/member-centre-store';
import { homePaths } from '../routes';
import { openAnnouncements } from './announcements-button';
import { setChatRoomOpened } from './chat-room-host';
import {
  ChatIcon,
  ChevronsLeftIcon,
  FacebookIcon,
  GiftIcon,
  HeadsetIcon,
  HelpIcon,
  MailIcon,
  MegaphoneIcon,
  PhoneDownloadIcon,
  TelegramIcon,
} from './layout-icons';
import { setNavMini } from './layout-store';
import { appQrResources, linkedResources } from './site-links';
import { SocialIconLink } from './social-icon-link';
import { useCustomerService } from './use-customer-service';

// Game categories (from the game menus) load after the first screen, in their own chunk.
const LeftBarGames = lazyWithRetry(() => import('../games/left-bar-games'));
const MissionsEntry = lazyWithRetry(
  () => import('../../features/missions/components/missions-nav-entry'),
);

const QR_SIZE = 88;
const linkStyle = { borderRadius: 'var(--mantine-radius-md)' } as const;

interface BarLinkProps {
  label: string;
  icon: ReactNode;
  mini: boolean;
  to?: string;
  active?: boolean;
  onClick?: () => void;
  children?: ReactNode;
  testId?: string;
  /** A count shown at the end of the row (the promotions a member can take now). */
  badge?: number | undefined;
}

/** One entry of the bar: a labelled row, or in mini mode an icon with the label for AT. */
function BarLink({
  label,
  icon,
  mini,
  to,
  active,
  onClick,
  children,
  testId,
  badge,
}: BarLinkProps) {
  if (mini) {
    const common = {
      variant: active ? 'light' : 'subtle',
      color: active ? undefined : 'gray',
      size: 44,
      radius: 'md',
      'aria-label': label,
      title: label,
      'data-testid': testId,
    } as const;
    return to ? (
      <ActionIcon component={Link} to={to} onClick={onClick} {...common}>
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon onClick={onClick} {...common}>
        {icon}
      </ActionIcon>
    );
  }
  if (to) {
    return (
      <NavLink
        component={Link}
        to={to}
        label={label}
        leftSection={icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
        variant="light"
        style={linkStyle}
        data-testid={testId}
        rightSection={
          badge ? (
            <Text size="xs" fw={700} c="blue" data-testid="promo-count">
              {badge}
            </Text>
          ) : undefined
        }
      />
    );
  }
  return (
    <NavLink
      component="button"
      label={label}
      leftSection={icon}
      onClick={onClick}
      variant="light"
      style={linkStyle}
      data-testid={testId}
      childrenOffset={12}
      defaultOpened
    >
      {children}
    </NavLink>
  );
}

/** Facebook, Telegram and Telegram1 of the merchant's resources (SPEC §2). */
function SocialIcons() {
  const { t } = useTranslation('layout');
  const { data: status } = useSystemStatus();
  const links = linkedResources(status, [
    { type: resourceTypes.facebook, label: t('facebook'), icon: <FacebookIcon /> },
    { type: resourceTypes.telegram, label: t('telegram'), icon: <TelegramIcon /> },
    { type: resourceTypes.telegram1, label: t('telegram_channel'), icon: <TelegramIcon /> },
  ]);
  if (links.length === 0) return null;
  return (
    <Group gap={6} data-testid="left-bar-social">
      {links.map((link) => (
        <SocialIconLink key={link.type} {...link} />
      ))}
    </Group>
  );
}

/** Android and iOS QR codes, only for the platforms whose resource has one (SPEC §2). */
function AppQrCodes() {
  const { data: status } = useSystemStatus();
  const { t } = useTranslation('layout');
  const codes = appQrResources(status);
  if (codes.length === 0) return null;
  return (
    <Group gap="sm" px="sm" pb="xs" data-testid="left-bar-qr">
      {codes.map(({ platform, resource }) => (
        <Stack key={platform} gap={4} align="center">
          {resource?.qrCodeUrl ? (
            <Image
              src={resource.qrCodeUrl}
              alt={t('qr_for', { platform })}
              w={QR_SIZE}
              h={QR_SIZE}
              radius="sm"
              bg="white"
              p={4}
            />
          ) : (
            // No picture of its own: the server draws the resource's link (resourceQr).
            <ResourceQr
              resourceType={resource?.resourceType ?? ''}
              alt={t('qr_for', { platform })}
              size={QR_SIZE}
            />
          )}
          <Text size="xs" c="dimmed">
            {platform}
          </Text>
        </Stack>
      ))}
    </Group>
  );
}

interface LeftBarProps {
  onNavigate: () => void;
  /** Icons only (folded by the visitor, or forced on the full-screen paths). */
  mini: boolean;
  /** The fold toggle is offered on desktop when mini mode is not forced. */
  canFold: boolean;
}

/** The side menu (SPEC §2): a drawer on phones, a column (or a strip of icons) on desktop. */
export function LeftBar({ onNavigate, mini, canFold }: LeftBarProps) {
  const { t } = useTranslation('common');
  const { t: tc } = useTranslation('content');
  const { t: tl } = useTranslation('layout');
  const { pathname } = useLocation();
  const { isLoggedIn } = useSession();
  const { open } = useAuthModals();
  const openCustomerService = useCustomerService();
  const { data: status } = useSystemStatus();
  const { data: promoCount } = usePromotionCount();

  const then = (action: () => void) => () => {
    action();
    onNavigate();
  };
  const platformMessages = then(() => (isLoggedIn ? openMemberCentre('messageV2') : open('login')));

  const customerServices = [
    openCustomerService && {
      key: 'cs',
      label: tl('customer_service'),
      icon: <ChatIcon />,
      onClick: then(openCustomerService),
    },
    {
      key: 'messages',
      label: tl('platform_messages'),
      icon: <MailIcon />,
      onClick: platformMessages,
    },
    {
      key: 'announcements',
      label: tc('announcements'),
      icon: <MegaphoneIcon />,
      onClick: then(openAnnouncements),
    },
    status?.whiteLabel.chat && {
      key: 'chat',
      label: tl('chat_room'),
      icon: <ChatIcon />,
      onClick: then(() => (isLoggedIn ? setChatRoomOpened(true) : open('login'))),
    },
  ].filter((entry) => Boolean(entry)) as {
    key: string;
    label: string;
    icon: ReactNode;
    onClick: () => void;
  }[];

  return (
    <>
      <AppShell.Section
        grow
        component="nav"
        aria-label={t('nav_main')}
        style={{ overflowY: 'auto' }}
      >
        <Stack gap={mini ? 6 : 2} align={mini ? 'center' : 'stretch'}>
          <BarLink
            mini={mini}
            to="/"
            label={t('nav_home')}
            icon={<HomeIcon size={18} />}
            active={homePaths.includes(pathname)}
            onClick={onNavigate}
          />
          {!mini && (
            <Suspense fallback={null}>
              <LeftBarGames onNavigate={onNavigate} />
            </Suspense>
          )}
          {isLoggedIn && (
            <Suspense fallback={null}>
              <MissionsEntry
                mini={mini}
                onOpen={then(() => openMemberCentre('missionLeaderboard'))}
              />
            </Suspense>
          )}
          <BarLink
            mini={mini}
            to="/promotions"
            label={tl('promotions')}
            icon={<GiftIcon />}
            active={pathname === '/promotions'}
            onClick={onNavigate}
            testId="nav-promotions"
            badge={promoCount?.count}
          />
          <BarLink
            mini={mini}
            to="/pointMall"
            label={tl('point_mall')}
            icon={<GiftIcon />}
            active={pathname === '/pointMall'}
            onClick={onNavigate}
            testId="nav-point-mall"
          />
          {mini ? (
            <>
              {customerServices.map((entry) => (
                <BarLink
                  key={entry.key}
                  mini
                  label={entry.label}
                  icon={entry.icon}
                  onClick={entry.onClick}
                />
              ))}
              <BarLink mini to="/help" label={tc('help_center')} icon={<HelpIcon />} />
            </>
          ) : (
            <BarLink
              mini={false}
              label={tc('customer_services')}
              icon={<HeadsetIcon />}
              testId="nav-customer-services"
            >
              {customerServices.map((entry) => (
                <NavLink
                  key={entry.key}
                  component="button"
                  label={entry.label}
                  leftSection={entry.icon}
                  onClick={entry.onClick}
                  variant="light"
                  style={linkStyle}
                />
              ))}
              <NavLink
                component={Link}
                to="/help"
                label={tc('help_center')}
                leftSection={<HelpIcon />}
                active={pathname === '/help'}
                aria-current={pathname === '/help' ? 'page' : undefined}
                onClick={onNavigate}
                variant="light"
                style={linkStyle}
              />
            </BarLink>
          )}
          <BarLink
            mini={mini}
            to="/download"
            label={tl('app_download')}
            icon={<PhoneDownloadIcon />}
            active={pathname === '/download'}
            onClick={onNavigate}
            testId="nav-download"
          />
          {!mini && <AppQrCodes />}
        </Stack>
      </AppShell.Section>
      <AppShell.Section>
        <Stack gap="sm" pt="sm" align={mini ? 'center' : 'stretch'}>
          {!mini && <LanguagePicker />}
          {!mini && <SocialIcons />}
          {/* Phones: the theme switch lives here, the header has no room for it. */}
          <Box hiddenFrom="sm">
            <ThemeToggle toLightLabel={t('theme_to_light')} toDarkLabel={t('theme_to_dark')} />
          </Box>
          {canFold && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              visibleFrom="sm"
              aria-label={mini ? tl('unfold_menu') : tl('fold_menu')}
              title={mini ? tl('unfold_menu') : tl('fold_menu')}
              onClick={() => setNavMini(!mini)}
              style={mini ? { transform: 'rotate(180deg)' } : { alignSelf: 'flex-end' }}
            >
              <ChevronsLeftIcon />
            </ActionIcon>
          )}
        </Stack>
      </AppShell.Section>
    </>
  );
}

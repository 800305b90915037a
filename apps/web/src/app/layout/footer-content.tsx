import { categoryPaths, resourceTypes } from '@app/contract/client';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import FooterHelpList from '../../features/content/components/footer-help-list';
import { useFooterGameMenus } from '../../features/games/api/footer-menus-api';
import { useSystemStatus } from '../../features/system/api/use-system-status';
import { currentLanguageCode } from '../../lib/i18n';
import {
  ArrowUpIcon,
  ChatIcon,
  FacebookIcon,
  InstagramIcon,
  SportsBrandIcon,
  TiktokIcon,
  XIcon,
  YoutubeIcon,
} from './layout-icons';
import { linkedResources, resourceOf } from './site-links';
import { SocialIconLink } from './social-icon-link';
import { useCustomerService } from './use-customer-service';

const PAYMENT_IMAGE_HEIGHT = 36;

/** Game categories of the merchant (only those with a vendor); none while games are not served. */
function useFooterCategories() {
  const language = currentLanguageCode();
  const { data } = useFooterGameMenus(language);
  const seen = new Set<string>();
  // LOTT and ELOTT share a page: one link.
  return (data ?? []).flatMap((category) => {
    const path = categoryPaths[category.gameCategory];
    if (!path || seen.has(path)) return [];
    seen.add(path);
    return [{ code: category.gameCategory, path }];
  });
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={8} align="flex-start">
      <Title order={2} fz="sm" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.5 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** SPEC §2 footer: categories, help, customer service, social links, payments, copyright. */
export default function FooterContent({ siteName }: { siteName: string }) {
  const { t } = useTranslation('layout');
  const { t: tCommon } = useTranslation('common');
  const { data: status } = useSystemStatus();
  const categories = useFooterCategories();
  const openCustomerService = useCustomerService();
  const paymentImage = resourceOf(status, resourceTypes.paymentImage);
  const socials = linkedResources(status, [
    { type: resourceTypes.facebook, label: t('facebook'), icon: <FacebookIcon size={20} /> },
    { type: resourceTypes.tiktok, label: t('tiktok'), icon: <TiktokIcon size={20} /> },
    { type: resourceTypes.x, label: t('x'), icon: <XIcon size={20} /> },
    { type: resourceTypes.instagram, label: t('instagram'), icon: <InstagramIcon size={20} /> },
    { type: resourceTypes.youtube, label: t('youtube'), icon: <YoutubeIcon size={20} /> },
  ]);

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl" verticalSpacing="lg">
        {categories.length > 0 && (
          <Column title={t('games')}>
            <Box component="nav" aria-label={t('games')} data-testid="footer-categories">
              <Stack gap={6}>
                {categories.map((category) => (
                  <Anchor
                    key={category.code}
                    component={Link}
                    to={category.path}
                    size="sm"
                    c="dimmed"
                  >
                    {t(`category_${category.code}`, { defaultValue: category.code })}
                  </Anchor>
                ))}
              </Stack>
            </Box>
          </Column>
        )}
        <Column title={t('help')}>
          <Stack component="nav" aria-label={t('help')} gap={6} data-testid="footer-help">
            <FooterHelpList />
          </Stack>
        </Column>
        <Column title={t('customer_service')}>
          {openCustomerService && (
            <Button
              variant="light"
              size="sm"
              leftSection={<ChatIcon size={16} />}
              onClick={openCustomerService}
              data-testid="footer-customer-service"
            >
              {t('live_chat')}
            </Button>
          )}
          <Anchor component={Link} to="/help#contact" size="sm" c="dimmed">
            {t('contact_us')}
          </Anchor>
        </Column>
        <Column title={t('follow_us')}>
          <Group gap={6} data-testid="footer-social">
            {socials.map((social) => (
              <SocialIconLink key={social.type} {...social} />
            ))}
            {/* SPEC §2: the sports brand's icon is shown, disabled. */}
            <ActionIcon
              variant="default"
              size="lg"
              radius="xl"
              disabled
              aria-label={t('sports_brand')}
              title={t('sports_brand')}
            >
              <SportsBrandIcon size={20} />
            </ActionIcon>
          </Group>
        </Column>
      </SimpleGrid>
      {paymentImage && (
        <Stack gap={6} align="center">
          <Text size="xs" c="dimmed">
            {t('payment_methods')}
          </Text>
          <Image
            src={paymentImage.url}
            alt={paymentImage.labelNameEn ?? t('payment_methods')}
            h={PAYMENT_IMAGE_HEIGHT}
            w="auto"
            maw="100%"
            fit="contain"
            data-testid="footer-payment-image"
          />
        </Stack>
      )}
      <Divider />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" c="dimmed">
          {tCommon('copyright', { year: new Date().getFullYear(), site: siteName })}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          radius="xl"
          aria-label={t('scroll_to_top')}
          title={t('scroll_to_top')}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          data-testid="scroll-to-top"
        >
          <ArrowUpIcon />
        </ActionIcon>
      </Group>
    </Stack>
  );
}

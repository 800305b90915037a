import type { adminPromotionPreviewCall, LanguageCode } from '@app/contract';
import { Alert, Button, Card, Image, Stack, Text, Title, Typography } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { callAdmin, callRoute } from '../../lib/api-client';
import type { PreviewText, PromotionBody } from './api/promotion-calls';
import { usePromotionsTexts } from './texts';

/** The server sanitizes each draft once the operator pauses typing, not on every keystroke. */
const PREVIEW_DEBOUNCE_MS = 400;
/** The language a promotion falls back to when one is left empty. */
const FALLBACK_LANGUAGE: LanguageCode = 'EN';

type CtaMode = 'join' | 'claim' | 'apply';

/** The preview call by its route alone: this chunk loads no zod schema (console size budget). */
const previewRoute = callRoute<typeof adminPromotionPreviewCall>({
  method: 'POST',
  path: '/admin/promotions/preview',
  auth: true,
});

/** A draft's texts as the server's sanitizer leaves them (what players will see). */
const usePromotionPreview = (text: PreviewText) =>
  useQuery({
    queryKey: ['admin-promotions', 'preview', text],
    queryFn: ({ signal }) => callAdmin(previewRoute, { body: text, signal }),
    placeholderData: (previous) => previous,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The site's action button in each language, as the player site's `promotions` texts spell
 * them (the console cannot import the site's files). TY has no texts of its own on the site,
 * which shows English there.
 */
const ctaLabels: Partial<Record<LanguageCode, Record<CtaMode, string>>> = {
  EN: { join: 'Join', claim: 'Claim', apply: 'Apply' },
  VI: { join: 'Tham gia', claim: 'Nhận', apply: 'Đăng ký' },
  CN: { join: '参加', claim: '领取', apply: '申请' },
  ID: { join: 'Ikuti', claim: 'Klaim', apply: 'Ajukan' },
  PT: { join: 'Participar', claim: 'Receber', apply: 'Candidatar' },
  'PT-BR': { join: 'Participar', claim: 'Resgatar', apply: 'Solicitar' },
  TH: { join: 'เข้าร่วม', claim: 'รับ', apply: 'สมัคร' },
};

/** Whether the operator wrote this language (the editor's tabs mark the others). */
const isWritten = (texts: PromotionBody['texts'], language: LanguageCode) =>
  (texts[language]?.title ?? '').trim() !== '';

/** The texts a player of `language` sees: their own, else English, else the first written. */
function shownTexts(texts: PromotionBody['texts'], language: LanguageCode) {
  if (isWritten(texts, language)) return { text: texts[language], fallback: false };
  const written = Object.entries(texts).find(([code]) =>
    isWritten(texts, code as LanguageCode),
  )?.[1];
  return { text: texts[FALLBACK_LANGUAGE] ?? written, fallback: true };
}

function ctaOf(takeMode: PromotionBody['takeMode'], language: LanguageCode): string | null {
  if (takeMode === 'auto') return null;
  return (ctaLabels[language] ?? ctaLabels.EN)?.[takeMode] ?? null;
}

/**
 * The promotion's detail as a player of one language will see it: the banner, the title, the
 * content and terms after the server's sanitizer, and the action button in that language. A
 * language the operator left empty shows the English fallback under a marker.
 */
export default function PromotionPreview({
  draft,
  language,
}: {
  draft: PromotionBody;
  language: LanguageCode;
}) {
  const { t } = usePromotionsTexts();
  const { text, fallback } = shownTexts(draft.texts, language);
  const [debounced] = useDebouncedValue(
    { title: text?.title ?? '', content: text?.content ?? '', terms: text?.terms ?? '' },
    PREVIEW_DEBOUNCE_MS,
  );
  const preview = usePromotionPreview(debounced);
  const cta = ctaOf(draft.takeMode, language);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="promotion-preview"
      data-language={language}
    >
      <Stack gap="sm">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('preview.title')} · {language}
        </Text>
        {fallback && (
          <Alert color="yellow" variant="light" data-testid="promotion-preview-fallback">
            {t('preview.fallback', { language })}
          </Alert>
        )}
        {draft.bannerUrl ? (
          <Image src={draft.bannerUrl} alt="" radius="sm" mah={180} fit="cover" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('preview.noBanner')}
          </Text>
        )}
        <Title order={3} data-testid="promotion-preview-title">
          {preview.data?.title ?? ''}
        </Title>
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's preview call */}
          <div dangerouslySetInnerHTML={{ __html: preview.data?.content ?? '' }} />
        </Typography>
        <Typography fz="sm">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's preview call */}
          <div dangerouslySetInnerHTML={{ __html: preview.data?.terms ?? '' }} />
        </Typography>
        {cta && (
          <Button w="fit-content" data-testid="promotion-preview-cta" tabIndex={-1}>
            {cta}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

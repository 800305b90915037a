import { PROMOTION_CAROUSEL_AUTOPLAY_MS } from '@app/contract/client';
import { AspectRatio, Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePromotionList } from '../api/promotions-api';

/**
 * SPEC §2 /register: the new_player promotions, one slide per item, turning every 5000 ms when
 * there are two or more; a slide opens the promotion's detail. Nothing when there is none.
 */
export default function RegisterCarousel({ detailPath }: { detailPath: (id: string) => string }) {
  const { t } = useTranslation('content');
  const { data } = usePromotionList('new_player');
  const slides = data?.list ?? [];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (slides.length < 2) return;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % slides.length),
      PROMOTION_CAROUSEL_AUTOPLAY_MS,
    );
    return () => clearInterval(timer);
  }, [slides.length]);
  if (slides.length === 0) return null;
  const slide = slides[index % slides.length];
  if (!slide) return null;
  return (
    <Box data-testid="register-carousel" aria-roledescription="carousel">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <UnstyledButton
          component={Link}
          to={detailPath(slide.id)}
          display="block"
          data-testid="register-slide"
          data-id={slide.id}
        >
          <AspectRatio ratio={3} pos="relative">
            {slide.bannerUrl ? (
              <img src={slide.bannerUrl} alt="" style={{ objectFit: 'cover' }} />
            ) : (
              <div />
            )}
          </AspectRatio>
          <Text fw={700} px="md" py="xs">
            {slide.title}
          </Text>
        </UnstyledButton>
      </Paper>
      {slides.length > 1 && (
        <Group gap={0} justify="center" mt={2}>
          {slides.map((item, position) => (
            // A 24 px target (WCAG 2.2 target size) around an 8 px dot.
            <UnstyledButton
              key={item.id}
              aria-label={t('show_slide', { n: position + 1 })}
              onClick={() => setIndex(position)}
              w={24}
              h={24}
              style={{ display: 'grid', placeItems: 'center' }}
            >
              <Box
                w={8}
                h={8}
                style={{
                  borderRadius: 4,
                  background:
                    position === index % slides.length
                      ? 'var(--mantine-color-blue-filled)'
                      : 'var(--mantine-color-gray-5)',
                }}
              />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Box>
  );
}

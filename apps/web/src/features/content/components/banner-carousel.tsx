import type { Banner } from '@app/contract/client';
import { Box, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBanners } from '../api/content-api';
import { useAutoplay } from '../hooks/use-autoplay';
import classes from './banner-carousel.module.css';

/** Banners are 1200 x 360: the frame keeps that shape before and after they load. */
export const BANNER_ASPECT_RATIO = '10 / 3';
const BANNER_WIDTH_PX = 1200;
const BANNER_HEIGHT_PX = 360;

function Slide({ banner, children }: { banner: Banner; children: ReactNode }) {
  if (banner.linkageType === 'url' && banner.link) {
    return (
      <Link to={banner.link} className={classes.slide}>
        {children}
      </Link>
    );
  }
  if (banner.linkageType === 'external' && banner.link) {
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer" className={classes.slide}>
        {children}
      </a>
    );
  }
  return <div className={classes.slide}>{children}</div>;
}

/** SPEC §2: the banners of a group, one at a time, moving every 5 s when there are two or more. */
export default function BannerCarousel({ groupName }: { groupName: string }) {
  const { t } = useTranslation('content');
  const { data: banners = [], isPending } = useBanners(groupName);
  const [paused, setPaused] = useState(false);
  const { index, go } = useAutoplay(banners.length, paused);
  if (isPending)
    return <Box className={classes.root} style={{ aspectRatio: BANNER_ASPECT_RATIO }} />;
  if (banners.length === 0) return null;
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('banners')}
      className={classes.root}
      style={{ aspectRatio: BANNER_ASPECT_RATIO }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="banner-carousel"
    >
      <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, position) => (
          <div
            key={banner.bannerId}
            className={classes.item}
            aria-hidden={position !== index}
            inert={position !== index}
          >
            <Slide banner={banner}>
              <img
                src={banner.url}
                alt={banner.title}
                className={classes.image}
                // The first banner is the page's largest paint (LCP): fetched first, sized
                // before it arrives (the frame's ratio), never lazy.
                width={BANNER_WIDTH_PX}
                height={BANNER_HEIGHT_PX}
                loading={position === 0 ? 'eager' : 'lazy'}
                fetchPriority={position === 0 ? 'high' : 'auto'}
              />
            </Slide>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className={classes.dots}>
          {banners.map((banner, position) => (
            <UnstyledButton
              key={banner.bannerId}
              className={classes.dot}
              data-active={position === index || undefined}
              aria-label={t('show_slide', { n: position + 1 })}
              aria-current={position === index}
              onClick={() => go(position)}
            />
          ))}
        </div>
      )}
    </Box>
  );
}

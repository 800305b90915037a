import { categoryPaths, type VendorCategory } from '@app/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useGameMenus } from '../api/games-api';
import { useGamesTexts } from '../games-texts';
import { lotteryAreaOf } from '../hooks/launch-route';
import { useCategoryEntry } from '../hooks/use-category-entry';
import classes from './game-categories-nav.module.css';

// Plain elements rather than Mantine's NavLink: sharing NavLink with this lazy chunk would split
// it out of the initial chunk, which costs the initial budget about 1 KB gzipped.

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
      className={classes.chevron}
      data-open={open || undefined}
    >
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

function CategoryEntry({ menu, onNavigate }: { menu: VendorCategory; onNavigate: () => void }) {
  const { t } = useTranslation('games');
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const enter = useCategoryEntry();
  const path = categoryPaths[menu.gameCategory];
  const here = pathname === path;
  const [open, setOpen] = useState(here);
  const page = here ? searchParams.get('page') : null;
  const label = t(`category.${menu.gameCategory}`);
  return (
    <li>
      <button
        type="button"
        className={classes.item}
        data-active={(here && !open) || undefined}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <Chevron open={open} />
      </button>
      {open && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={label}>
          <li>
            <button
              type="button"
              className={`${classes.item} ${classes.child}`}
              data-active={(here && page === null) || undefined}
              onClick={() => {
                enter(menu);
                onNavigate();
              }}
            >
              {t('all')}
            </button>
          </li>
          {menu.cards.map((card) => (
            <li key={card.vassalage}>
              <Link
                className={`${classes.item} ${classes.child}`}
                data-active={page === card.vassalage || undefined}
                aria-current={page === card.vassalage ? 'page' : undefined}
                to={
                  lotteryAreaOf(card.vassalage) ??
                  `${path}?page=${encodeURIComponent(card.vassalage)}`
                }
                onClick={onNavigate}
              >
                {card.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The left bar's game categories (SPEC §2): those with at least one vendor, each with an 'all'
 * entry and its vendors. 'All' of the lottery starts the TCG_SEA vendor's game.
 */
export default function GameCategoriesNav({ onNavigate }: { onNavigate: () => void }) {
  useGamesTexts();
  const { t } = useTranslation('games');
  const { data } = useGameMenus();
  const menus = (data ?? []).filter((menu) => menu.cards.length > 0);
  if (menus.length === 0) return null;
  return (
    <>
      <div className={classes.heading}>{t('games_nav')}</div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {menus.map((menu) => (
          <CategoryEntry key={menu.gameCategory} menu={menu} onNavigate={onNavigate} />
        ))}
      </ul>
    </>
  );
}

import type { LotteryGame, LotteryPrizeMode } from '@app/contract/client';
import { ActionIcon } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './game-menu.module.css';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface MenuSection {
  key: string;
  /** `favourites`, `recent` or a prize mode. */
  title: 'favourites' | 'recent' | LotteryPrizeMode;
  games: LotteryGame[];
}

/**
 * The page's games: the member's favourites first (SPEC §3/§4), then each prize mode. A star
 * toggles a favourite (members only; guests are asked to log in).
 */
export function GameMenu({
  sections,
  activeCode,
  favourites,
  onToggleFavourite,
  pathOf,
}: {
  sections: MenuSection[];
  activeCode: string | null;
  favourites: readonly string[];
  onToggleFavourite: (gameCode: string) => void;
  pathOf: (gameCode: string) => string;
}) {
  const { t } = useTranslation('lottery');
  return (
    <nav aria-label={t('games_menu')} data-testid="lottery-menu">
      {sections.map((section) => (
        <Fragment key={section.key}>
          <p className={classes.heading}>{t(`menu_${section.title}`)}</p>
          <ul className={classes.list}>
            {section.games.map((game) => {
              const favourite = favourites.includes(game.gameCode);
              const active = game.gameCode === activeCode;
              return (
                <li
                  key={`${section.key}-${game.gameCode}`}
                  className={classes.item}
                  data-active={active || undefined}
                >
                  <Link
                    to={pathOf(game.gameCode)}
                    className={classes.link}
                    aria-current={active ? 'page' : undefined}
                    replace
                  >
                    {game.gameName}
                  </Link>
                  <ActionIcon
                    variant="subtle"
                    color="yellow"
                    size="md"
                    aria-pressed={favourite}
                    aria-label={t(favourite ? 'favourite_remove' : 'favourite_add', {
                      name: game.gameName,
                    })}
                    title={t(favourite ? 'favourite_remove' : 'favourite_add', {
                      name: game.gameName,
                    })}
                    onClick={() => onToggleFavourite(game.gameCode)}
                  >
                    <Star filled={favourite} />
                  </ActionIcon>
                </li>
              );
            })}
          </ul>
        </Fragment>
      ))}
    </nav>
  );
}

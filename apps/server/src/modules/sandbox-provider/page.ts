import {
  DICE_DUEL_ROOMS,
  HI_LO_EDGE_BP,
  HI_LO_RANKS,
  LUCKY_WHEEL_SEGMENTS_BP,
  MULTIPLIER_ONE_BP,
} from './games.js';
import type { OpenedGame } from './service-interface.js';
import { type SandboxTexts, sandboxTexts } from './texts.js';

export const SANDBOX_PLAY_SCRIPT_PATH = '/sandbox-provider/play.js';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** JSON inside a non-executed `<script type="application/json">`: no `<` can close it. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function formatMinor(minor: bigint | number): string {
  return (Number(minor) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

const STYLE = `
  :root { color-scheme: dark; --bg: #12131f; --panel: #1d1f33; --line: #2c2f4a; --text: #eef0ff;
    --muted: #9aa0c3; --accent: #ff947a; --win: #37d39a; --lose: #ff6b81; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, 'DejaVu Sans', sans-serif; background: var(--bg); color: var(--text); }
  main { max-width: 720px; margin: 0 auto; padding: 16px; }
  header { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
  h1 { font-size: 20px; margin: 0; } .badge { font-size: 11px; font-weight: 700; letter-spacing: .06em;
    color: #8d6e00; background: #fff3bf; border-radius: 6px; padding: 2px 8px; }
  .balance { font-size: 14px; color: var(--muted); } .balance strong { color: var(--text); font-size: 20px; margin-left: 6px; }
  .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 14px; padding: 16px; margin-top: 14px; }
  .rules { color: var(--muted); font-size: 14px; margin: 6px 0 0; }
  .stage { display: flex; align-items: center; justify-content: center; gap: 28px; min-height: 270px; }
  .coin { width: 140px; height: 140px; border-radius: 50%; display: grid; place-items: center; font-size: 22px; font-weight: 800;
    background: radial-gradient(circle at 35% 30%, #ffe08a, #d4a017); color: #5a4300; border: 6px solid #b8860b; transition: transform .5s; }
  .coin.flip { transform: rotateY(720deg); }
  .wheel-box { position: relative; width: 260px; height: 260px; }
  .wheel { width: 260px; height: 260px; transition: transform 2.2s cubic-bezier(.15,.85,.25,1); }
  .pointer { position: absolute; left: 50%; top: -6px; transform: translateX(-50%); width: 0; height: 0;
    border-left: 12px solid transparent; border-right: 12px solid transparent; border-top: 22px solid var(--accent); z-index: 1; }
  .card { width: 110px; height: 156px; border-radius: 12px; background: #fff; color: #1d1f33; display: grid; place-items: center;
    font-size: 52px; font-weight: 800; box-shadow: 0 6px 20px rgba(0,0,0,.35); }
  .card.next { background: #f1f3f5; }
  .die-box { text-align: center; } .die { font-size: 96px; line-height: 1; } .die-label { color: var(--muted); font-size: 13px; }
  .controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: end; margin-top: 14px; }
  label { font-size: 13px; color: var(--muted); display: grid; gap: 4px; }
  input { font: inherit; width: 140px; padding: 10px; border-radius: 8px; border: 1px solid var(--line); background: var(--bg); color: var(--text); }
  button { font: inherit; font-weight: 700; border: 0; border-radius: 8px; padding: 11px 18px; cursor: pointer; background: var(--line); color: var(--text); }
  button.play { background: var(--accent); color: #1d1f33; min-width: 150px; font-size: 17px; padding: 13px 24px; }
  .actions { display: flex; justify-content: center; gap: 12px; margin-top: 16px; flex-wrap: wrap; }
  button:disabled { opacity: .45; cursor: not-allowed; }
  .limits { font-size: 12px; color: var(--muted); margin-top: 8px; }
  .message { min-height: 24px; margin-top: 12px; font-weight: 700; text-align: center; }
  .message.win { color: var(--win); } .message.lose { color: var(--lose); } .message.error { color: var(--lose); }
  ol { list-style: none; padding: 0; margin: 8px 0 0; font-size: 13px; }
  li { display: flex; justify-content: space-between; border-top: 1px solid var(--line); padding: 6px 0; color: var(--muted); }
  li .plus { color: var(--win); } h2 { font-size: 15px; margin: 0; }
`;

/** The wheel, drawn once on the server: 20 equal segments, the first centred under the pointer. */
function wheelSvg(): string {
  const count = LUCKY_WHEEL_SEGMENTS_BP.length;
  const colours = ['#2c2f4a', '#3b3f66', '#4c3f7a', '#27507a'];
  const step = (2 * Math.PI) / count;
  const parts = LUCKY_WHEEL_SEGMENTS_BP.map((multiplierBp, index) => {
    const start = index * step - step / 2 - Math.PI / 2;
    const end = start + step;
    const point = (angle: number, radius: number) =>
      `${(100 + radius * Math.cos(angle)).toFixed(2)} ${(100 + radius * Math.sin(angle)).toFixed(2)}`;
    const middle = start + step / 2;
    const fill = multiplierBp === 0 ? '#1a1c2e' : (colours[index % colours.length] ?? '#2c2f4a');
    const label = multiplierBp === 0 ? '0' : `${multiplierBp / MULTIPLIER_ONE_BP}x`;
    const labelAt = point(middle, 74).split(' ');
    const rotation = ((middle * 180) / Math.PI + 90).toFixed(1);
    return `<path d="M100 100 L${point(start, 98)} A98 98 0 0 1 ${point(end, 98)} Z" fill="${fill}" stroke="#12131f" stroke-width="1"/>
<text x="${labelAt[0]}" y="${labelAt[1]}" fill="#eef0ff" font-size="9" font-weight="700" text-anchor="middle" dominant-baseline="middle" transform="rotate(${rotation} ${labelAt[0]} ${labelAt[1]})">${label}</text>`;
  });
  return `<svg class="wheel" id="wheel" viewBox="0 0 200 200" role="img" aria-label="wheel">${parts.join('')}<circle cx="100" cy="100" r="16" fill="#ff947a"/></svg>`;
}

const CARD_NAMES = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function stageOf(game: OpenedGame, texts: SandboxTexts): string {
  switch (game.game) {
    case 'coin-flip':
      return `<div class="stage"><div class="coin" id="coin">?</div></div>`;
    case 'lucky-wheel':
      return `<div class="stage"><div class="wheel-box"><div class="pointer"></div>${wheelSvg()}</div></div>`;
    case 'hi-lo':
      return `<div class="stage"><div class="die-box"><div class="card next" id="previous-card">–</div><div class="die-label">${escapeHtml(texts.previousCard)}</div></div>
<div class="die-box"><div class="card" id="card">${CARD_NAMES[game.hiLoCard ?? 0] ?? '?'}</div><div class="die-label">${escapeHtml(texts.card)}</div></div></div>`;
    case 'dice-duel':
      return `<div class="stage"><div class="die-box"><div class="die" id="player-die">⚀</div><div class="die-label">${escapeHtml(texts.you)}</div></div>
<div class="die-box"><div class="die" id="house-die">⚀</div><div class="die-label">${escapeHtml(texts.house)}</div></div></div>`;
  }
}

function actionsOf(game: OpenedGame, texts: SandboxTexts): string {
  const button = (pick: string, text: string, extra = '') =>
    `<button class="play" type="button" data-pick="${pick}"${extra}>${escapeHtml(text)}</button>`;
  switch (game.game) {
    case 'coin-flip':
      return button('heads', texts.heads) + button('tails', texts.tails);
    case 'lucky-wheel':
      return button('spin', texts.spin);
    case 'hi-lo':
      return `${button('higher', texts.higher)}${button('lower', texts.lower)}`;
    case 'dice-duel':
      return button('roll', texts.roll);
  }
}

/**
 * The play page: server-rendered HTML, its texts in the page's language, and one script served
 * from this origin (`script-src 'self'`); its settings travel in a JSON data block, which the
 * content security policy does not treat as a script.
 */
export function renderPlayPage(game: OpenedGame): string {
  const texts = sandboxTexts[game.language];
  const room = DICE_DUEL_ROOMS.find((candidate) => candidate.roomId === game.roomId);
  const roomLine =
    game.game === 'dice-duel'
      ? ` · ${escapeHtml(texts.room)} ${escapeHtml(room?.name ?? DICE_DUEL_ROOMS[0]?.name ?? '')}`
      : '';
  const config = {
    token: game.token,
    game: game.game,
    language: game.language,
    currency: game.currency,
    balanceMinor: game.balanceMinor,
    minBetMinor: Number(game.limits.minBetMinor),
    maxBetMinor: Number(game.limits.maxBetMinor),
    hiLoCard: game.hiLoCard,
    hiLo: { ranks: HI_LO_RANKS, edgeBp: HI_LO_EDGE_BP },
    wheelSegments: LUCKY_WHEEL_SEGMENTS_BP.length,
    texts: {
      won: texts.won,
      lost: texts.lost,
      push: texts.push,
      pending: texts.pending,
      playing: texts.playing,
      noRounds: texts.noRounds,
      games: texts.games,
      heads: texts.heads,
      tails: texts.tails,
      higher: texts.higher,
      lower: texts.lower,
      errors: texts.errors,
    },
  };
  return `<!doctype html><html lang="${game.language === 'VI' ? 'vi' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.games[game.game])} · ${escapeHtml(texts.title)}</title><style>${STYLE}</style></head>
<body><main>
<header><div><span class="badge">${escapeHtml(texts.sandboxBadge)}</span><h1>${escapeHtml(texts.games[game.game])}</h1></div>
<div class="balance">${escapeHtml(texts.balance)}<strong id="balance">${formatMinor(game.balanceMinor)}</strong> ${escapeHtml(game.currency)}</div></header>
<p class="rules">${escapeHtml(texts.rules[game.game])}</p>
<section class="panel">${stageOf(game, texts)}
<div class="message" id="message" role="status" aria-live="polite"></div>
<div class="controls">
<label>${escapeHtml(texts.stake)} (${escapeHtml(game.currency)})<input id="stake" type="number" inputmode="decimal" step="0.01" min="${formatMinor(game.limits.minBetMinor).replaceAll(',', '')}" max="${formatMinor(game.limits.maxBetMinor).replaceAll(',', '')}" value="${formatMinor(game.limits.minBetMinor).replaceAll(',', '')}"></label>
<button type="button" data-stake="half">${escapeHtml(texts.half)}</button><button type="button" data-stake="double">${escapeHtml(texts.double)}</button>
<button type="button" data-stake="min">${escapeHtml(texts.min)}</button><button type="button" data-stake="max">${escapeHtml(texts.max)}</button>
</div>
<div class="actions">${actionsOf(game, texts)}</div>
<div class="limits">${escapeHtml(texts.limits)}: ${formatMinor(game.limits.minBetMinor)} – ${formatMinor(game.limits.maxBetMinor)} ${escapeHtml(game.currency)}${roomLine}</div>
</section>
<section class="panel"><h2>${escapeHtml(texts.history)}</h2><ol id="history"><li>${escapeHtml(texts.noRounds)}</li></ol></section>
</main>
<script type="application/json" id="sandbox-config">${jsonForHtml(config)}</script>
<script src="${SANDBOX_PLAY_SCRIPT_PATH}" defer></script>
</body></html>`;
}

/** The page shown when the game cannot open (bad link, platform down): no script at all. */
export function renderErrorPage(language: 'EN' | 'VI', code: keyof SandboxTexts['errors']): string {
  const texts = sandboxTexts[language];
  return `<!doctype html><html lang="${language === 'VI' ? 'vi' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title><style>${STYLE}</style></head>
<body><main><span class="badge">${escapeHtml(texts.sandboxBadge)}</span>
<section class="panel"><p class="message error" id="message">${escapeHtml(texts.errors[code])}</p>
<p class="rules">${escapeHtml(texts.closeHint)}</p></section></main></body></html>`;
}

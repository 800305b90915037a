/**
 * Icons of the demo catalogue, drawn as small SVGs and served as data URLs (no network, no
 * files; the CSP already allows `data:` images). 200 x 200, one picture per game.
 */

function dataUrl(body: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="200" height="200" rx="28" fill="url(#b)"/>${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A gold coin with a star, half turned. */
export const coinFlipIcon = dataUrl(
  '<ellipse cx="100" cy="104" rx="62" ry="62" fill="#b7791f"/><ellipse cx="100" cy="98" rx="62" ry="62" fill="#f6c343"/><ellipse cx="100" cy="98" rx="48" ry="48" fill="none" stroke="#b7791f" stroke-width="5"/><path d="M100 66l9 20 22 2-17 14 5 21-19-11-19 11 5-21-17-14 22-2z" fill="#b7791f"/>',
  '#1e3a8a',
  '#3b82f6',
);

/** A wheel of eight coloured slices under a pointer. */
export const luckyWheelIcon = (() => {
  const colours = [
    '#ef4444',
    '#f59e0b',
    '#10b981',
    '#3b82f6',
    '#8b5cf6',
    '#ec4899',
    '#14b8a6',
    '#eab308',
  ];
  const slices = colours
    .map((colour, index) => {
      const from = (index * Math.PI) / 4;
      const to = ((index + 1) * Math.PI) / 4;
      const point = (angle: number) =>
        `${(100 + 66 * Math.cos(angle)).toFixed(1)} ${(106 + 66 * Math.sin(angle)).toFixed(1)}`;
      return `<path d="M100 106L${point(from)}A66 66 0 0 1 ${point(to)}z" fill="${colour}"/>`;
    })
    .join('');
  return dataUrl(
    `<circle cx="100" cy="106" r="72" fill="#fff"/>${slices}<circle cx="100" cy="106" r="12" fill="#fff"/><path d="M88 24h24l-12 26z" fill="#fff"/>`,
    '#581c87',
    '#a855f7',
  );
})();

/** A playing card with an arrow up and an arrow down. */
export const hiLoIcon = dataUrl(
  '<rect x="58" y="34" width="84" height="122" rx="10" fill="#fff"/><text x="100" y="112" font-family="Arial,Helvetica,sans-serif" font-size="52" font-weight="700" fill="#dc2626" text-anchor="middle">7</text><path d="M100 14l18 16h-36z" fill="#22c55e"/><path d="M100 186l18-16h-36z" fill="#f97316"/>',
  '#064e3b',
  '#10b981',
);

/** Two dice facing each other. */
export const diceDuelIcon = (() => {
  const pips = (cx: number, cy: number, points: [number, number][]) =>
    points.map(([x, y]) => `<circle cx="${cx + x}" cy="${cy + y}" r="6" fill="#111827"/>`).join('');
  return dataUrl(
    `<rect x="22" y="58" width="72" height="72" rx="12" fill="#fff" transform="rotate(-12 58 94)"/>${pips(
      58,
      94,
      [
        [-18, -18],
        [0, 0],
        [18, 18],
      ],
    )}<rect x="106" y="70" width="72" height="72" rx="12" fill="#fff" transform="rotate(12 142 106)"/>${pips(
      142,
      106,
      [
        [-18, -18],
        [18, -18],
        [-18, 18],
        [18, 18],
      ],
    )}`,
    '#7f1d1d',
    '#ef4444',
  );
})();

/** A green card table with three cards fanned out. */
export const tableGamesIcon = dataUrl(
  '<ellipse cx="100" cy="118" rx="78" ry="50" fill="#166534" stroke="#92400e" stroke-width="8"/><rect x="62" y="60" width="40" height="58" rx="6" fill="#fff" transform="rotate(-16 82 89)"/><rect x="80" y="54" width="40" height="58" rx="6" fill="#fff"/><rect x="98" y="60" width="40" height="58" rx="6" fill="#fff" transform="rotate(16 118 89)"/><text x="100" y="92" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#111827" text-anchor="middle">A</text>',
  '#0f172a',
  '#334155',
);

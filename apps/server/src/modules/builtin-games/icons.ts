/**
 * Icons of the built-in games: small SVGs served as data URLs (no files, no network; the CSP
 * allows `data:` images). 200 x 200 on a gradient, one picture per game.
 */

function dataUrl(body: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="200" height="200" rx="28" fill="url(#b)"/>${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const font = 'font-family="Arial,Helvetica,sans-serif" font-weight="700" text-anchor="middle"';

/** A jade dragon's coil and pearl. */
export const jadeDragonIcon = dataUrl(
  `<path d="M40 140c20-60 80-70 100-40s-30 50-50 30 10-50 40-40" fill="none" stroke="#34d399" stroke-width="14" stroke-linecap="round"/><circle cx="142" cy="58" r="16" fill="#fde68a"/><text x="100" y="182" ${font} font-size="22" fill="#fef3c7">JADE</text>`,
  '#064e3b',
  '#b45309',
);

/** Three neon fruits. */
export const neonFruitsIcon = dataUrl(
  `<circle cx="62" cy="112" r="26" fill="#f43f5e"/><circle cx="138" cy="112" r="26" fill="#facc15"/><circle cx="100" cy="78" r="26" fill="#a3e635"/><path d="M100 52q6-18 20-22" stroke="#22c55e" stroke-width="6" fill="none"/><text x="100" y="178" ${font} font-size="22" fill="#f0abfc">NEON</text>`,
  '#1e1b4b',
  '#db2777',
);

/** A die showing five. */
export const diceIcon = dataUrl(
  `<rect x="50" y="50" width="100" height="100" rx="18" fill="#fff"/>${[
    [75, 75],
    [125, 75],
    [100, 100],
    [75, 125],
    [125, 125],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="#111827"/>`)
    .join('')}`,
  '#1e3a8a',
  '#06b6d4',
);

/** A grid of tiles with one mine and two gems. */
export const minesIcon = dataUrl(
  `${[0, 1, 2]
    .flatMap((row) =>
      [0, 1, 2].map(
        (col) =>
          `<rect x="${38 + col * 44}" y="${38 + row * 44}" width="36" height="36" rx="6" fill="#334155"/>`,
      ),
    )
    .join(
      '',
    )}<circle cx="100" cy="100" r="13" fill="#ef4444"/><path d="M56 50l10 10-10 10-10-10z" fill="#22d3ee"/><path d="M144 138l10 10-10 10-10-10z" fill="#22d3ee"/>`,
  '#0f172a',
  '#475569',
);

/** A triangle of pegs and a falling ball. */
export const plinkoIcon = dataUrl(
  `${[1, 2, 3, 4, 5]
    .flatMap((row) =>
      Array.from(
        { length: row },
        (_, i) =>
          `<circle cx="${100 - (row - 1) * 14 + i * 28}" cy="${40 + row * 24}" r="4" fill="#e2e8f0"/>`,
      ),
    )
    .join('')}<circle cx="114" cy="100" r="9" fill="#f472b6"/>`,
  '#4c1d95',
  '#7c3aed',
);

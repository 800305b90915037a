import type { ReactNode } from 'react';

/**
 * The symbols as inline SVG (no image files): simple shapes in a 100x100 box, each game's set
 * in its own style. Unknown ids draw a plain tile, so new data never breaks the board.
 */
const label = (text: string, fill: string, size = 26, y = 60) => (
  <text
    x="50"
    y={y}
    textAnchor="middle"
    fontSize={size}
    fontWeight="800"
    fontFamily="inherit"
    fill={fill}
    stroke="#0008"
    strokeWidth="1"
  >
    {text}
  </text>
);

const art: Record<string, ReactNode> = {
  // Jade Dragon: gold, jade and red on dark green.
  dragon: (
    <>
      <polygon
        points="50,6 90,28 90,72 50,94 10,72 10,28"
        fill="#c9961a"
        stroke="#ffe38a"
        strokeWidth="4"
      />
      {label('WILD', '#fff6d6', 24)}
    </>
  ),
  pearl: (
    <>
      <defs>
        <radialGradient id="pearl-shine" cx="35%" cy="35%" r="65%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="60%" stopColor="#e6e2f4" />
          <stop offset="100%" stopColor="#9c93c4" />
        </radialGradient>
      </defs>
      <circle cx="50" cy="50" r="38" fill="url(#pearl-shine)" stroke="#e0b84c" strokeWidth="4" />
      {label('FREE', '#5a3f8c', 20, 57)}
    </>
  ),
  phoenix: (
    <>
      <path
        d="M50 8 C70 30 88 40 80 66 C74 86 58 92 50 92 C42 92 26 86 20 66 C12 40 30 30 50 8Z"
        fill="#d7362b"
        stroke="#ffb347"
        strokeWidth="4"
      />
      <path d="M50 30 C60 45 66 55 60 70 C56 78 44 78 40 70 C34 55 40 45 50 30Z" fill="#ffb347" />
    </>
  ),
  tiger: (
    <>
      <circle cx="50" cy="52" r="38" fill="#f08a1c" stroke="#2b1606" strokeWidth="4" />
      <path
        d="M30 30 L42 44 M70 30 L58 44 M22 56 L38 56 M78 56 L62 56 M50 20 L50 36"
        stroke="#2b1606"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="40" cy="52" r="4" fill="#2b1606" />
      <circle cx="60" cy="52" r="4" fill="#2b1606" />
    </>
  ),
  koi: (
    <>
      <ellipse cx="44" cy="50" rx="32" ry="20" fill="#ff6b3d" stroke="#fff" strokeWidth="4" />
      <polygon points="72,50 94,30 94,70" fill="#ff6b3d" stroke="#fff" strokeWidth="4" />
      <circle cx="28" cy="46" r="4" fill="#1b1b1b" />
      <circle cx="48" cy="44" r="6" fill="#fff" />
    </>
  ),
  lantern: (
    <>
      <rect x="46" y="6" width="8" height="10" fill="#e0b84c" />
      <ellipse cx="50" cy="52" rx="32" ry="36" fill="#c8202c" stroke="#e0b84c" strokeWidth="4" />
      <path
        d="M50 16 V88 M30 24 Q18 52 30 80 M70 24 Q82 52 70 80"
        stroke="#e0b84c"
        strokeWidth="3"
        fill="none"
      />
    </>
  ),
  jade: (
    <>
      <polygon
        points="50,8 86,36 72,90 28,90 14,36"
        fill="#2fae7a"
        stroke="#b6f5d6"
        strokeWidth="4"
      />
      <polygon points="50,22 70,40 62,76 38,76 30,40" fill="#5fd6a0" />
    </>
  ),
  lotus: (
    <>
      <ellipse cx="50" cy="56" rx="12" ry="32" fill="#f7a1c4" stroke="#fff" strokeWidth="3" />
      <ellipse
        cx="50"
        cy="56"
        rx="12"
        ry="32"
        fill="#f48fb8"
        stroke="#fff"
        strokeWidth="3"
        transform="rotate(-40 50 80)"
      />
      <ellipse
        cx="50"
        cy="56"
        rx="12"
        ry="32"
        fill="#f48fb8"
        stroke="#fff"
        strokeWidth="3"
        transform="rotate(40 50 80)"
      />
      <rect x="20" y="84" width="60" height="6" rx="3" fill="#2fae7a" />
    </>
  ),
  fan: (
    <>
      <path
        d="M50 86 L10 40 A54 54 0 0 1 90 40 Z"
        fill="#3f6fd8"
        stroke="#e0b84c"
        strokeWidth="4"
      />
      <path d="M50 86 L30 28 M50 86 L50 22 M50 86 L70 28" stroke="#e0b84c" strokeWidth="3" />
    </>
  ),
  coin: (
    <>
      <circle cx="50" cy="50" r="38" fill="#d9a92a" stroke="#fff1b0" strokeWidth="4" />
      <rect x="40" y="40" width="20" height="20" fill="#0b2a20" />
    </>
  ),
  // Neon Fruits: bright outlines that glow on the dark cabinet.
  wild7: (
    <>
      <rect
        x="8"
        y="8"
        width="84"
        height="84"
        rx="16"
        fill="#2b0a3d"
        stroke="#ff3df2"
        strokeWidth="5"
      />
      {label('7', '#ffe600', 62, 74)}
      {label('WILD', '#24f0ff', 14, 92)}
    </>
  ),
  disco: (
    <>
      <circle cx="50" cy="50" r="38" fill="#9aa4c8" stroke="#24f0ff" strokeWidth="5" />
      <path
        d="M12 50 H88 M50 12 V88 M20 30 H80 M20 70 H80 M30 18 V82 M70 18 V82"
        stroke="#e9f9ff"
        strokeWidth="2"
      />
      {label('FREE', '#1a0633', 18, 57)}
    </>
  ),
  bar: (
    <>
      <rect
        x="8"
        y="30"
        width="84"
        height="40"
        rx="8"
        fill="#111"
        stroke="#24f0ff"
        strokeWidth="5"
      />
      {label('BAR', '#24f0ff', 28, 61)}
    </>
  ),
  bell: (
    <>
      <path
        d="M50 12 C30 12 24 32 24 50 L16 76 H84 L76 50 C76 32 70 12 50 12Z"
        fill="#ffd21f"
        stroke="#fff6a8"
        strokeWidth="4"
      />
      <circle cx="50" cy="82" r="8" fill="#ff9f1c" />
    </>
  ),
  melon: (
    <>
      <path d="M8 36 A42 42 0 0 0 92 36 Z" fill="#ff3b5c" stroke="#39ff6a" strokeWidth="7" />
      <circle cx="36" cy="48" r="3" fill="#111" />
      <circle cx="50" cy="56" r="3" fill="#111" />
      <circle cx="64" cy="48" r="3" fill="#111" />
    </>
  ),
  grape: (
    <>
      {[
        [36, 32],
        [56, 32],
        [46, 48],
        [66, 48],
        [26, 48],
        [36, 64],
        [56, 64],
        [46, 80],
      ].map(([cx, cy]) => (
        <circle
          key={`${cx}-${cy}`}
          cx={cx}
          cy={cy}
          r="11"
          fill="#9b4dff"
          stroke="#e2c8ff"
          strokeWidth="2"
        />
      ))}
    </>
  ),
  plum: (
    <>
      <circle cx="50" cy="54" r="34" fill="#b0218f" stroke="#ff8ae6" strokeWidth="4" />
      <path d="M50 20 Q58 8 70 10" stroke="#39ff6a" strokeWidth="5" fill="none" />
    </>
  ),
  orange: (
    <>
      <circle cx="50" cy="52" r="36" fill="#ff8c1a" stroke="#ffd08a" strokeWidth="4" />
      <ellipse cx="60" cy="16" rx="10" ry="5" fill="#39ff6a" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="50" cy="50" rx="40" ry="28" fill="#f4ff3a" stroke="#fffbb0" strokeWidth="4" />
    </>
  ),
  cherry: (
    <>
      <path
        d="M34 70 Q40 30 62 14 M66 66 Q62 36 62 14"
        stroke="#39ff6a"
        strokeWidth="5"
        fill="none"
      />
      <circle cx="32" cy="70" r="16" fill="#ff1f4b" stroke="#ffb0c0" strokeWidth="3" />
      <circle cx="66" cy="68" r="16" fill="#ff1f4b" stroke="#ffb0c0" strokeWidth="3" />
    </>
  ),
};

export function SlotSymbol({ id, title }: { id: string; title: string }) {
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={title} width="100%" height="100%">
      <title>{title}</title>
      {art[id] ?? <rect x="10" y="10" width="80" height="80" rx="12" fill="#888" />}
    </svg>
  );
}

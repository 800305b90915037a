/**
 * Draws the installable app's icons (PNG 192 and 512, plain and maskable) into public/icons.
 * Run once after a design change: `npx tsx apps/web/scripts/make-icons.ts`; the PNGs are
 * committed, so builds need no canvas.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BACKGROUND_TOP = '#2b2d52';
const BACKGROUND_BOTTOM = '#14152a';
const GOLD = '#f5b700';
/** Maskable icons keep their drawing inside the central 80% (the platform may crop the rest). */
const MASKABLE_SAFE_SCALE = 0.72;

function draw(size: number, maskable: boolean): Buffer {
  const canvas = createCanvas(size, size);
  const g = canvas.getContext('2d');
  const gradient = g.createLinearGradient(0, 0, 0, size);
  gradient.addColorStop(0, BACKGROUND_TOP);
  gradient.addColorStop(1, BACKGROUND_BOTTOM);
  g.fillStyle = gradient;
  if (maskable) {
    g.fillRect(0, 0, size, size);
  } else {
    const radius = size * 0.22;
    g.beginPath();
    g.roundRect(0, 0, size, size, radius);
    g.fill();
  }
  const scale = maskable ? MASKABLE_SAFE_SCALE : 0.86;
  const centre = size / 2;
  const ring = (size * scale) / 2;
  // A gold chip: ring, notches, and a play triangle in the middle.
  g.strokeStyle = GOLD;
  g.lineWidth = ring * 0.16;
  g.beginPath();
  g.arc(centre, centre, ring * 0.78, 0, Math.PI * 2);
  g.stroke();
  g.lineWidth = ring * 0.1;
  for (let i = 0; i < 8; i += 1) {
    const angle = (i * Math.PI) / 4;
    g.beginPath();
    g.moveTo(centre + Math.cos(angle) * ring * 0.9, centre + Math.sin(angle) * ring * 0.9);
    g.lineTo(centre + Math.cos(angle) * ring, centre + Math.sin(angle) * ring);
    g.stroke();
  }
  g.fillStyle = GOLD;
  g.beginPath();
  const t = ring * 0.42;
  g.moveTo(centre - t * 0.7, centre - t);
  g.lineTo(centre + t * 1.05, centre);
  g.lineTo(centre - t * 0.7, centre + t);
  g.closePath();
  g.fill();
  return canvas.toBuffer('image/png');
}

for (const size of [192, 512]) {
  writeFileSync(path.join(outDir, `icon-${size}.png`), draw(size, false));
  writeFileSync(path.join(outDir, `maskable-${size}.png`), draw(size, true));
}
// Apple touch icon: iOS rounds corners itself, so the full-bleed drawing.
writeFileSync(path.join(outDir, 'apple-touch-icon.png'), draw(180, true));
console.log(`icons written to ${outDir}`);

import { randomInt } from 'node:crypto';
import { CAPTCHA_LENGTH } from '@app/contract';
import { createCanvas } from '@napi-rs/canvas';
import { serverFontFamily } from '../../images/server-font.js';

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
const NOISE_LINES = 5;
const NOISE_DOTS = 40;

/** Digits only, so the answer fits the usual `captcha` registration rule (pattern 6). */
export function randomCaptchaAnswer(length = CAPTCHA_LENGTH): string {
  let answer = '';
  for (let index = 0; index < length; index += 1) answer += String(randomInt(10));
  return answer;
}

function randomColor(min: number, max: number): string {
  return `rgb(${randomInt(min, max)},${randomInt(min, max)},${randomInt(min, max)})`;
}

/** The answer drawn as a PNG: tilted dark digits on a light ground, crossed by noise lines. */
export function drawCaptcha(answer: string): Buffer {
  const fontFamily = serverFontFamily();
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = randomColor(225, 256);
  context.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  for (let dot = 0; dot < NOISE_DOTS; dot += 1) {
    context.fillStyle = randomColor(120, 220);
    context.fillRect(randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), 2, 2);
  }

  const step = CAPTCHA_WIDTH / (answer.length + 1);
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  [...answer].forEach((character, index) => {
    context.save();
    context.translate(step * (index + 1), CAPTCHA_HEIGHT / 2 + randomInt(-3, 4));
    context.rotate((randomInt(-25, 26) * Math.PI) / 180);
    context.font = `bold ${randomInt(24, 30)}px ${fontFamily}`;
    context.fillStyle = randomColor(10, 110);
    context.fillText(character, 0, 0);
    context.restore();
  });

  for (let line = 0; line < NOISE_LINES; line += 1) {
    context.strokeStyle = randomColor(60, 180);
    context.lineWidth = 1 + randomInt(2);
    context.beginPath();
    context.moveTo(randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT));
    context.bezierCurveTo(
      randomInt(CAPTCHA_WIDTH),
      randomInt(CAPTCHA_HEIGHT),
      randomInt(CAPTCHA_WIDTH),
      randomInt(CAPTCHA_HEIGHT),
      randomInt(CAPTCHA_WIDTH),
      randomInt(CAPTCHA_HEIGHT),
    );
    context.stroke();
  }
  return canvas.toBuffer('image/png');
}

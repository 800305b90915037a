import type { GameSound, GameSoundEffect } from './game-client-types';

/** One tone of an effect: frequency (Hz), start and length (seconds), wave. */
interface Tone {
  frequencyHz: number;
  startS: number;
  lengthS: number;
  wave: OscillatorType;
}

/** Loudness of every effect (0..1): sounds accompany play, they never shout. */
const MASTER_GAIN = 0.08;

const tones: Record<GameSoundEffect, Tone[]> = {
  click: [{ frequencyHz: 880, startS: 0, lengthS: 0.04, wave: 'square' }],
  spin: [{ frequencyHz: 220, startS: 0, lengthS: 0.25, wave: 'sawtooth' }],
  reelStop: [{ frequencyHz: 160, startS: 0, lengthS: 0.06, wave: 'triangle' }],
  win: [
    { frequencyHz: 660, startS: 0, lengthS: 0.1, wave: 'sine' },
    { frequencyHz: 880, startS: 0.1, lengthS: 0.15, wave: 'sine' },
  ],
  bigWin: [
    { frequencyHz: 523, startS: 0, lengthS: 0.12, wave: 'sine' },
    { frequencyHz: 659, startS: 0.12, lengthS: 0.12, wave: 'sine' },
    { frequencyHz: 784, startS: 0.24, lengthS: 0.12, wave: 'sine' },
    { frequencyHz: 1047, startS: 0.36, lengthS: 0.3, wave: 'sine' },
  ],
  lose: [{ frequencyHz: 196, startS: 0, lengthS: 0.2, wave: 'triangle' }],
  reveal: [{ frequencyHz: 1200, startS: 0, lengthS: 0.06, wave: 'sine' }],
  explode: [{ frequencyHz: 70, startS: 0, lengthS: 0.4, wave: 'sawtooth' }],
  drop: [{ frequencyHz: 500, startS: 0, lengthS: 0.05, wave: 'triangle' }],
  bounce: [{ frequencyHz: 1400, startS: 0, lengthS: 0.02, wave: 'square' }],
  cashOut: [
    { frequencyHz: 988, startS: 0, lengthS: 0.08, wave: 'sine' },
    { frequencyHz: 1319, startS: 0.08, lengthS: 0.2, wave: 'sine' },
  ],
};

/**
 * The shell's sounds, synthesised with Web Audio (no files to load). The audio context starts
 * on the first sound after a tap (browsers allow nothing earlier); muted, nothing plays.
 */
export function createGameSound(isMuted: () => boolean): GameSound {
  let context: AudioContext | null = null;
  return {
    play(effect) {
      if (isMuted() || typeof window === 'undefined' || !('AudioContext' in window)) return;
      try {
        context ??= new AudioContext();
        const startAt = context.currentTime;
        for (const tone of tones[effect]) {
          const oscillator = context.createOscillator();
          const gain = context.createGain();
          oscillator.type = tone.wave;
          oscillator.frequency.value = tone.frequencyHz;
          gain.gain.setValueAtTime(MASTER_GAIN, startAt + tone.startS);
          gain.gain.exponentialRampToValueAtTime(0.0001, startAt + tone.startS + tone.lengthS);
          oscillator.connect(gain).connect(context.destination);
          oscillator.start(startAt + tone.startS);
          oscillator.stop(startAt + tone.startS + tone.lengthS);
        }
      } catch {
        // No audio on this device: play silently.
      }
    },
  };
}

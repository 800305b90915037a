import { afterEach, describe, expect, it, vi } from 'vitest';
import { readGameSession, readMuted, writeGameSession, writeMuted } from './game-session-store';
import { createGameSound } from './game-sound';

describe('the play shell keeps', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it('one game session per game in sessionStorage, forgotten on demand', () => {
    writeGameSession('inh-dice', 'session-a');
    writeGameSession('inh-mines', 'session-b');
    expect(readGameSession('inh-dice')).toBe('session-a');
    expect(readGameSession('inh-mines')).toBe('session-b');
    writeGameSession('inh-dice', null);
    expect(readGameSession('inh-dice')).toBeNull();
  });

  it('the mute switch across visits (off by default)', () => {
    expect(readMuted()).toBe(false);
    writeMuted(true);
    expect(readMuted()).toBe(true);
    writeMuted(false);
    expect(readMuted()).toBe(false);
  });
});

describe('game sounds', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('make no audio while muted, and tones through Web Audio when not', () => {
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: 'sine',
          frequency: { value: 0 },
          connect: (node: unknown) => node,
          start: () => started.push(1),
          stop: () => {},
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
          connect: (node: unknown) => node,
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    let muted = true;
    const sound = createGameSound(() => muted);
    sound.play('win');
    expect(started).toHaveLength(0);
    muted = false;
    sound.play('win');
    expect(started).toHaveLength(2);
    sound.play('click');
    expect(started).toHaveLength(3);
  });
});

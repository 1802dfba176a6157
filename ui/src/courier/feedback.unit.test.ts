import { describe, expect, it } from '@jest/globals';
import { signalScan } from './feedback';

describe('a sound and a vibration per scan (issue 42)', () => {
  const device = () => {
    const calls: { vibrate: number[][]; tones: { hz: number; from: number; to: number }[] } = {
      vibrate: [],
      tones: [],
    };
    const oscillator = () => {
      const tone = { hz: 0, from: -1, to: -1 };
      calls.tones.push(tone);
      return {
        frequency: {
          set value(hz: number) {
            tone.hz = hz;
          },
        },
        connect: () => undefined,
        start: (t: number) => void (tone.from = t),
        stop: (t: number) => void (tone.to = t),
      };
    };
    const audio = { createOscillator: oscillator, currentTime: 10, destination: {} };
    return {
      calls,
      device: {
        vibrate: (p: number[]) => (calls.vibrate.push(p), true),
        audio: () => audio as unknown as AudioContext,
      },
    };
  };

  it('a scan that moved: one short buzz and a high beep; a warning: three buzzes and a low tone', () => {
    const ok = device();
    signalScan(null, ok.device);
    expect(ok.calls.vibrate).toEqual([[60]]);
    expect(ok.calls.tones).toEqual([{ hz: 880, from: 10, to: 10.12 }]);
    const warned = device();
    signalScan('duplicate', warned.device);
    expect(warned.calls.vibrate).toEqual([[90, 60, 90, 60, 90]]);
    expect(warned.calls.tones[0]).toMatchObject({ hz: 220 });
  });

  it('a phone without vibration or audio scans in silence', () => {
    expect(() => signalScan(null, {})).not.toThrow();
    expect(() =>
      signalScan('final', {
        vibrate: () => {
          throw new Error('no gesture');
        },
        audio: () => {
          throw new Error('no output');
        },
      }),
    ).not.toThrow();
  });
});

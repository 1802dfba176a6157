/**
 * A sound and a vibration per scan (issue 42 part 2): one short high beep and buzz when the scan
 * moved its packages, three buzzes and a low tone when it came back with a warning, so a courier
 * scanning a stack hears the odd one without looking. Both are best effort: a phone without
 * vibration or audio scans in silence.
 */
export const scanSignal = (warning: string | null) =>
  warning
    ? { vibration: [90, 60, 90, 60, 90], tone: 220, ms: 350 }
    : { vibration: [60], tone: 880, ms: 120 };

interface Device {
  vibrate?: (pattern: number[]) => boolean;
  audio?: () => Pick<AudioContext, 'createOscillator' | 'currentTime' | 'destination'>;
}

let context: AudioContext | null = null;
const browserDevice = (): Device => ({
  vibrate: typeof navigator.vibrate === 'function' ? (p) => navigator.vibrate(p) : undefined,
  audio: typeof AudioContext === 'function' ? () => (context ??= new AudioContext()) : undefined,
});

export function signalScan(warning: string | null, device: Device = browserDevice()): void {
  const signal = scanSignal(warning);
  try {
    device.vibrate?.(signal.vibration);
  } catch {
    // Vibration refused (no user gesture yet): the sound and the message remain.
  }
  try {
    const audio = device.audio?.();
    if (!audio) return;
    const tone = audio.createOscillator();
    tone.frequency.value = signal.tone;
    tone.connect(audio.destination);
    tone.start(audio.currentTime);
    tone.stop(audio.currentTime + signal.ms / 1000);
  } catch {
    // No audio output: the vibration and the message remain.
  }
}

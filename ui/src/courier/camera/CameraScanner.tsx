import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { codeOfFrame, loadDecoder, type Decoder } from './decoder';
import { cameraProblem } from './problems';
import { RepeatFilter } from './repeats';

/** How often a frame is read (ms after the last read finished): ~4 a second spares the battery. */
const FRAME_INTERVAL_MS = 250;

type CameraState = 'off' | 'starting' | 'on' | ReturnType<typeof cameraProblem>;

/**
 * The phone's camera as a scanner (issue 42 part 2, docs/decisions/0073-camera-scanning.md): the
 * back camera in a video element, a frame read ~4 times a second, each code found given to
 * `onCode` once (the same code again within two seconds is the same scan), one at a time in the
 * order read. A camera refused or missing says so; the typed entry beside it stays.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => Promise<void> }) {
  const translate = useTranslate();
  const [state, setState] = useState<CameraState>('off');
  const [decoderKind, setDecoderKind] = useState<Decoder['kind'] | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(onCode);
  latest.current = onCode;
  // Scans are sent one after another, in the order the camera read them.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  useEffect(() => stop, [stop]);

  const read = (decoder: Decoder, repeats: RepeatFilter) => {
    const element = video.current;
    if (!stream.current || !element) return;
    const next = () => {
      if (stream.current) timer.current = window.setTimeout(tick, FRAME_INTERVAL_MS);
    };
    const tick = () => {
      if (element.readyState < element.HAVE_CURRENT_DATA || element.videoWidth === 0) return next();
      decoder
        .detect(element)
        .then((found) => {
          const code = codeOfFrame(found);
          if (code !== null && repeats.accept(code, performance.now()))
            queue.current = queue.current.then(() => latest.current(code)).catch(() => {});
        })
        // A frame that fails to decode is skipped: the next one is a quarter second away.
        .catch(() => {})
        .finally(next);
    };
    tick();
  };

  const start = async () => {
    setState('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia)
        throw Object.assign(new Error('no camera'), { name: 'NotFoundError' });
      const media = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
      });
      stream.current = media;
      const decoder = await loadDecoder();
      setDecoderKind(decoder.kind);
      const element = video.current!;
      element.srcObject = media;
      await element.play();
      setState('on');
      read(decoder, new RepeatFilter());
    } catch (err) {
      stop();
      setState(cameraProblem(err));
    }
  };

  const on = state === 'on' || state === 'starting';
  return (
    <Box sx={{ mb: 1 }} data-testid="camera-scanner" data-decoder={decoderKind ?? undefined}>
      <Button
        variant={on ? 'outlined' : 'contained'}
        color="primary"
        startIcon={<QrCodeScannerIcon />}
        disabled={state === 'starting'}
        onClick={() => {
          if (on) {
            stop();
            setState('off');
          } else void start();
        }}
      >
        {translate(on ? 'courier.scan.camera.stop' : 'courier.scan.camera.start')}
      </Button>
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label={translate('courier.scan.camera.view')}
        sx={{
          display: on ? 'block' : 'none',
          width: '100%',
          maxWidth: 420,
          mt: 1,
          borderRadius: 1,
          bgcolor: 'common.black',
        }}
      />
      {state === 'on' ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('courier.scan.camera.aim')}
        </Typography>
      ) : null}
      {state === 'denied' || state === 'noCamera' || state === 'failed' ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="camera-problem">
          {translate(`courier.scan.camera.${state}`)}
        </Alert>
      ) : null}
    </Box>
  );
}

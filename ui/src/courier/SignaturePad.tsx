import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslate } from 'react-admin';
import { addPoint, signatureFull, type Strokes } from './proof';

/** The pad's height in CSS pixels (its width is the dialog's). */
export const PAD_HEIGHT = 160;

/**
 * A signature drawn with a finger, a pen or a mouse (pointer events) on a canvas
 * (docs/decisions/0068): the strokes are kept as whole-pixel points of the pad's area, as the
 * server takes them; the canvas only shows them.
 */
export function SignaturePad(props: {
  strokes: Strokes;
  onChange: (strokes: Strokes, area: { width: number; height: number }) => void;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  // The strokes as last changed: pointer events can come faster than the page renders.
  const latest = useRef(props.strokes);
  latest.current = props.strokes;
  const ink = theme.palette.text.primary;

  // Draws the strokes at the device's pixel ratio (sharp on a phone).
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = c.getBoundingClientRect();
    c.width = Math.round(width * ratio);
    c.height = Math.round(height * ratio);
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    g.strokeStyle = ink;
    g.lineWidth = 2.5;
    g.lineCap = 'round';
    g.lineJoin = 'round';
    for (const stroke of props.strokes) {
      g.beginPath();
      g.moveTo(stroke[0]!, stroke[1]!);
      for (let i = 0; i < stroke.length; i += 2) g.lineTo(stroke[i]!, stroke[i + 1]!);
      if (stroke.length === 2) g.lineTo(stroke[0]! + 0.1, stroke[1]!);
      g.stroke();
    }
  }, [props.strokes, ink]);

  const point = (e: PointerEvent<HTMLCanvasElement>, start: boolean) => {
    const box = e.currentTarget.getBoundingClientRect();
    const area = { width: Math.round(box.width), height: Math.round(box.height) };
    const next = addPoint(latest.current, e.clientX - box.left, e.clientY - box.top, area, start);
    if (next === latest.current) return;
    latest.current = next;
    props.onChange(next, area);
  };

  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="body2" id="signature-label">
          {translate('proof.signature')}
        </Typography>
        <Button
          size="small"
          onClick={() => props.onChange([], { width: 0, height: 0 })}
          disabled={props.strokes.length === 0}
        >
          {translate('proof.clear')}
        </Button>
      </Stack>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature-pad"
        onPointerDown={(e: PointerEvent<HTMLCanvasElement>) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          point(e, true);
        }}
        onPointerMove={(e: PointerEvent<HTMLCanvasElement>) => {
          if (drawing.current) point(e, false);
        }}
        onPointerUp={() => (drawing.current = false)}
        onPointerCancel={() => (drawing.current = false)}
        sx={{
          display: 'block',
          width: '100%',
          height: PAD_HEIGHT,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
          // The finger draws; the page does not scroll under it.
          touchAction: 'none',
          cursor: 'crosshair',
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {signatureFull(props.strokes)
          ? translate('proof.signatureFull')
          : translate('proof.signHere')}
      </Typography>
    </Box>
  );
}

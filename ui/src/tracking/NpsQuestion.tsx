import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NPS_COMMENT_MAX, type TrackingDetails } from '@nordlog/contracts';
import { useState, type FormEvent } from 'react';
import type { Translate } from '../i18n/translator';
import { sendRating } from './trackingApi';

const SCORES = Array.from({ length: 11 }, (_, i) => i);

/**
 * The net promoter question under a delivered shipment's steps (docs/decisions/0083-nps.md):
 * shown while the tracking answer says it is asked; a score of 0 to 10, an optional comment,
 * send; thanks afterwards (also when the page opens again after an answer).
 */
export function NpsQuestion({
  details: d,
  t,
  onAnswered,
}: {
  details: TrackingDetails;
  t: Translate;
  onAnswered: () => void;
}) {
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [refused, setRefused] = useState(false);
  if (!d.trackingId) return null;
  if (sent || (d.nps.answered && !d.nps.asked))
    return (
      <Alert severity="success" role="status" data-testid="tracking-nps-thanks">
        {t('nps.thanks')}
      </Alert>
    );
  if (!d.nps.asked) return null;
  const trackingId = d.trackingId;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (score === null) return;
    setBusy(true);
    const ok = await sendRating({
      trackingId,
      score,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
    setBusy(false);
    setRefused(!ok);
    if (ok) {
      setSent(true);
      onAnswered();
    }
  };
  return (
    <Stack
      spacing={1}
      component="form"
      aria-labelledby="tracking-nps"
      data-testid="tracking-nps"
      onSubmit={(e) => void submit(e)}
    >
      <Typography id="tracking-nps" variant="subtitle2" component="h2">
        {t('nps.question', { sender: d.nps.sender ?? '' })}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={score}
        onChange={(_, v: number | null) => setScore(v)}
        aria-label={t('nps.scale')}
        sx={{ flexWrap: 'wrap' }}
      >
        {SCORES.map((s) => (
          <ToggleButton key={s} value={s} sx={{ minWidth: 40 }} data-testid={`tracking-nps-${s}`}>
            {s}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" sx={{ justifyContent: 'space-between', maxWidth: 11 * 40 }}>
        <Typography variant="caption">{t('nps.notLikely')}</Typography>
        <Typography variant="caption">{t('nps.veryLikely')}</Typography>
      </Stack>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('nps.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        slotProps={{ htmlInput: { maxLength: NPS_COMMENT_MAX } }}
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" size="small" disabled={busy || score === null}>
          {t('nps.send')}
        </Button>
      </Stack>
      {refused ? (
        <Alert severity="error" role="status">
          {t('nps.refused')}
        </Alert>
      ) : null}
    </Stack>
  );
}

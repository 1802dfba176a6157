import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LEAVE_AT_DOOR_NOTE_MAX, type TrackingDetails } from '@nordlog/contracts';
import { useState, type FormEvent } from 'react';
import { formatDate, type Locale } from '../i18n/locales';
import type { Translate } from '../i18n/translator';
import { sendAnswer, type AnswerResult } from './trackingApi';

type Kind = 'day' | 'door' | 'point';
const COMMANDS = {
  day: 'RECIPIENT_REQUEST_DAY',
  door: 'RECIPIENT_LEAVE_AT_DOOR',
  point: 'RECIPIENT_CHOOSE_PICKUP_POINT',
} as const;

/**
 * The recipient's answers under the steps of `/track/{id}` (docs/decisions/0063): another day of
 * the department's open dates, leave at the door with a note, or a pickup point. Each opens a
 * small form; the result or the refusal is shown in place, and the page reloads the shipment.
 */
export function Answers({
  details: d,
  t,
  locale,
  onAnswered,
}: {
  details: TrackingDetails;
  t: Translate;
  locale: Locale;
  onAnswered: () => void;
}) {
  const [open, setOpen] = useState<Kind | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  // A result stays in place when the answer closed the answers (the page reloads after it).
  if (!d.trackingId || (!d.answersOpen && !result)) return null;
  const trackingId = d.trackingId;
  const kinds: Kind[] = [
    ...(d.openDates.length > 0 ? (['day'] as const) : []),
    'door',
    ...(d.pickupPoints.length > 0 ? (['point'] as const) : []),
  ];
  const choose = (kind: Kind) => {
    setOpen(open === kind ? null : kind);
    setValue(kind === 'day' ? (d.openDates[0] ?? '') : '');
    setResult(null);
  };
  const done = (kind: Kind) => {
    if (kind === 'day') return t('tracking.answer.movedTo', { date: formatDate(value, locale) });
    if (kind === 'door') return t('tracking.answer.leftAtDoor');
    const point = d.pickupPoints.find((p) => p.id === value);
    return t('tracking.answer.pointChosen', { name: point?.name ?? '' });
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!open || value.trim() === '') return;
    setBusy(true);
    const field = { day: 'date', door: 'note', point: 'pickupPointId' }[open];
    const answered: AnswerResult = await sendAnswer(COMMANDS[open], { trackingId, [field]: value });
    setBusy(false);
    setResult(
      answered.ok
        ? { ok: true, text: done(open) }
        : { ok: false, text: t(`tracking.answer.refused.${answered.reason}`) },
    );
    if (answered.ok) {
      setOpen(null);
      onAnswered();
    }
  };
  return (
    <Stack
      spacing={1}
      component="section"
      aria-labelledby="tracking-answers"
      data-testid="tracking-answers"
    >
      <Typography id="tracking-answers" variant="subtitle2" component="h2">
        {t('tracking.answer.title')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {(d.answersOpen ? kinds : []).map((kind) => (
          <Button
            key={kind}
            variant={open === kind ? 'contained' : 'outlined'}
            size="small"
            aria-expanded={open === kind}
            onClick={() => choose(kind)}
            data-testid={`tracking-answer-${kind}`}
          >
            {t(`tracking.answer.${kind}`)}
          </Button>
        ))}
      </Stack>
      {open && d.answersOpen ? (
        <Stack
          component="form"
          spacing={1}
          onSubmit={(e) => void submit(e)}
          data-testid="tracking-answer-form"
        >
          {open === 'day' ? (
            <TextField
              select
              size="small"
              label={t('tracking.answer.chooseDay')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ select: { native: true } }}
            >
              {d.openDates.map((date) => (
                <option key={date} value={date}>
                  {formatDate(date, locale)}
                </option>
              ))}
            </TextField>
          ) : null}
          {open === 'door' ? (
            <TextField
              size="small"
              multiline
              minRows={2}
              label={t('tracking.answer.note')}
              helperText={t('tracking.answer.noteHint')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ htmlInput: { maxLength: LEAVE_AT_DOOR_NOTE_MAX } }}
            />
          ) : null}
          {open === 'point' ? (
            <RadioGroup
              aria-label={t('tracking.answer.choosePoint')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            >
              {d.pickupPoints.map((p) => (
                <FormControlLabel
                  key={p.id}
                  value={p.id}
                  control={<Radio size="small" />}
                  label={`${p.name}, ${p.address}, ${p.zipCode} ${p.zipArea}`}
                />
              ))}
            </RadioGroup>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button
              type="submit"
              variant="contained"
              size="small"
              disabled={busy || value.trim() === ''}
            >
              {t('tracking.answer.send')}
            </Button>
            <Button size="small" onClick={() => setOpen(null)}>
              {t('tracking.answer.cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
      {result ? (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          role="status"
          data-testid="tracking-answer-result"
        >
          {result.text}
        </Alert>
      ) : null}
    </Stack>
  );
}

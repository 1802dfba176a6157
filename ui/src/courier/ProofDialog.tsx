import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { MAX_PHOTO_BYTES, MAX_PROOF_PHOTOS, MAX_RECIPIENT_NAME } from '@nordlog/contracts';
import { useState, type ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { downscalePhoto, PhotoError, signaturePayload, type Strokes } from './proof';
import { SignaturePad } from './SignaturePad';

interface Photo {
  data: string;
  preview: string;
}

/**
 * The proof of a delivery at the door (issue 42 part 3, docs/decisions/0068): the recipient's
 * name, a signature on the pad, up to three photos from the camera, each made small on the phone
 * (the limit is shown). `onSend` answers the refusal's text, or null when it was recorded; on a
 * refusal, or closed and opened again for the same stop (the page keys it by stop), everything
 * stays as the courier made it, to send again.
 */
export function ProofDialog(props: {
  open: boolean;
  stopName: string;
  onClose: () => void;
  onSend: (payload: {
    recipientName?: string;
    signature?: ReturnType<typeof signaturePayload>;
    photos?: { data: string }[];
  }) => Promise<string | null>;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [strokes, setStrokes] = useState<Strokes>([]);
  const [area, setArea] = useState({ width: 0, height: 0 });
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const addPhotos = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setError(null);
    for (const file of files.slice(0, MAX_PROOF_PHOTOS - photos.length)) {
      try {
        const photo = await downscalePhoto(file);
        setPhotos((list) => (list.length < MAX_PROOF_PHOTOS ? [...list, photo] : list));
      } catch (err) {
        const reason = err instanceof PhotoError ? err.reason : 'notImage';
        setError(translate(`proof.photoErrors.${reason}`, { name: file.name }));
      }
    }
  };

  const signature = signaturePayload(strokes, area);
  const ready = (signature !== null && name.trim() !== '') || photos.length > 0;
  const send = async () => {
    setSending(true);
    const refused = await props.onSend({
      ...(name.trim() ? { recipientName: name.trim() } : {}),
      ...(signature ? { signature } : {}),
      ...(photos.length > 0 ? { photos: photos.map((p) => ({ data: p.data })) } : {}),
    });
    setSending(false);
    setError(refused);
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('proof.title', { name: props.stopName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <TextField
            size="small"
            label={translate('proof.recipientName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required={signature !== null}
            slotProps={{ htmlInput: { maxLength: MAX_RECIPIENT_NAME, autoComplete: 'off' } }}
          />
          <SignaturePad
            strokes={strokes}
            onChange={(next, at) => {
              setStrokes(next);
              if (next.length > 0) setArea(at);
            }}
          />
          <Box>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <Button
                component="label"
                variant="outlined"
                size="small"
                startIcon={<PhotoCameraIcon />}
                disabled={photos.length >= MAX_PROOF_PHOTOS}
              >
                {translate('proof.addPhoto')}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  capture="environment"
                  multiple
                  data-testid="proof-photo-input"
                  onChange={(e) => void addPhotos(e)}
                />
              </Button>
              {photos.map((p, i) => (
                <Box key={p.preview} sx={{ position: 'relative' }}>
                  <Box
                    component="img"
                    src={p.preview}
                    alt={translate('proof.photoNumber', { number: i + 1 })}
                    sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
                  />
                  <IconButton
                    size="small"
                    aria-label={translate('proof.removePhoto', { number: i + 1 })}
                    onClick={() => setPhotos((list) => list.filter((x) => x !== p))}
                    sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper' }}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </Stack>
            <Typography variant="caption" color="text.secondary" data-testid="proof-photo-limit">
              {translate('proof.photoLimit', {
                count: MAX_PROOF_PHOTOS,
                size: Math.round(MAX_PHOTO_BYTES / 1024),
              })}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('courier.cancel')}</Button>
        <Button variant="contained" disabled={!ready || sending} onClick={() => void send()}>
          {translate('proof.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

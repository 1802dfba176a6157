import TextField from '@mui/material/TextField';
import { parseCoordinates } from '@nordlog/contracts';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';

/**
 * The coordinates of an address block as text (spec §5): "lat,lng"; anything else is ignored
 * without a message. `prefix` is the block's place in the form (`pickup`, `delivery`, `block`);
 * coordinates typed by hand place the address itself (resolved by the front end, to the address).
 */
export function CoordinatesField({
  prefix,
  helperText,
  testId,
}: {
  prefix: string;
  helperText?: string;
  testId?: string;
}) {
  const translate = useTranslate();
  const { setValue } = useFormContext<FieldValues>();
  const [lat, lng] = useWatch<FieldValues>({ name: [`${prefix}.lat`, `${prefix}.lng`] }) as [
    string | number | null | undefined,
    string | number | null | undefined,
  ];
  const [text, setText] = useState('');
  useEffect(() => setText(lat && lng ? `${lat},${lng}` : ''), [lat, lng]);
  return (
    <TextField
      size="small"
      fullWidth
      label={translate('booking.coordinates')}
      {...(helperText ? { helperText } : {})}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const parsed = parseCoordinates(text);
        if (!parsed) return;
        setValue(`${prefix}.lat`, String(parsed.lat), { shouldDirty: true });
        setValue(`${prefix}.lng`, String(parsed.lng), { shouldDirty: true });
        setValue(`${prefix}.resolvedBy`, 'FRONTEND');
        setValue(`${prefix}.precision`, 'address');
      }}
      {...(testId ? { slotProps: { htmlInput: { 'data-testid': testId } } } : {})}
    />
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { AddressResult } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { runQuery } from '../shell/api';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * Address autocomplete (spec §2, §7), the one input every form finds an address with (the booking
 * form's address blocks, a unit's depots): typed text with the country as restriction, answered by
 * query `addressAutocomplete` through the geocoder port. Enter picks the highlighted suggestion
 * and never submits the form; a failed lookup shows nothing (spec §8). `withPoint`: only the
 * suggestions that have a position are offered (a depot is a place).
 */
export function AddressSearch(props: {
  countryCode?: string | undefined;
  label: string;
  helperText?: string | undefined;
  error?: boolean;
  withPoint?: boolean;
  onPick: (result: AddressResult) => void;
}) {
  const translate = useTranslate();
  const { countryCode, withPoint = false } = props;
  const [text, setText] = useState('');
  const typed = useDebounced(text.trim(), 250);
  const suggestions = useQuery({
    queryKey: ['addressAutocomplete', typed, countryCode],
    enabled: typed.length >= 2,
    staleTime: 60_000,
    queryFn: () =>
      runQuery<AddressResult[]>('addressAutocomplete', { text: typed, countryCode }).catch(
        () => [],
      ),
  });
  const options = typed.length >= 2 ? (suggestions.data ?? []) : [];
  return (
    <Box
      onKeyDownCapture={(e) => {
        // UI.md / spec §2: Enter in the address input never submits the form.
        if (e.key === 'Enter') e.preventDefault();
      }}
    >
      <Autocomplete<AddressResult, false, false, true>
        freeSolo
        autoHighlight
        options={withPoint ? options.filter((o) => o.latLng) : options}
        filterOptions={(options) => options}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
        getOptionKey={(o) =>
          typeof o === 'string' ? o : `${o.label}|${o.zipCode}|${o.countryCode}`
        }
        inputValue={text}
        onInputChange={(_e, value) => setText(value)}
        onChange={(_e, value) => {
          if (value && typeof value !== 'string') props.onPick(value);
        }}
        loading={suggestions.isFetching}
        noOptionsText={translate('booking.noSuggestions')}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={props.label}
            error={props.error ?? false}
            helperText={props.helperText}
          />
        )}
      />
    </Box>
  );
}

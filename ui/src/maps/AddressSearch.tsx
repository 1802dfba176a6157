import BookmarkIcon from '@mui/icons-material/Bookmark';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { AddressResult, AddressRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { runQuery } from '../shell/api';
import {
  optionKey,
  optionLabel,
  searchOptions,
  useSavedAddresses,
  type SavedFor,
  type SearchOption,
} from './savedAddresses';

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
 * suggestions that have a position are offered (a depot is a place). `saved`: the order's
 * customer's saved addresses for the side come first, marked as saved (docs/decisions/0061).
 */
export function AddressSearch(props: {
  countryCode?: string | undefined;
  label: string;
  helperText?: string | undefined;
  error?: boolean;
  withPoint?: boolean;
  onPick: (result: AddressResult) => void;
  saved?: (SavedFor & { onPick: (row: AddressRow) => void }) | undefined;
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
  const found = typed.length >= 2 ? (suggestions.data ?? []) : [];
  const saved = useSavedAddresses(typed, props.saved);
  const options = searchOptions(saved, found, withPoint);
  return (
    <Box
      onKeyDownCapture={(e) => {
        // UI.md / spec §2: Enter in the address input never submits the form.
        if (e.key === 'Enter') e.preventDefault();
      }}
    >
      <Autocomplete<SearchOption, false, false, true>
        freeSolo
        autoHighlight
        options={options}
        filterOptions={(options) => options}
        getOptionLabel={(o) => (typeof o === 'string' ? o : optionLabel(o))}
        getOptionKey={(o) => (typeof o === 'string' ? o : optionKey(o))}
        renderOption={({ key, ...optionProps }, o) => (
          <li
            key={key}
            {...optionProps}
            data-testid={o.kind === 'saved' ? 'saved-address-option' : 'address-option'}
          >
            {o.kind === 'saved' ? (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                icon={<BookmarkIcon />}
                label={translate('addressBook.savedSuggestion')}
                title={translate('addressBook.savedSuggestionHint')}
                sx={{ mr: 1, flexShrink: 0 }}
              />
            ) : null}
            {optionLabel(o)}
          </li>
        )}
        inputValue={text}
        onInputChange={(_e, value) => setText(value)}
        onChange={(_e, value) => {
          if (!value || typeof value === 'string') return;
          if (value.kind === 'saved') props.saved?.onPick(value.row);
          else props.onPick(value.result);
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

import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { isSearchable } from './shipmentsData';

/**
 * A search field whose phrase lives in the URL: typing settles for 350 ms, then a phrase of more
 * than 2 characters (spec §9), or none, goes to `onSettled`; the URL's phrase wins (back, a link)
 * except while the user types.
 */
export function PhraseField(props: {
  value: string;
  onSettled: (phrase: string) => void;
  label?: string;
  autoFocus?: boolean;
  /** Wide enough for the label whole (default 240 px). */
  minWidth?: number;
}) {
  const translate = useTranslate();
  const [phrase, setPhrase] = useState(props.value);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!typing.current) setPhrase(props.value);
  }, [props.value]);
  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
    },
    [],
  );
  const onChange = (text: string) => {
    setPhrase(text);
    if (typing.current) clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      typing.current = null;
      props.onSettled(isSearchable(text) ? text.trim() : '');
    }, 350);
  };
  return (
    <TextField
      size="small"
      type="search"
      label={props.label ?? translate('app.search')}
      value={phrase}
      autoFocus={props.autoFocus}
      onChange={(e) => onChange(e.target.value)}
      helperText={phrase.trim() !== '' && !isSearchable(phrase) ? translate('app.searchHint') : ' '}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: props.minWidth ?? 240 }}
    />
  );
}

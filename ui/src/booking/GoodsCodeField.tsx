import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import {
  codedGoods,
  codedGoodsByCode,
  searchCodedGoods,
  type CodedGoods,
} from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import type { LineValues } from './formModel';

/** A package line filled from a coded goods entry (docs/decisions/0093); every value stays editable. */
export function lineFromGoods(goods: CodedGoods, base: LineValues): LineValues {
  return {
    ...base,
    presetDimension: '',
    packageTypeCode: goods.code,
    weight: String(goods.weight),
    length: String(goods.length),
    width: String(goods.width),
    height: String(goods.height),
    palletFootPrints: String(goods.palletFootPrints),
    loadingMeters: String(goods.loadingMeters),
  };
}

/**
 * Spec §3 coded goods, picked in the measurement line: search as you type in the code and the name
 * (the user's language); the pick fills the line's weight, sizes, pallet places and loading metres.
 */
export function GoodsCodeField({
  index,
  line,
  onPick,
}: {
  index: number;
  line: LineValues;
  onPick: (next: LineValues) => void;
}) {
  const translate = useTranslate();
  const nameOf = (code: string) => translate(`goods.${code}`, { _: code });
  const value = codedGoodsByCode(line.packageTypeCode) ?? null;
  return (
    <Autocomplete<CodedGoods>
      size="small"
      options={codedGoods}
      value={value}
      getOptionLabel={(g) => `${g.code} · ${nameOf(g.code)}`}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(_options, state) => searchCodedGoods(state.inputValue, nameOf)}
      noOptionsText={translate('serviceCodes.noGoods')}
      onChange={(_e, picked) => {
        if (picked) onPick(lineFromGoods(picked, line));
        else onPick({ ...line, packageTypeCode: '' });
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('serviceCodes.goods')}
          placeholder={translate('serviceCodes.goodsHelp')}
          inputProps={{ ...params.inputProps, 'data-testid': `goods-code-${index + 1}` }}
        />
      )}
    />
  );
}

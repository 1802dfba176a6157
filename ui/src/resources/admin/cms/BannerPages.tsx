import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import InputAdornment from '@mui/material/InputAdornment';
import {
  bannerLevels,
  createBannerSchema,
  type BannerLevel,
  type ValidationKey,
} from '@nordlog/contracts';
import { useState } from 'react';
import { SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { enumKey } from '../../../i18n/enums';
import { runQuery } from '../../../shell/api';
import { enumChoices } from '../common/fields';
import { CmsCreate, CmsEdit, LanguageTexts, PublicationInputs } from './CmsInputs';
import { CmsList } from './CmsList';

/**
 * The link, checked by the server's rule (`validateBannerUrl`) when the field is left: a refusal
 * shows on the field at once, a good link is marked; the form's schema has the same rule.
 */
function LinkInput() {
  const form = useFormContext();
  const [checked, setChecked] = useState<string | null>(null);
  const check = async () => {
    const url = String(form.getValues('link') ?? '').trim();
    setChecked(null);
    if (url === '') return;
    try {
      const answer = await runQuery<{ valid: boolean; key: ValidationKey | null }>(
        'validateBannerUrl',
        { url },
      );
      if (String(form.getValues('link') ?? '').trim() !== url) return;
      if (answer.valid) {
        form.clearErrors('link');
        setChecked(url);
      } else form.setError('link', { type: 'server', message: answer.key ?? 'validation.invalid' });
    } catch {
      // Not checked now (the network): the form's own rule and the server's at save remain.
    }
  };
  return (
    <TextInput
      source="link"
      type="url"
      fullWidth
      onBlur={() => void check()}
      helperText={checked ? 'cms.fields.linkChecked' : 'cms.fields.linkHelp'}
      slotProps={{
        input: {
          endAdornment: checked ? (
            <InputAdornment position="end">
              <CheckIcon color="success" aria-hidden />
            </InputAdornment>
          ) : undefined,
        },
      }}
      data-testid="cms-link"
    />
  );
}

const BannerInputs = () => (
  <>
    <LanguageTexts />
    <SelectInput source="level" choices={enumChoices('bannerLevel', bannerLevels)} isRequired />
    <LinkInput />
    <PublicationInputs />
  </>
);

export const BannerCreate = () => (
  <CmsCreate page="cmsBanners" schema={createBannerSchema} defaults={{ level: 'INFO', link: null }}>
    <BannerInputs />
  </CmsCreate>
);

export const BannerEdit = () => (
  <CmsEdit page="cmsBanners" schema={createBannerSchema} deleteCommand="DELETE_BANNER">
    <BannerInputs />
  </CmsEdit>
);

/** A level by its label, in its colour's word. */
function LevelField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<{ level?: BannerLevel }>();
  const translate = useTranslate();
  return <span>{record?.level ? translate(enumKey('bannerLevel', record.level)) : ''}</span>;
}

export const BannerList = () => (
  <CmsList
    page="cmsBanners"
    resource="admin/cms/banners"
    commands={{ create: 'CREATE_BANNER', update: 'UPDATE_BANNER', delete: 'DELETE_BANNER' }}
  >
    <LevelField source="level" />
  </CmsList>
);

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  preAdviceChannels,
  preAdviceLanguages,
  preAdvicePlaceholders,
  preAdviceTriggers,
  type PreAdviceChannel,
  type PreAdvicePolicy,
  type PreAdviceTrigger,
} from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { failureText } from '../errors/parse';
import { languageNames } from '../i18n/languageNames';
import { CustomerPicker } from '../planner/invoicing/common';
import { sendCommand } from '../shell/api';
import {
  emptyText,
  fieldsOf,
  ownerKinds,
  policyPayload,
  policyProblems,
  policyValues,
  textSlot,
  type FieldProblem,
  type OwnerKind,
  type PolicyValues,
  type TextValues,
} from './policyForm';

export interface Named {
  id: string;
  name: string;
}

/**
 * A pre-advice policy's form (docs/decisions/0062): its name, owner (a department, customer group
 * or customer), service, triggers, channel, SMS vas code and its texts per language, checked by the
 * command's own schema (placeholders included) before it is sent. There is no update command: an
 * edit saves a new policy and then deletes the one edited.
 */
export function PolicyForm(props: {
  policy: PreAdvicePolicy | null;
  departments: readonly Named[];
  groups: readonly Named[];
  /** The edited policy's customer's name, when it has one (shown instead of its id). */
  customerName?: string | undefined;
  onClose: (saved: boolean) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [v, setValues] = useState<PolicyValues>(() => policyValues(props.policy));
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PolicyValues>) => setValues((old) => ({ ...old, ...patch }));
  const setText = (slot: string, field: keyof TextValues, value: string) =>
    setValues((old) => ({
      ...old,
      texts: { ...old.texts, [slot]: { ...(old.texts[slot] ?? emptyText()), [field]: value } },
    }));
  const problem = (at: string) => {
    const p = problems[at];
    return p ? translate(p.key, p.args) : undefined;
  };

  const save = async () => {
    const found = policyProblems(v);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await sendCommand('CREATE_PRE_ADVICE_POLICY', policyPayload(v));
      if (props.policy) {
        try {
          await sendCommand('DELETE_PRE_ADVICE_POLICY', { id: props.policy.id });
        } catch (err) {
          notify(`${translate('preAdvice.replaceFailed')}: ${failureText(err, translate)}`, {
            type: 'error',
          });
          props.onClose(true);
          return;
        }
      }
      notify(translate('preAdvice.saved'), { type: 'info' });
      props.onClose(true);
    } catch (err) {
      notify(`${translate('preAdvice.saveFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const ownerField = (kind: OwnerKind) => {
    if (kind === 'customerId')
      return (
        <CustomerPicker
          label={translate('preAdvice.owner.customerId')}
          kind="id"
          value={v.owner}
          onChange={(owner) => set({ owner })}
          departmentIds={[]}
          error={Boolean(problems.owner)}
          helperText={problem('owner')}
          required
          fullWidth
          known={
            props.customerName && props.policy?.customerId
              ? { id: props.policy.customerId, name: props.customerName, alystraId: '' }
              : undefined
          }
        />
      );
    const options = kind === 'departmentId' ? props.departments : props.groups;
    return (
      <TextField
        select
        required
        fullWidth
        size="small"
        label={translate(`preAdvice.owner.${kind}`)}
        value={options.some((o) => o.id === v.owner) ? v.owner : ''}
        onChange={(e) => set({ owner: e.target.value })}
        error={Boolean(problems.owner)}
        helperText={problem('owner')}
        slotProps={{ htmlInput: { 'data-testid': 'preadvice-owner' } }}
      >
        {options.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : () => props.onClose(false)} maxWidth="md" fullWidth>
      <DialogTitle>{translate(props.policy ? 'preAdvice.edit' : 'preAdvice.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.policy ? <Alert severity="info">{translate('preAdvice.editNote')}</Alert> : null}
          <TextField
            required
            size="small"
            label={translate('preAdvice.name')}
            value={v.name}
            onChange={(e) => set({ name: e.target.value })}
            error={Boolean(problems.name)}
            helperText={problem('name')}
            slotProps={{ htmlInput: { 'data-testid': 'preadvice-name' } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 200 }}
              label={translate('preAdvice.ownerKind')}
              value={v.ownerKind}
              onChange={(e) => set({ ownerKind: e.target.value as OwnerKind, owner: '' })}
              slotProps={{ htmlInput: { 'data-testid': 'preadvice-owner-kind' } }}
            >
              {ownerKinds.map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`preAdvice.owner.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            {ownerField(v.ownerKind)}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              size="small"
              label={translate('preAdvice.service')}
              helperText={translate('preAdvice.serviceHint')}
              value={v.serviceId}
              onChange={(e) => set({ serviceId: e.target.value })}
              slotProps={{ htmlInput: { 'data-testid': 'preadvice-service' } }}
            />
            <TextField
              select
              size="small"
              sx={{ minWidth: 200 }}
              label={translate('preAdvice.channel')}
              value={v.channel}
              onChange={(e) => set({ channel: e.target.value as PreAdviceChannel })}
              slotProps={{ htmlInput: { 'data-testid': 'preadvice-channel' } }}
            >
              {preAdviceChannels.map((c) => (
                <MenuItem key={c} value={c}>
                  {translate(`preAdvice.channels.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={translate('preAdvice.vasCode')}
              helperText={translate('preAdvice.vasCodeHint')}
              value={v.smsVasCode}
              onChange={(e) => set({ smsVasCode: e.target.value })}
            />
          </Stack>
          <FormControl error={Boolean(problems.triggers)} component="fieldset">
            <FormLabel component="legend">{translate('preAdvice.triggers')}</FormLabel>
            <FormGroup row>
              {preAdviceTriggers.map((t) => (
                <FormControlLabel
                  key={t}
                  label={translate(`preAdvice.trigger.${t}`)}
                  control={
                    <Checkbox
                      checked={v.triggers.includes(t)}
                      onChange={(e) =>
                        set({
                          triggers: e.target.checked
                            ? preAdviceTriggers.filter((x) => x === t || v.triggers.includes(x))
                            : v.triggers.filter((x) => x !== t),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {problems.triggers ? <FormHelperText>{problem('triggers')}</FormHelperText> : null}
          </FormControl>
          {v.triggers.includes('STOPS_AWAY') ? (
            <TextField
              size="small"
              required
              sx={{ maxWidth: 320 }}
              label={translate('preAdvice.stopsAway')}
              value={v.stopsAway}
              onChange={(e) => set({ stopsAway: e.target.value })}
              error={Boolean(problems.stopsAway)}
              helperText={problem('stopsAway') ?? translate('preAdvice.stopsAwayHint')}
              slotProps={{
                htmlInput: { inputMode: 'numeric', 'data-testid': 'preadvice-stops-away' },
              }}
            />
          ) : null}
          <FormControl error={Boolean(problems.texts)} component="fieldset">
            <FormLabel component="legend">{translate('preAdvice.languages')}</FormLabel>
            <FormGroup row>
              {preAdviceLanguages.map((l) => (
                <FormControlLabel
                  key={l}
                  label={languageNames[l]}
                  control={
                    <Checkbox
                      checked={v.languages.includes(l)}
                      onChange={(e) =>
                        set({
                          languages: e.target.checked
                            ? preAdviceLanguages.filter((x) => x === l || v.languages.includes(x))
                            : v.languages.filter((x) => x !== l),
                        })
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            <FormHelperText>
              {problem('texts') ?? translate('preAdvice.languagesHint')}
            </FormHelperText>
          </FormControl>
          <Typography variant="body2" color="text.secondary">
            {translate('preAdvice.placeholders', {
              list: preAdvicePlaceholders.map((p) => `{${p}}`).join(', '),
            })}
          </Typography>
          <PolicyTexts v={v} problems={problems} setText={setText} />
          {/* A trigger may have words of its own ("the courier is 3 stops away"). */}
          <FormGroup row>
            {v.triggers.map((t) => (
              <FormControlLabel
                key={t}
                label={translate('preAdvice.ownTexts', {
                  trigger: translate(`preAdvice.trigger.${t}`),
                })}
                control={
                  <Checkbox
                    checked={v.ownTexts.includes(t)}
                    data-testid={`preadvice-own-${t}`}
                    onChange={(e) =>
                      set({
                        ownTexts: e.target.checked
                          ? preAdviceTriggers.filter((x) => x === t || v.ownTexts.includes(x))
                          : v.ownTexts.filter((x) => x !== t),
                      })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {v.ownTexts
            .filter((t) => v.triggers.includes(t))
            .map((t) => (
              <PolicyTexts key={t} trigger={t} v={v} problems={problems} setText={setText} />
            ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => props.onClose(false)} disabled={busy}>
          {translate('preAdvice.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy}
          data-testid="preadvice-save"
        >
          {translate('preAdvice.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The text fields of every language given, for every trigger or for one (`trigger`). */
function PolicyTexts(props: {
  v: PolicyValues;
  trigger?: PreAdviceTrigger;
  problems: Record<string, FieldProblem>;
  setText: (slot: string, field: keyof TextValues, value: string) => void;
}) {
  const translate = useTranslate();
  const { v, problems, trigger = null } = props;
  const problem = (at: string) => {
    const p = problems[at];
    return p ? translate(p.key, p.args) : undefined;
  };
  return (
    <>
      {preAdviceLanguages
        .filter((l) => v.languages.includes(l))
        .map((l) => {
          const slot = textSlot(l, trigger);
          return (
            <Stack
              key={slot}
              spacing={1}
              data-testid="preadvice-text"
              data-language={l}
              data-trigger={trigger ?? ''}
            >
              <Typography variant="subtitle2" component="h3">
                {trigger
                  ? `${languageNames[l]}: ${translate(`preAdvice.trigger.${trigger}`)}`
                  : languageNames[l]}
              </Typography>
              {fieldsOf(v.channel).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  required
                  multiline={field !== 'emailSubject'}
                  minRows={field === 'emailBody' ? 3 : 1}
                  label={translate(`preAdvice.fields.${field}`)}
                  value={v.texts[slot]?.[field] ?? ''}
                  onChange={(e) => props.setText(slot, field, e.target.value)}
                  error={Boolean(problems[`${slot}.${field}`])}
                  helperText={problem(`${slot}.${field}`)}
                  slotProps={{ htmlInput: { 'data-testid': `preadvice-${slot}-${field}` } }}
                />
              ))}
            </Stack>
          );
        })}
    </>
  );
}

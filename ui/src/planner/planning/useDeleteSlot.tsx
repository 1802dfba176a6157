import type { SlotView } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePlanningCommand } from './commands';
import { ConfirmDialog } from './Dialogs';

/** Deleting a slot asks first (DELETE_SLOT); `ask` opens the question, `dialog` renders it. */
export function useDeleteSlot() {
  const translate = useTranslate();
  const run = usePlanningCommand();
  const [asked, setAsked] = useState<SlotView | null>(null);
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={translate('planning.slot.deleteTitle', { name: asked?.name ?? '' })}
      text={translate('planning.slot.deleteText')}
      confirmLabel={translate('planning.slot.delete')}
      danger
      onClose={() => setAsked(null)}
      onConfirm={() => {
        const slot = asked;
        setAsked(null);
        if (slot)
          void run(
            'DELETE_SLOT',
            { id: slot.id },
            { success: 'planning.slot.deleted', successArgs: { name: slot.name } },
          );
      }}
    />
  );
  return { ask: setAsked, dialog };
}

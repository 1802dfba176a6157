import { describe, expect, it } from '@jest/globals';
import { appMessages } from '../i18n/appMessages';
import { createTranslator } from '../i18n/translator';
import { locales } from '../i18n/locales';
import { idTemplate, rowLabels } from './rowLabels';

describe('row labels (translated once, the id put in per row)', () => {
  it('give what translating each label with its id gives, in every language', () => {
    for (const locale of locales) {
      const translate = createTranslator(locale, appMessages[locale]);
      const labels = rowLabels(translate);
      for (const id of ['1', '4711', '$&', 'a b']) {
        expect(labels.selectRow(id)).toBe(translate('grid.selectRow', { id }));
        expect(labels.edit(id)).toBe(translate('grid.edit', { id }));
        expect(labels.delete(id)).toBe(translate('grid.delete', { id }));
        expect(labels.actions(id)).toBe(translate('grid.actions', { id }));
        expect(labels.drag(id)).toBe(translate('grid.drag', { id }));
        expect(labels.assign(id)).toBe(translate('grid.assign', { id }));
        expect(labels.unassign(id)).toBe(translate('grid.unassign', { id }));
      }
    }
    expect(rowLabels(createTranslator('en', appMessages.en)).selectRow('42')).toBe('Select 42');
  });

  it('a text without the id falls back to translating per call', () => {
    const calls: unknown[] = [];
    const translate = (key: string, options?: Record<string, unknown>) => {
      calls.push(options);
      return key;
    };
    expect(idTemplate(translate, 'x')('7')).toBe('x');
    expect(calls).toEqual([{ id: '\u0000id\u0000' }, { id: '7' }]);
  });
});

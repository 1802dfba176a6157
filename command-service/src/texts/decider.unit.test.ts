import { describe, expect, it } from '@jest/globals';
import type { AppError, ArticleEvent, Text, TextEvent } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { articleDecider } from '../pricing/decider.js';
import { textsDecider } from './decider.js';
import { serviceMappingDecider } from './mapping.js';

const text = (over: Partial<Text> = {}): Text => ({
  id: '1',
  group: 'SERVICE',
  key: 'EXPRESS',
  texts: { en: 'Express', nb: 'Ekspress', sv: '', da: '', fi: '', fr: '' },
  ...over,
});
const created = (t: Text): TextEvent => ({ type: 'TextCreated', data: t });
const create = ({ id, ...fields }: Text) => ({ type: 'create' as const, id, fields });
const stateOf = (events: TextEvent[]) =>
  events.reduce(textsDecider.evolve, textsDecider.initialState);

/** The refusal's error type, fields and keys. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (e) {
    const items = (e as AppError).items;
    return items.map((i) => [i.errorType, i.params?.field, i.params?.key]);
  }
  throw new Error('not refused');
}

describe('the texts decider (docs/decisions/0081)', () => {
  it('creates, updates and deletes a text', () => {
    given(textsDecider)
      .when(create(text()))
      .then([created(text())]);
    given(textsDecider, [created(text())])
      .when({ type: 'update', id: '1', changes: { key: 'EXPRESS2' } })
      .then([{ type: 'TextUpdated', data: { id: '1', changes: { key: 'EXPRESS2' } } }]);
    // An update that changes nothing emits nothing.
    given(textsDecider, [created(text())])
      .when({ type: 'update', id: '1', changes: { key: 'EXPRESS' } })
      .then([]);
    given(textsDecider, [created(text())])
      .when({ type: 'delete', id: '1' })
      .then([{ type: 'TextDeleted', data: { id: '1' } }]);
  });

  it('refuses a key another text of the group has (409 on key); another group may have it', () => {
    const state = stateOf([created(text())]);
    expect(refusal(() => textsDecider.decide(create(text({ id: '2' })), state))).toEqual([
      ['ALREADY_EXISTS', 'key', 'validation.textKeyTaken'],
    ]);
    given(textsDecider, [created(text())])
      .when(create(text({ id: '2', group: 'VAS' })))
      .then([created(text({ id: '2', group: 'VAS' }))]);
    // Renaming onto a taken key is refused as well; a deleted text's key is free again.
    const two = stateOf([created(text()), created(text({ id: '2', key: 'ECONOMY' }))]);
    expect(
      refusal(() =>
        textsDecider.decide({ type: 'update', id: '2', changes: { key: 'EXPRESS' } }, two),
      ),
    ).toEqual([['ALREADY_EXISTS', 'key', 'validation.textKeyTaken']]);
    given(textsDecider, [created(text()), { type: 'TextDeleted', data: { id: '1' } }])
      .when(create(text({ id: '2' })))
      .then([created(text({ id: '2' }))]);
  });

  it("refuses an update's wording with a placeholder the text's group does not know", () => {
    const state = stateOf([created(text())]);
    const texts = { ...text().texts, fr: 'Express {shipmentId}' };
    expect(
      refusal(() => textsDecider.decide({ type: 'update', id: '1', changes: { texts } }, state)),
    ).toEqual([['VALIDATION_ERROR', 'texts.fr', 'validation.unknownPlaceholder']]);
  });

  it('refuses to update or delete a text that does not exist', () => {
    expect(() =>
      textsDecider.decide({ type: 'delete', id: '9' }, textsDecider.initialState),
    ).toThrow(/Text 9 not found/);
  });
});

describe("a service's mapping, on its article's stream (0081)", () => {
  const article = (kind: 'FREIGHT' | 'SERVICE'): ArticleEvent => ({
    type: 'ArticleCreated',
    data: {
      id: '4',
      code: 'EXPRESS',
      label: 'Express',
      kind,
      vasCode: kind === 'SERVICE' ? 'SIGN' : null,
      group: 'T',
      active: true,
    },
  });

  it('sets the flags of a transport article, only those that change', () => {
    given(serviceMappingDecider, [article('FREIGHT')])
      .when({ id: '4', changes: { important: true, allowFlexDelivery: true } })
      .then([{ type: 'ServiceMappingUpdated', data: { id: '4', changes: { important: true } } }]);
  });

  it('refuses an article that is not a transport article, and one that does not exist', () => {
    const state = [article('SERVICE')].reduce(
      serviceMappingDecider.evolve,
      serviceMappingDecider.initialState,
    );
    expect(
      refusal(() => serviceMappingDecider.decide({ id: '4', changes: { important: true } }, state)),
    ).toEqual([['VALIDATION_ERROR', 'id', 'validation.notTransport']]);
    expect(() =>
      serviceMappingDecider.decide(
        { id: '5', changes: { important: true } },
        serviceMappingDecider.initialState,
      ),
    ).toThrow(/Service 5 not found/);
  });

  it("the article's decider passes over the mapping's events on its stream", () => {
    const events = [
      article('FREIGHT'),
      { type: 'ServiceMappingUpdated', data: { id: '4', changes: { important: true } } },
    ] as never[];
    const state = events.reduce(articleDecider.evolve, articleDecider.initialState);
    expect(state).toEqual({
      status: 'exists',
      entity: (article('FREIGHT') as { data: unknown }).data,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshPhone, type TestSystem } from '../support/system.js';
import { LATER, recipient, startPreAdviceWorld, type Row } from './world.js';

/**
 * Pre-advice in the company's words (docs/decisions/0100) through the gateway: a policy without
 * texts of its own sends the texts admin's PRE_ADVICE wording (the trigger's key before the
 * general one), an edit of the text is the next message's wording without a restart, the
 * policy's own text still wins, and a channel without words anywhere ends in ERROR NO_TEXT with
 * nothing handed over.
 */
describe('pre-advice texts from the texts admin', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;
  const WINDOW = `${LATER} 10:00–14:00`;

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    ({ sys } = w);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const text = async (key: string, texts: Row) => {
    const res = await sys.command('CREATE_TEXT', { group: 'PRE_ADVICE', key, texts });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  /** The first line of each SMS handed over to the number (the link follows on its own line). */
  const smsTo = async (phone: string) =>
    (await w.outbox(phone)).map((m) => (m.body as string).split('\n')[0]);

  it('sends the admin’s wording when the policy has none, the next message takes an edit, and a policy’s own text wins', async () => {
    // Bergen: a policy that leaves its words to the texts admin.
    const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name: 'Bergen, company wording',
      departmentId: w.bergen,
      triggers: ['BOOKED'],
      channel: 'SMS',
      texts: [],
    });
    expect(policy.status).toBe(200);
    const general = await text('sms', { en: 'Company: {window}', nb: 'Firma: {window}' });
    const booked = await text('sms.BOOKED', {
      en: 'Booked by {senderName}',
      nb: 'Bestilt av {senderName}: {window}',
    });

    const first = freshPhone();
    const order = await w.book(recipient(first), w.bergen);
    await w.pass();
    expect(await smsTo(first)).toEqual([`Bestilt av Apotek Storgata: ${WINDOW}`]);
    const [message] = await w.outbox(first);
    expect(message!.body).toContain(`/track/${await w.trackingOf(order)}`);

    // The operator changes the wording; the same running process sends the new one.
    const edit = await sys.command('UPDATE_TEXT', {
      id: booked,
      texts: { en: 'Booked', nb: 'Ny tekst: {window}' },
    });
    expect(edit.status).toBe(200);
    const second = freshPhone();
    await w.book(recipient(second), w.bergen);
    await w.pass();
    expect(await smsTo(second)).toEqual([`Ny tekst: ${WINDOW}`]);

    // The trigger's text deleted: the general one.
    expect((await sys.command('DELETE_TEXT', { id: booked })).status).toBe(200);
    const third = freshPhone();
    await w.book(recipient(third), w.bergen);
    await w.pass();
    expect(await smsTo(third)).toEqual([`Firma: ${WINDOW}`]);

    // Oslo's policy has its own Norwegian text: it wins over the admin's.
    const oslo = freshPhone();
    await w.book(recipient(oslo), '1');
    await w.pass();
    expect(await smsTo(oslo)).toEqual([`Apotek Storgata leverer ${WINDOW}`]);

    // No words anywhere: nothing handed over, ERROR with its reason.
    expect((await sys.command('DELETE_TEXT', { id: general })).status).toBe(200);
    const fourth = freshPhone();
    const silent = await w.book(recipient(fourth), w.bergen);
    await w.pass();
    expect(await w.outbox(fourth)).toEqual([]);
    expect((await w.preAdvice(silent, sys)).attempts).toEqual([
      expect.objectContaining({ key: 'BOOKED', outcome: 'ERROR', reason: 'NO_TEXT' }),
    ]);
  }, 60_000);

  it('refuses a PRE_ADVICE text with a key pre-advice does not read or a placeholder it does not fill', async () => {
    const refused = async (key: string, en: string) => {
      const res = await sys.command('CREATE_TEXT', { group: 'PRE_ADVICE', key, texts: { en } });
      expect(res.status).toBe(400);
      return JSON.stringify(res.body);
    };
    expect(await refused('sms.LATER', 'Hi')).toContain('payload.key');
    expect(await refused('emailBody', 'On {date}')).toContain('payload.texts.en');
    expect((await sys.query('texts', { group: 'PRE_ADVICE' })).body).toEqual([]);
  });
});

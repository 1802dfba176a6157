import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  commandSchemas,
  entityAccess,
  updateCommands,
  type EntityName,
  type UpdateCommand,
  type UpdateCommandName,
} from '@nordlog/contracts';
import type { z } from 'zod';
import { configureNumberSeries } from '../support/booking.js';
import {
  sampleFleet,
  samplePlanned,
  updateSamples,
  type SampleWorld,
  type UpdateSample,
} from '../support/samples.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

type Row = Record<string, unknown>;
const names = Object.keys(updateCommands) as UpdateCommandName[];
/** Fields every row keeps for itself (bookkeeping, not the entity's data). */
const BOOKKEEPING = ['revision', 'updatedAtEpoch'];

/**
 * Update semantics, walked over every update command of the registry (contracts `updateCommands`):
 * an update naming one field leaves every other field of the read model as it was; an explicit
 * null clears a field that allows it; two concurrent updates of different fields both survive or
 * one of them is refused with 409 (docs/decisions/0018).
 */
describe('every update command changes exactly the fields it names', () => {
  let sys: TestSystem;
  let world: SampleWorld;

  const readRow = async (entity: string, id: string): Promise<Row> => {
    const { table } = entityAccess[entity as EntityName];
    const row = await sys.db.knex(table).where('id', id).first<{ data: Row }>('data');
    if (!row) throw new Error(`no ${entity} row ${id}`);
    return row.data;
  };
  const viewOf = (sample: UpdateSample, row: Row): Row => {
    const view = { ...(sample.view ? sample.view(row) : row) };
    for (const key of BOOKKEEPING) delete view[key];
    return view;
  };
  const without = (row: Row, keys: string[]) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

  /** Creates the sample's entity; its id and row. */
  const create = async (name: UpdateCommandName, sample: UpdateSample) => {
    const res = await sys.command(updateCommands[name].create, sample.create);
    expect({ create: updateCommands[name].create, status: res.status, body: res.body }).toEqual(
      expect.objectContaining({ status: 200 }),
    );
    const id = res.body.ids[0] as string;
    await sys.settled();
    return id;
  };
  /** The update of the entity: its id, its parent as the create named it (`keys`), the fields. */
  const update = async (name: UpdateCommandName, id: string, fields: Row) => {
    const sample = updateSamples[name](world);
    const keys = (updateCommands[name] as UpdateCommand).keys ?? [];
    const parent = Object.fromEntries(keys.map((k) => [k, sample.create[k]]));
    return sys.command(name, { [updateCommands[name].idField]: id, ...parent, ...fields });
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    const customer = async (name: string) =>
      (await sys.command('CREATE_CUSTOMER', { name })).body.ids[0] as string;
    const departments: [string, string] = [await dep('Oslo'), await dep('Bergen')];
    const customers: [string, string] = [await customer('Apotek 1'), await customer('Bokhandel')];
    world = {
      departments,
      customers,
      ...(await sampleFleet(sys, departments)),
      planned: await samplePlanned(sys, departments[0], customers[0]),
    };
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('every update command has a sample naming each of its fields', () => {
    for (const name of names) {
      const shape = (commandSchemas[name] as unknown as z.ZodObject).shape;
      const keys = (updateCommands[name] as UpdateCommand).keys ?? [];
      const fields = Object.keys(shape).filter(
        (f) => f !== updateCommands[name].idField && !keys.includes(f),
      );
      expect({ name, fields: Object.keys(updateSamples[name](world).changes).sort() }).toEqual({
        name,
        fields: fields.sort(),
      });
    }
  });

  for (const name of names) {
    it(`${name}: an update naming one field leaves every other field unchanged, for each field`, async () => {
      const sample = updateSamples[name](world);
      const { entity } = updateCommands[name];
      const id = await create(name, sample);
      for (const [field, value] of Object.entries(sample.changes)) {
        const before = viewOf(sample, await readRow(entity, id));
        const res = await update(name, id, { [field]: value });
        expect({ name, field, status: res.status, body: res.body }).toEqual(
          expect.objectContaining({ status: 200 }),
        );
        await sys.settled();
        const after = viewOf(sample, await readRow(entity, id));
        const moved = [field, ...(sample.follows?.[field] ?? [])];
        expect({ name, field, others: without(after, moved) }).toEqual({
          name,
          field,
          others: without(before, moved),
        });
        expect({
          name,
          field,
          changed: JSON.stringify(after[field]) !== JSON.stringify(before[field]),
        }).toEqual({
          name,
          field,
          changed: true,
        });
      }
    }, 120_000);

    it(`${name}: null clears a field that allows it and is refused (400) where it does not, changing nothing else`, async () => {
      const sample = updateSamples[name](world);
      const { entity } = updateCommands[name];
      const id = await create(name, sample);
      for (const field of Object.keys(sample.changes)) {
        const before = viewOf(sample, await readRow(entity, id));
        const res = await update(name, id, { [field]: null });
        expect({ name, field, status: [200, 400].includes(res.status) }).toEqual({
          name,
          field,
          status: true,
        });
        await sys.settled();
        const after = viewOf(sample, await readRow(entity, id));
        if (res.status === 400) {
          expect({ name, field, row: after }).toEqual({ name, field, row: before });
          continue;
        }
        expect({ name, field, value: after[field] }).toEqual({ name, field, value: null });
        const moved = [field, ...(sample.follows?.[field] ?? [])];
        expect(without(after, moved)).toEqual(without(before, moved));
      }
    }, 120_000);

    it(`${name}: concurrent updates of two different fields both survive, or one is refused with 409`, async () => {
      const sample = updateSamples[name](world);
      const { entity } = updateCommands[name];
      const id = await create(name, sample);
      const fields = Object.keys(sample.changes);
      // What each field was last set to (the values sent), to know whether an update changes it.
      const sent: Row = { ...sample.create };
      // Several pairs of fields, each field flipping between the sample's two values.
      for (let round = 0; round < 6; round++) {
        const [a, b] = [fields[round % fields.length]!, fields[(round + 1) % fields.length]!];
        const flip = (f: string) =>
          JSON.stringify(sent[f]) === JSON.stringify(sample.changes[f])
            ? sample.create[f]
            : sample.changes[f];
        const values = { [a]: flip(a), [b]: flip(b) };
        const before = viewOf(sample, await readRow(entity, id));
        const results = await Promise.all([
          update(name, id, { [a]: values[a] }),
          update(name, id, { [b]: values[b] }),
        ]);
        await sys.settled();
        const after = viewOf(sample, await readRow(entity, id));
        for (const [i, f] of [a, b].entries()) {
          const { status, body } = results[i]!;
          expect({ name, f, status: [200, 409].includes(status), body }).toEqual(
            expect.objectContaining({ status: true }),
          );
          if (status !== 200) continue;
          sent[f] = values[f];
          expect({ name, f, kept: JSON.stringify(after[f]) !== JSON.stringify(before[f]) }).toEqual(
            { name, f, kept: true },
          );
        }
      }
    }, 120_000);
  }
});

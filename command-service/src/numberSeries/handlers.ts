import {
  AppError,
  NUMBER_SERIES_CATALOGUE_STREAM,
  inScope,
  numberSeriesStream,
} from '@nordlog/contracts';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import { endMoveDecider, numberSeriesCatalogueDecider, type CatalogueState } from './decider.js';

const outside = () =>
  new AppError(
    'NO_ACCESS',
    'The number series belongs to a department or customer outside your access',
  );

export const numberSeriesHandlers = {
  CREATE_NUMBER_SERIES: (async (fields, ctx) => {
    if (!inScope(ctx.identity, fields.departmentId, fields.customerId)) throw outside();
    assertAdministers(ctx.identity, fields.departmentId, 'The number series');
    const id = await newId(ctx, 'number_series');
    return [
      target({
        id,
        streamId: NUMBER_SERIES_CATALOGUE_STREAM,
        decider: numberSeriesCatalogueDecider,
        command: { type: 'create', id, fields },
      }),
    ];
  }) satisfies Handler<'CREATE_NUMBER_SERIES'>,
  /**
   * Its name and range end (docs/decisions/0099). A moved end is recorded on the series' own
   * allocation stream in the same append, decided on that stream's last allocation.
   */
  UPDATE_NUMBER_SERIES: (({ id, name, lastSerial }, ctx) => [
    target({
      id,
      streamId: NUMBER_SERIES_CATALOGUE_STREAM,
      decider: numberSeriesCatalogueDecider,
      command: {
        type: 'update',
        id,
        fields: {
          ...(name === undefined ? {} : { name }),
          ...(lastSerial === undefined ? {} : { lastSerial }),
        },
      },
      redecide: true,
      guard: (state: CatalogueState) => {
        const series = state.series[id]?.series;
        if (!series) return;
        if (!inScope(ctx.identity, series.departmentId, series.customerId)) throw outside();
        assertAdministers(ctx.identity, series.departmentId, `Number series ${id}`);
      },
      companions: (state: CatalogueState) => {
        const entry = state.series[id];
        if (!entry || entry.deleted || lastSerial === undefined) return [];
        if (lastSerial === entry.series.lastSerial) return [];
        return [
          target({
            id,
            streamId: numberSeriesStream(id),
            decider: endMoveDecider(entry.series, lastSerial),
            command: { type: 'moveEnd' },
          }),
        ];
      },
    }),
  ]) satisfies Handler<'UPDATE_NUMBER_SERIES'>,
  DELETE_NUMBER_SERIES: (({ id }, ctx) => [
    target({
      id,
      streamId: NUMBER_SERIES_CATALOGUE_STREAM,
      decider: numberSeriesCatalogueDecider,
      command: { type: 'delete', id },
      guard: (state: CatalogueState) => {
        const series = state.series[id]?.series;
        if (!series) return;
        if (!inScope(ctx.identity, series.departmentId, series.customerId)) throw outside();
        assertAdministers(ctx.identity, series.departmentId, `Number series ${id}`);
      },
    }),
  ]) satisfies Handler<'DELETE_NUMBER_SERIES'>,
};

import { AppError, NUMBER_SERIES_CATALOGUE_STREAM, inScope } from '@nordlog/contracts';
import { assertAdministers } from '../framework/authority.js';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import { numberSeriesCatalogueDecider, type CatalogueState } from './decider.js';

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

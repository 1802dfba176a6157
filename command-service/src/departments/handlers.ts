import { departmentStream } from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import { departmentDecider } from './decider.js';

export const createDepartment: Handler<'CREATE_DEPARTMENT'> = async (fields, ctx) => {
  const id = await newId(ctx, 'department');
  return [
    target({
      id,
      streamId: departmentStream(id),
      isNew: true,
      decider: departmentDecider,
      command: { type: 'CREATE_DEPARTMENT', id, fields },
    }),
  ];
};

export const updateDepartment: Handler<'UPDATE_DEPARTMENT'> = ({ id, ...fields }) => [
  target({
    id,
    streamId: departmentStream(id),
    decider: departmentDecider,
    command: { type: 'UPDATE_DEPARTMENT', id, fields },
  }),
];

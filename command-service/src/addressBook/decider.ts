import {
  AppError,
  PERSONAL_DATA_ERASED,
  addressSubject,
  type AddressEvent,
  type AddressFields,
  type PersonalDataErasedEvent,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import {
  referenceDecider,
  type ReferenceCommand,
  type ReferenceState,
} from '../framework/referenceDecider.js';

/**
 * A saved address of the address book (docs/decisions/0061-address-book.md): created, updated
 * field by field, and deleted once; a deletion erases the people in it for good (its subject's
 * key goes), since nothing keeps a deleted address's people for any purpose.
 */
export type AddressStreamEvent = AddressEvent | PersonalDataErasedEvent;
export type AddressState = ReferenceState<AddressFields & { id: string }>;

const saved = referenceDecider<AddressFields, 'AddressCreated', 'AddressUpdated', 'AddressDeleted'>(
  {
    label: 'Address',
    created: 'AddressCreated',
    updated: 'AddressUpdated',
    deleted: 'AddressDeleted',
  },
);

export const addressDecider: Decider<
  AddressState,
  ReferenceCommand<AddressFields>,
  AddressStreamEvent
> = {
  initialState: saved.initialState,
  evolve: (state, event) =>
    event.type === PERSONAL_DATA_ERASED ? state : saved.evolve(state, event),
  decide(command, state) {
    if (command.type !== 'delete') return saved.decide(command, state);
    if (state.status === 'none') throw new AppError('NOT_FOUND', `Address ${command.id} not found`);
    if (state.status === 'deleted') return [];
    const erased: PersonalDataErasedEvent = {
      type: PERSONAL_DATA_ERASED,
      data: { subject: addressSubject(command.id), reason: 'request' },
    };
    return [{ type: 'AddressDeleted', data: { id: command.id } }, erased];
  },
};

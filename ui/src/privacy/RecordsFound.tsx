import type { AddressRow, UserRow } from '@nordlog/contracts';
import type { ReactNode } from 'react';
import { useShell } from '../app/UserContext';
import { ErasableFound, type ErasableKind } from './ErasableFound';

interface FoundProps<Row> {
  rows: Row[];
  onErased: () => void;
  errorOf: (error: unknown) => ReactNode;
}

/**
 * The users a person's phone number or e-mail address was found on, each with its erasure
 * (docs/decisions/0050-personal-data.md, addendum): the user is deleted and its personal data
 * erased after a confirmation. The admin's own user is erased by another admin.
 */
export function UsersFound(props: FoundProps<UserRow>) {
  const { user: me } = useShell();
  const kind: ErasableKind<UserRow> = {
    keys: {
      title: 'usersTitle',
      erase: 'eraseUser',
      confirmTitle: 'confirmUserTitle',
      confirmText: 'confirmUserText',
      erased: 'userErased',
    },
    columns: [
      { key: 'name', cell: (u) => u.name },
      { key: 'role', cell: (u) => u.role },
      { key: 'phoneNumber', cell: (u) => u.phoneNumber },
      { key: 'emailAddress', cell: (u) => u.email ?? '–' },
    ],
    id: (u) => u.id,
    name: (u) => u.name,
    payload: (u) => ({ userIds: [u.id] }),
    refusal: (u) => (u.id === me?.id ? 'personalData.selfHint' : null),
  };
  return <ErasableFound kind={kind} {...props} />;
}

const addressKind: ErasableKind<AddressRow> = {
  keys: {
    title: 'addressesTitle',
    erase: 'eraseAddress',
    confirmTitle: 'confirmAddressTitle',
    confirmText: 'confirmAddressText',
    erased: 'addressErased',
  },
  columns: [
    { key: 'name', cell: (a) => a.block.name },
    {
      key: 'address',
      cell: (a) =>
        [a.block.address, `${a.block.zipCode} ${a.block.zipArea}`.trim()]
          .filter(Boolean)
          .join(', '),
    },
    { key: 'phoneNumber', cell: (a) => a.block.phone || '–' },
    { key: 'emailAddress', cell: (a) => a.block.email || '–' },
  ],
  id: (a) => a.id,
  name: (a) => a.block.name,
  payload: (a) => ({ addressIds: [a.id] }),
};

/**
 * The saved addresses of the address book a person's phone number or e-mail address was found on
 * (docs/decisions/0061-address-book.md), each deleted after a confirmation, which erases the
 * people in it (ERASE_PERSONAL_DATA {addressIds}).
 */
export function AddressesFound(props: FoundProps<AddressRow>) {
  return <ErasableFound kind={addressKind} {...props} />;
}

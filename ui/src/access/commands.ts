import {
  commandPermissions,
  denial,
  identityOfUser,
  type AuthUser,
  type CommandName,
} from '@nordlog/contracts';

/**
 * May this user send the command? The same table and rule the command service applies (spec §6),
 * so a button or menu entry the server would refuse is not offered.
 */
export const mayRun = (user: AuthUser, command: CommandName): boolean =>
  denial(identityOfUser(user), commandPermissions[command], 'command') === null;

import { USERS_TABLE } from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';

/** The session headers a benchmark client sends: the cookie and the CSRF token. */
export type SessionHeaders = Record<string, string>;

/**
 * Creates a user (as the system; null: the user exists) and logs in through the token flow, as a
 * client would; the code is read from the message outbox of the embedded default.
 */
export async function signIn(
  system: System,
  phoneNumber: string,
  user: Record<string, unknown> | null,
): Promise<SessionHeaders> {
  if (user) await system.run('CREATE_USER', { name: 'Bench User', phoneNumber, ...user });
  for (let i = 0; i < 500; i++) {
    if (await system.db.knex(USERS_TABLE).where({ phone_number: phoneNumber }).first('id')) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const json = { 'content-type': 'application/json' };
  await fetch(`${system.url}/auth/request-token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phoneNumber }),
  });
  let token: string | undefined;
  for (let i = 0; i < 500 && !token; i++) {
    const row = await system.db
      .knex('message_outbox')
      .where({ recipient: phoneNumber })
      .orderBy('id', 'desc')
      .first<{ body: string } | undefined>('body');
    token = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    if (!token) await new Promise((r) => setTimeout(r, 10));
  }
  const res = await fetch(`${system.url}/auth/verify-token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phoneNumber, token }),
  });
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return {
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!,
    'x-csrf-token': csrfToken,
  };
}

import type { System } from '@nordlog/deploy';
import { signIn, type SessionHeaders } from './signIn.js';

/** What a command answered: the new ids and the refused targets (of a bulk command). */
export interface CommandBody {
  ids?: string[];
  failed?: unknown[];
  events?: string[];
}

/**
 * An ADMIN signed in to a bench's system over HTTP: `command` sends one and throws on anything
 * but 200, `query` asks one, and `client` is the shape the test helpers take (e.g.
 * `configureNumberSeries`).
 */
export async function adminClient(system: System, phoneNumber: string) {
  const headers: SessionHeaders = await signIn(system, phoneNumber, { role: 'ADMIN' });
  const command = async (type: string, payload: unknown): Promise<CommandBody> => {
    const res = await fetch(`${system.url}/api/command/${type}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ type, payload }),
    });
    const body = (await res.json()) as CommandBody;
    if (res.status !== 200) throw new Error(`${type}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const query = async <T>(name: string, params: unknown): Promise<T> => {
    const res = await fetch(`${system.url}/api/query/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: name, params }),
    });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const client = {
    command: async (type: string, payload: unknown) => ({
      status: 200,
      body: await command(type, payload),
    }),
  };
  return { headers, command, query, client };
}

import { describe, expect, it } from '@jest/globals';
import { commandKinds } from '../commandKinds.js';
import { adminResources } from './adminResources.js';
import { routeRules } from './routeAccess.js';

describe('the admin resources table', () => {
  it('each resource opens by a rule of the route table and names commands of the right kind', () => {
    for (const resource of adminResources) {
      expect({
        resource: resource.name,
        ruled: routeRules.some((r) => r.path === resource.rule),
      }).toEqual({ resource: resource.name, ruled: true });
      const kinds = { create: 'create', update: 'update', delete: 'delete' } as const;
      for (const [field, kind] of Object.entries(kinds)) {
        const command = resource[field as keyof typeof kinds];
        if (command) expect({ command, kind: commandKinds[command] }).toEqual({ command, kind });
      }
    }
  });
});

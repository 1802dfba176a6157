import { describe, expect, it } from '@jest/globals';
import { kafkaMessageJsonSchemas } from '@nordlog/contracts';
import { readFileSync } from 'node:fs';

/** docs/kafka/*.schema.json are what downstream systems validate against: never stale. */
describe('Kafka message schemas in docs/kafka', () => {
  it.each(Object.entries(kafkaMessageJsonSchemas()))(
    'docs/kafka/%s.schema.json is the schema the contracts make (npm run kafka:schemas)',
    (kind, schema) => {
      const file = new URL(`../../../docs/kafka/${kind}.schema.json`, import.meta.url);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(schema);
    },
  );
});

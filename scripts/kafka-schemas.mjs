// `npm run kafka:schemas`: writes the JSON Schema of each Kafka message kind to docs/kafka/ from
// the contracts (contracts/src/kafka.ts). A unit test fails while the files and contracts differ.
import { writeFileSync } from 'node:fs';
import { kafkaMessageJsonSchemas } from '../contracts/dist/index.js';

for (const [kind, schema] of Object.entries(kafkaMessageJsonSchemas()))
  writeFileSync(
    new URL(`../docs/kafka/${kind}.schema.json`, import.meta.url),
    `${JSON.stringify(schema, null, 2)}\n`,
  );

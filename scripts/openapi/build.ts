/**
 * `npm run openapi`: writes openapi/payments-platform.json from the catalogue and schemas/.
 * `npm run openapi -- --check`: writes nothing; exits 1 when the checked-in file differs from what
 * the current catalogue and schemas produce.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { OPENAPI_PATH, openApiText } from './assemble.ts';

const OUT_OF_DATE = `${OPENAPI_PATH} is out of date with lib/catalogue.ts and schemas/; run \`npm run openapi\` and commit it`;

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const text = openApiText();

if (values.check) {
  const current = existsSync(OPENAPI_PATH) ? readFileSync(OPENAPI_PATH, 'utf8') : '';
  if (current !== text) {
    console.error(OUT_OF_DATE);
    process.exit(1);
  }
  console.log(`${OPENAPI_PATH} is up to date`);
} else {
  mkdirSync(dirname(OPENAPI_PATH), { recursive: true });
  writeFileSync(OPENAPI_PATH, text);
  console.log(`wrote ${OPENAPI_PATH}`);
}

// `monotable serve --model FILE` with each example in examples/: the tables and items load at
// start, and every access pattern of the model answers over HTTP (so examples cannot rot on the
// HTTP side either).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { startServer, client, rawRequest, repoRoot } from './helpers.mjs';

const examplesDir = path.join(repoRoot, 'examples');
const files = readdirSync(examplesDir).filter((f) => f.endsWith('.json')).sort();

test('there are examples', () => assert.ok(files.length > 0));

for (const file of files) {
  test(`serve --model examples/${file}: tables, items and every access pattern`, async (t) => {
    const model = JSON.parse(readFileSync(path.join(examplesDir, file), 'utf8'));
    const server = await startServer(['--quiet', '--model', path.join(examplesDir, file)]);
    try {
      const db = client(server);
      const tables = await db.send(new ListTablesCommand({}));
      assert.deepEqual(tables.TableNames, model.tables.map((tb) => tb.TableName).sort());
      for (const [table, items] of Object.entries(model.items ?? {})) {
        let count = 0;
        let ExclusiveStartKey;
        do {
          const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey }));
          count += page.Count;
          ExclusiveStartKey = page.LastEvaluatedKey;
        } while (ExclusiveStartKey);
        assert.equal(count, items.length, `items in ${table}`);
      }
      const failures = [];
      for (const pattern of model.accessPatterns ?? []) {
        const res = await rawRequest(server, pattern.operation, pattern.request);
        if (res.status !== 200) {
          failures.push(`${pattern.id} (${pattern.operation}): HTTP ${res.status} ${res.text.slice(0, 300)}`);
        }
      }
      t.diagnostic(`${(model.accessPatterns ?? []).length} access patterns`);
      assert.equal(failures.length, 0, failures.join('\n'));
    } finally {
      await server.stop();
    }
  });
}

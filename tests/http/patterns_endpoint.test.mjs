// `monotable patterns FILE --endpoint URL` end to end: the model's tables are created on a real
// HTTP endpoint, its items loaded, every access pattern run there and in the engine, and the two
// answers compared. Against `monotable serve` nothing may differ; against dynalite (a DynamoDB
// emulator with its own capacity arithmetic and no transactions) the run must complete, flag what
// differs in the documented format, and agree on the items of every pattern both sides answered.
// Endpoints that answer differently (a reused table holding other data) must be flagged, exit 1.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { client, monotableBinary, repoRoot, startServer } from './helpers.mjs';

const examples = path.join(repoRoot, 'examples');
const models = {
  orders: JSON.parse(readFileSync(path.join(examples, 'orders.json'), 'utf8')),
  vaultcommerce: JSON.parse(readFileSync(path.join(examples, 'vaultcommerce.json'), 'utf8')),
};

// Runs `monotable patterns ARGS...` without the AWS credentials of whoever runs the tests (the
// endpoint is local: dummy credentials are used). Resolves to { code, stdout, stderr }.
function patterns(args, env = {}) {
  const clean = { ...process.env };
  for (const k of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION',
    'AWS_DEFAULT_REGION', 'AWS_PROFILE']) delete clean[k];
  const child = spawn(monotableBinary(), ['patterns', ...args], {
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function tableNames(server) {
  const out = await client(server).send(new ListTablesCommand({}));
  return out.TableNames;
}

// The pattern blocks of the text output: { id: "lines of that pattern" }.
function blocks(stdout, model) {
  const out = {};
  const chunks = stdout.split('\n\n');
  for (const p of model.accessPatterns) {
    out[p.id] = chunks.find((c) => c.startsWith(p.id + ' ')) ?? '';
  }
  return out;
}

describe('patterns --endpoint against monotable serve', () => {
  let server;
  before(async () => { server = await startServer(['--quiet']); });
  after(async () => { await server?.stop(); });

  for (const name of ['orders', 'vaultcommerce']) {
    test(`${name}: every pattern agrees, exit 0, tables deleted afterwards`, async () => {
      const r = await patterns([path.join(examples, `${name}.json`), '--endpoint', server.endpoint]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const model = models[name];
      const tables = model.tables.map((t) => t.TableName);
      for (const t of tables) assert.match(r.stdout, new RegExp(`created ${t} \\(ACTIVE`));
      assert.match(r.stdout, /dummy credentials/);
      const b = blocks(r.stdout, model);
      for (const p of model.accessPatterns) {
        assert.match(b[p.id], /engine/, `pattern ${p.id} is listed`);
        assert.match(b[p.id], /endpoint/, `pattern ${p.id} has the endpoint's row`);
        assert.match(b[p.id], /= same/, `pattern ${p.id}: ${b[p.id]}`);
      }
      assert.doesNotMatch(r.stdout, /DIFFERENCE/);
      assert.match(r.stdout, new RegExp(`${model.accessPatterns.length} patterns compared: no differences`));
      for (const t of tables) assert.match(r.stdout, new RegExp(`deleted ${t}`));
      assert.deepEqual(await tableNames(server), []);
    });
  }

  test('--json: one object per pattern with both sides', async () => {
    const r = await patterns(['orders', '--endpoint', server.endpoint, '--json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(rows.map((x) => x.pattern), models.orders.accessPatterns.map((p) => p.id));
    for (const row of rows) {
      assert.deepEqual(row.differences, []);
      assert.equal(row.itemsEqual, true);
      assert.deepEqual(row.engine, row.endpoint);
    }
    const open = rows.find((x) => x.pattern === 'open-orders');
    assert.ok(open.engine.items > 0);
    assert.ok(open.engine.capacity['Orders/GSI2'] > 0, JSON.stringify(open.engine));
    assert.match(r.stderr, /no differences/);
  });

  test('--table-suffix rewrites every kind of request (batches, transactions, PartiQL) and maps names back', async () => {
    const { probe } = ordersProbe();
    probe.accessPatterns.push(
      { id: 'partiql', name: 'p', description: 'p', operation: 'ExecuteStatement',
        request: { Statement: 'SELECT * FROM "Orders" WHERE PK = ?', Parameters: [{ S: 'C#c002' }] } },
      { id: 'transact-get', name: 't', description: 't', operation: 'TransactGetItems',
        request: { TransactItems: [{ Get: { TableName: 'Orders', Key: { PK: { S: 'C#c001' }, SK: { S: 'PROFILE' } } } },
          { Get: { TableName: 'Orders', Key: { PK: { S: 'none' }, SK: { S: 'none' } } } }] } },
      ...models.orders.accessPatterns.filter((p) => p.operation === 'TransactWriteItems'));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'monotable-probe-'));
    try {
      writeFileSync(path.join(dir, 'probe.json'), JSON.stringify(probe));
      const r = await patterns([path.join(dir, 'probe.json'), '--endpoint', server.endpoint,
        '--table-suffix', '.probe-1', '--json']);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(rows.length, probe.accessPatterns.length);
      for (const row of rows) {
        assert.deepEqual(row.differences, [], row.pattern);
        // Capacity is reported under the model's table name, not the endpoint's.
        if (row.engine.capacity) assert.ok('Orders' in row.endpoint.capacity, row.pattern);
      }
      const batch = rows.find((x) => x.pattern === 'batch-get');
      assert.equal(batch.endpoint.items, 2);
      assert.equal(rows.find((x) => x.pattern === 'transact-get').endpoint.items, 1);
      assert.equal(rows.find((x) => x.pattern === 'partiql').endpoint.items, 10);
      assert.match(r.stderr, /created Orders\.probe-1/);
      assert.deepEqual(await tableNames(server), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('--keep-tables keeps what it created', async () => {
    const r = await patterns(['orders', '--endpoint', server.endpoint, '--keep-tables',
      '--table-suffix', '-kept']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /kept Orders-kept on the endpoint/);
    assert.deepEqual(await tableNames(server), ['Orders-kept']);
  });
});

describe('patterns --endpoint with tables already on the endpoint', () => {
  let server;
  let dir;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'monotable-patterns-'));
    // The same design holding other data: customer c001 renamed, one line of order 100010 gone.
    const other = JSON.parse(JSON.stringify(models.orders));
    const items = other.items.Orders;
    const profile = items.find((i) => i.PK.S === 'C#c001' && i.SK.S === 'PROFILE');
    profile.name = { S: 'Somebody Else' };
    const line = items.findIndex((i) => i.PK.S === 'O#100010' && i.SK.S.startsWith('L#'));
    assert.ok(line >= 0);
    items.splice(line, 1);
    writeFileSync(path.join(dir, 'other.json'), JSON.stringify(other));
    server = await startServer(['--quiet', '--model', path.join(dir, 'other.json')]);
  });
  after(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('refuses existing tables without --reuse-tables, touching nothing', async () => {
    const r = await patterns(['orders', '--endpoint', server.endpoint]);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /table Orders already exists on http:\/\/127\.0\.0\.1:\d+: refusing/);
    assert.match(r.stderr, /--table-suffix/);
    assert.match(r.stderr, /--reuse-tables/);
    assert.deepEqual(await tableNames(server), ['Orders']);
  });

  test('--reuse-tables runs on the data there and flags every pattern that differs', async () => {
    const r = await patterns(['orders', '--endpoint', server.endpoint, '--reuse-tables']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /reusing Orders as it is/);
    const b = blocks(r.stdout, models.orders);
    assert.match(b['customer-profile'], /! DIFFERENCE: items differ: 1 from the engine, 1 from the endpoint \(1 only in the engine's answer, 1 only in the endpoint's\)/);
    assert.match(b['order-lines'], /! DIFFERENCE: items differ/);
    assert.match(b['order-lines'], /! DIFFERENCE: Count differs/);
    assert.match(b['customer-profile'], /! DIFFERENCE: capacity differs|= same|DIFFERENCE: items/);
    assert.match(b['open-orders'], /= same/);
    assert.match(r.stdout, /patterns compared: \d+ with differences \(.*items \d+/);
    // Reused tables are never deleted.
    assert.deepEqual(await tableNames(server), ['Orders']);
  });

  test('--table-suffix leaves the real table alone', async () => {
    const r = await patterns(['orders', '--endpoint', server.endpoint, '--table-suffix', '_cmp']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /table suffix "_cmp"/);
    assert.match(r.stdout, /created Orders_cmp/);
    // The output names the model's tables, not the endpoint's.
    assert.match(r.stdout, /Orders [\d.]+ \(table/);
    assert.deepEqual(await tableNames(server), ['Orders']);
  });
});

describe('patterns --endpoint usage', () => {
  test('options that need --endpoint say so', async () => {
    const r = await patterns(['orders', '--keep-tables']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /need --endpoint/);
  });

  test('an unreachable endpoint is a clear failure', async () => {
    const port = await freePort();
    const r = await patterns(['orders', '--endpoint', `http://127.0.0.1:${port}`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /DescribeTable Orders: no answer/);
  });

  test('a remote endpoint without credentials is refused before any request', async () => {
    const r = await patterns(['orders', '--endpoint', 'https://dynamodb.eu-west-1.amazonaws.com']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
  });
});

// The Orders example with probing patterns instead of its own: reads of every kind, then writes
// that touch GSIs in every way (add, rewrite, move, remove), a failed condition and a batch.
function ordersProbe() {
  const probe = JSON.parse(JSON.stringify(models.orders));
  delete probe.tour;
  const key = (pk, sk) => ({ PK: { S: pk }, SK: { S: sk } });
  const q = (extra) => ({ TableName: 'Orders', KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': { S: 'C#c002' } }, ...extra });
  const order = key('C#zz', 'O#2025-12-02#9');
  const reads = [
    ['scan-table', 'Scan', { TableName: 'Orders' }],
    ['scan-filter', 'Scan', { TableName: 'Orders', FilterExpression: '#s = :s',
      ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': { S: 'shipped' } } }],
    ['scan-sparse-gsi2', 'Scan', { TableName: 'Orders', IndexName: 'GSI2' }],
    ['query-strong', 'Query', q({ ConsistentRead: true })],
    ['query-count', 'Query', q({ Select: 'COUNT' })],
    ['query-projection', 'Query', q({ ProjectionExpression: 'PK, SK' })],
    ['query-filter', 'Query', q({ FilterExpression: 'attribute_exists(#t)', ExpressionAttributeNames: { '#t': 'total' } })],
    ['get-missing', 'GetItem', { TableName: 'Orders', Key: key('nope', 'nope') }],
    ['get-strong-4-1-kb', 'GetItem', { TableName: 'Orders', Key: key('C#c002', 'O#2025-11-01#100029'), ConsistentRead: true }],
    ['batch-get', 'BatchGetItem', { RequestItems: { Orders: { Keys: [key('C#c002', 'O#2025-11-01#100029'), key('C#c001', 'PROFILE'), key('x', 'y')] } } }],
  ];
  const writes = [
    ['put-into-two-gsis', 'PutItem', { TableName: 'Orders', Item: { ...order, GSI1PK: { S: 'O#9' }, GSI2PK: { S: 'OPEN' }, GSI2SK: { S: '2025' }, total: { N: '1.50' } } }],
    ['put-replace-leaves-gsi2', 'PutItem', { TableName: 'Orders', Item: { ...order, GSI1PK: { S: 'O#9' }, total: { N: '2' } }, ReturnValues: 'ALL_OLD' }],
    ['update-projected-attribute', 'UpdateItem', { TableName: 'Orders', Key: order, UpdateExpression: 'SET note = :n', ExpressionAttributeValues: { ':n': { S: 'hello' } }, ReturnValues: 'ALL_NEW' }],
    ['update-moves-gsi1-key', 'UpdateItem', { TableName: 'Orders', Key: order, UpdateExpression: 'SET GSI1PK = :n', ExpressionAttributeValues: { ':n': { S: 'O#10' } } }],
    ['delete', 'DeleteItem', { TableName: 'Orders', Key: order, ReturnValues: 'ALL_OLD' }],
    ['delete-missing', 'DeleteItem', { TableName: 'Orders', Key: order }],
    ['condition-fails', 'PutItem', { TableName: 'Orders', Item: key('C#c001', 'PROFILE'), ConditionExpression: 'attribute_not_exists(PK)' }],
    ['batch-write', 'BatchWriteItem', { RequestItems: { Orders: [{ PutRequest: { Item: { ...key('C#yy', 'PROFILE'), name: { S: 'Y' } } } }, { DeleteRequest: { Key: key('C#c003', 'PROFILE') } }] } }],
  ];
  probe.accessPatterns = [...reads, ...writes].map(([id, operation, request]) =>
    ({ id, name: id, description: id, operation, request }));
  return { probe, reads, writes };
}

// A port nothing listens on right now (the OS picks it; dynalite cannot take port 0).
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const dynaliteCli = path.join(repoRoot, 'tests', 'node_modules', 'dynalite', 'cli.js');

// The model without its GSIs with multi-attribute keys (Orders' ByStatusMulti) and the patterns
// that read them: dynalite, like DynamoDB Local before 3.3.0, refuses a GSI KeySchema of more than
// two elements, so CreateTable would fail there (docs/compatibility.md).
function withoutMultiAttributeGsis(model) {
  const m = JSON.parse(JSON.stringify(model));
  const dropped = new Set();
  for (const t of m.tables) {
    const multi = (g) => g.KeySchema.length > 2 || g.KeySchema.filter((k) => k.KeyType === 'HASH').length > 1;
    for (const g of t.GlobalSecondaryIndexes ?? []) if (multi(g)) dropped.add(g.IndexName);
    t.GlobalSecondaryIndexes = (t.GlobalSecondaryIndexes ?? []).filter((g) => !multi(g));
    const used = new Set([...t.KeySchema, ...t.GlobalSecondaryIndexes.flatMap((g) => g.KeySchema),
      ...(t.LocalSecondaryIndexes ?? []).flatMap((l) => l.KeySchema)].map((k) => k.AttributeName));
    t.AttributeDefinitions = t.AttributeDefinitions.filter((d) => used.has(d.AttributeName));
  }
  m.accessPatterns = (m.accessPatterns ?? []).filter((p) => !dropped.has(p.request?.IndexName));
  delete m.tour;
  return m;
}

// Writes `model` to a fresh temporary folder; returns { file, cleanup }.
function modelFile(model) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'monotable-model-'));
  const file = path.join(dir, 'model.json');
  writeFileSync(file, JSON.stringify(model));
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('patterns --endpoint against dynalite', { skip: !existsSync(dynaliteCli) && 'dynalite is not installed (scripts/setup)' }, () => {
  let dynalite;
  let endpoint;
  before(async () => {
    const port = await freePort();
    // Default CREATING time (500 ms): the tool must wait for ACTIVE.
    dynalite = spawn(process.execPath, [dynaliteCli, '--port', String(port), '--host', '127.0.0.1'],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('dynalite did not start')), 15000);
      dynalite.stdout.on('data', (d) => {
        out += d;
        if (/listening at/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      dynalite.on('exit', (code) => reject(new Error(`dynalite exited (${code})`)));
    });
    dynalite.removeAllListeners('exit');
    endpoint = `http://127.0.0.1:${port}`;
  });
  after(() => { if (dynalite && dynalite.exitCode === null) process.kill(dynalite.pid, 'SIGTERM'); });

  for (const name of ['orders', 'vaultcommerce']) {
    test(`${name}: runs to completion, items agree wherever both answered`, async () => {
      const model = withoutMultiAttributeGsis(models[name]);
      const { file, cleanup } = modelFile(model);
      let r;
      try {
        r = await patterns([file, '--endpoint', endpoint, '--json']);
      } finally {
        cleanup();
      }
      assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr);
      assert.match(r.stderr, /created \w+ \(ACTIVE after [\d.]+ s\)/);
      const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(rows.map((x) => x.pattern), model.accessPatterns.map((p) => p.id));
      let compared = 0;
      for (const row of rows) {
        // Every difference is a phrase of the documented kinds.
        for (const d of row.differences) {
          assert.match(d, /^(error on the endpoint only|error in the engine only|errors differ|error messages differ|items differ|item order differs|Count differs|ScannedCount differs|LastEvaluatedKey differs|capacity differs|ConsumedCapacity missing)/);
        }
        if (!row.engine.ok || !row.endpoint.ok) continue;
        compared++;
        assert.equal(row.itemsEqual, true, `${row.pattern}: ${row.differences.join('; ')}`);
        assert.equal(row.engine.count, row.endpoint.count, row.pattern);
      }
      // dynalite answers the reads at least (it has no transactions: those patterns fail there).
      assert.ok(compared >= model.accessPatterns.filter((p) => /Get|Query|Scan/.test(p.operation)).length - 1,
        `only ${compared} patterns answered on both sides`);
      assert.match(r.stderr, /patterns compared: (no differences|\d+ with differences \(.+\))/);
      assert.match(r.stderr, new RegExp(`deleted ${model.tables[0].TableName}`));
    });
  }

  // A probe of the engine's capacity arithmetic against dynalite's, an independent implementation
  // that is right about reads: every read (GetItem eventual and strong, a missing item, Query with
  // a projection, a filter, Select COUNT, Scan of a table and of a sparse index, BatchGetItem) must
  // agree to the unit; writes agree on the table's units, and differ only where dynalite bills no
  // index writes (DynamoDB does: a write touching a GSI entry costs WCUs there too).
  test('capacity agrees with dynalite on every read, and on table writes', async () => {
    const { probe: full, reads, writes } = ordersProbe();
    const probe = { ...full, tables: withoutMultiAttributeGsis(full).tables };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'monotable-probe-'));
    try {
      writeFileSync(path.join(dir, 'probe.json'), JSON.stringify(probe));
      const r = await patterns([path.join(dir, 'probe.json'), '--endpoint', endpoint, '--json']);
      assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr);
      const rows = Object.fromEntries(r.stdout.trim().split('\n').map((l) => JSON.parse(l))
        .map((row) => [row.pattern, row]));
      for (const [id] of reads) {
        assert.deepEqual(rows[id].differences, [], id);
        assert.equal(rows[id].engine.ok, true, id);
      }
      // 8.5 since Orders' orders carry statusPK and statusSK (ByStatusConcat): dynalite agrees above.
      assert.equal(rows['scan-table'].engine.capacity.Orders, 8.5);
      assert.equal(rows['get-strong-4-1-kb'].engine.capacity.Orders, 2);
      for (const [id] of writes) {
        const row = rows[id];
        assert.equal(row.itemsEqual, true, `${id}: ${row.differences.join('; ')}`);
        assert.equal(row.engine.ok, row.endpoint.ok, id);
        if (!row.engine.ok) continue;
        assert.equal(row.engine.capacity['Orders/table'], row.endpoint.capacity['Orders/table'], id);
        for (const [part, units] of Object.entries(row.endpoint.capacity)) {
          if (/\/GSI/.test(part)) assert.equal(units, 0, `${id}: dynalite billed ${part}`);
        }
      }
      // Where DynamoDB bills index writes, the engine does and the difference is flagged.
      assert.equal(rows['put-into-two-gsis'].engine.capacity['Orders/GSI2'], 1);
      assert.equal(rows['update-moves-gsi1-key'].engine.capacity['Orders/GSI1'], 2);
      assert.match(rows['update-moves-gsi1-key'].differences.join(), /capacity differs: .*GSI1 2 vs 0/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Indexes beyond the examples: an LSI read that fetches attributes from the table (the engine
  // rounds each fetched item up to 4 KB, as the developer guide says; dynalite sums then rounds
  // once, so this difference is flagged and expected), and a hash-only GSI whose entries share one
  // key value (no order is defined among them: not flagged).
  test('LSI fetches and hash-only GSIs against dynalite', async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({
      PK: { S: 'P#1' }, SK: { S: `S#${i}` }, LSK: { S: `L#${i}` }, GK: { S: 'G' },
      pad: { S: 'x'.repeat(1500 + 10 * i) },
    }));
    const model = {
      formatVersion: 1, name: 'IndexProbe', description: '',
      tables: [{
        TableName: 'Probe', BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
        AttributeDefinitions: ['PK', 'SK', 'LSK', 'GK'].map((n) => ({ AttributeName: n, AttributeType: 'S' })),
        LocalSecondaryIndexes: [{ IndexName: 'LSI1', Projection: { ProjectionType: 'KEYS_ONLY' },
          KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'LSK', KeyType: 'RANGE' }] }],
        GlobalSecondaryIndexes: [{ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GK', KeyType: 'HASH' }],
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['pad'] } }],
      }],
      items: { Probe: items },
      accessPatterns: [
        ['lsi-keys-only', { IndexName: 'LSI1', KeyConditionExpression: 'PK = :p' }],
        ['lsi-fetch', { IndexName: 'LSI1', KeyConditionExpression: 'PK = :p', Select: 'ALL_ATTRIBUTES' }],
        ['gsi-shared-key', { IndexName: 'GSI1', KeyConditionExpression: 'GK = :g' }],
      ].map(([id, r]) => ({ id, name: id, description: id, operation: 'Query',
        request: { TableName: 'Probe', ExpressionAttributeValues: { ':p': { S: 'P#1' }, ':g': { S: 'G' } }, ...r } })),
    };
    // Unused placeholders are an error: keep only those the expression names.
    for (const p of model.accessPatterns) {
      const used = p.request.KeyConditionExpression;
      p.request.ExpressionAttributeValues = Object.fromEntries(
        Object.entries(p.request.ExpressionAttributeValues).filter(([k]) => used.includes(k)));
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'monotable-probe-'));
    try {
      writeFileSync(path.join(dir, 'probe.json'), JSON.stringify(model));
      const r = await patterns([path.join(dir, 'probe.json'), '--endpoint', endpoint, '--json']);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const rows = Object.fromEntries(r.stdout.trim().split('\n').map((l) => JSON.parse(l))
        .map((row) => [row.pattern, row]));
      assert.deepEqual(rows['lsi-keys-only'].differences, []);
      assert.deepEqual(rows['gsi-shared-key'].differences, []);
      assert.equal(rows['lsi-fetch'].itemsEqual, true);
      // 6 items of ~1.5 KB fetched: 6 x 4 KB / 2 = 3 RCU on the table (dynalite: 9 KB -> 1.5).
      assert.equal(rows['lsi-fetch'].engine.capacity['Probe/table'], 3);
      assert.deepEqual(rows['lsi-fetch'].differences,
        ['capacity differs: Probe total 3.5 vs 2, Probe table 3 vs 1.5 (engine vs endpoint)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('text output flags what dynalite answers differently', async () => {
    const { file, cleanup } = modelFile(withoutMultiAttributeGsis(models.orders));
    let r;
    try {
      r = await patterns([file, '--endpoint', endpoint]);
    } finally {
      cleanup();
    }
    if (r.code === 1) {
      assert.match(r.stdout, /! DIFFERENCE: /);
      assert.match(r.stdout, /patterns compared: \d+ with differences/);
    } else {
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /no differences/);
    }
  });
});

// https:// through a TLS front (a node https server with a throw-away certificate for 127.0.0.1,
// passing requests on to `monotable serve`): the certificate is verified, AWS_CA_BUNDLE trusts it.
function haveOpenssl() {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('patterns --endpoint over https', { skip: !haveOpenssl() && 'no openssl to make a certificate' }, () => {
  let server;
  let front;
  let dir;
  let endpoint;
  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'monotable-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    server = await startServer(['--quiet']);
    front = https.createServer({
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    }, async (req, res) => {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const headers = { ...req.headers };
      delete headers.host;
      delete headers['content-length'];
      const answer = await fetch(server.endpoint + req.url, {
        method: req.method, headers, body: Buffer.concat(chunks),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/x-amz-json-1.0',
        'content-length': body.length,
      });
      res.end(body);
    });
    await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
    endpoint = `https://127.0.0.1:${front.address().port}`;
  });
  after(async () => {
    front?.closeAllConnections?.();
    await new Promise((resolve) => (front ? front.close(resolve) : resolve()));
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('an untrusted certificate is refused with a clear message', async () => {
    const r = await patterns(['orders', '--endpoint', endpoint]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /TLS certificate was not accepted .*AWS_CA_BUNDLE/);
  });

  test('AWS_CA_BUNDLE trusts it: the comparison runs over TLS', async () => {
    const r = await patterns(['vaultcommerce', '--endpoint', endpoint],
      { AWS_CA_BUNDLE: path.join(dir, 'cert.pem') });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /endpoint https:\/\/127\.0\.0\.1:\d+/);
    assert.match(r.stdout, /8 patterns compared: no differences/);
  });
});

// `monotable serve --data-dir`: the data survives a restart and a crash (kill -9) with every
// acknowledged write present and no transaction half applied; damaged, newer-format and shared
// directories are refused with a clear error; a torn last record is cut off; `monotable dump` and
// `restore` carry a server's data to another. Each test starts its own servers on port 0 over its
// own temporary directory and stops them by their pids.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readFileSync, writeFileSync, readdirSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  PutItemCommand,
  GetItemCommand,
  BatchWriteItemCommand,
  TransactWriteItemsCommand,
  ScanCommand,
  QueryCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  UpdateTimeToLiveCommand,
  TagResourceCommand,
  ListTagsOfResourceCommand,
  UpdateItemCommand,
  DeleteItemCommand,
  ListTablesCommand,
  CreateBackupCommand,
  ListBackupsCommand,
  UpdateContinuousBackupsCommand,
  DescribeContinuousBackupsCommand,
} from '@aws-sdk/client-dynamodb';
import { startServer, client, monotableBinary, S, N } from './helpers.mjs';

const dirs = [];
function dataDir() {
  const d = mkdtempSync(path.join(tmpdir(), 'monotable-persist-'));
  dirs.push(d);
  return d;
}
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// Starts a server that must fail: resolves to { code, stderr } (10 s at most).
function failingServer(args) {
  const child = spawn(monotableBinary(), ['serve', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (d) => { stderr += d; });
  child.stdout.on('data', (d) => { stdout += d; });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr, stdout });
    });
  });
}

async function crash(server) {
  for (const c of server.clients) c.destroy();
  process.kill(server.pid, 'SIGKILL');
  await server.exited;
}

const keyed = (name) => ({
  TableName: name,
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' },
    { AttributeName: 'sk', AttributeType: 'S' },
    { AttributeName: 'g', AttributeType: 'S' },
  ],
  GlobalSecondaryIndexes: [{
    IndexName: 'byG',
    KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
    Projection: { ProjectionType: 'ALL' },
  }],
  BillingMode: 'PAY_PER_REQUEST',
});

async function scanAll(db, TableName) {
  const items = [];
  let ExclusiveStartKey;
  do {
    const page = await db.send(new ScanCommand({ TableName, ExclusiveStartKey }));
    items.push(...page.Items);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const byKey = (items) => new Map(items.map((i) => [`${i.pk.S}|${i.sk.S}`, i]));

test('a restart keeps tables, items, indexes, TTL, tags and the creation time', async () => {
  const dir = dataDir();
  let server = await startServer(['--quiet', '--data-dir', dir]);
  let db = client(server);
  const created = await db.send(new CreateTableCommand(keyed('Shop')));
  await db.send(new UpdateTimeToLiveCommand({
    TableName: 'Shop', TimeToLiveSpecification: { Enabled: true, AttributeName: 'expires' },
  }));
  await db.send(new TagResourceCommand({
    ResourceArn: created.TableDescription.TableArn, Tags: [{ Key: 'team', Value: 'orders' }],
  }));
  for (let i = 0; i < 20; i++) {
    await db.send(new PutItemCommand({
      TableName: 'Shop', Item: { pk: S(`u${i % 4}`), sk: S(`o${i}`), g: S(`g${i % 3}`), n: N(i) },
    }));
  }
  await db.send(new UpdateItemCommand({
    TableName: 'Shop', Key: { pk: S('u0'), sk: S('o0') },
    UpdateExpression: 'SET n = n + :one', ExpressionAttributeValues: { ':one': N(100) },
  }));
  await db.send(new DeleteItemCommand({ TableName: 'Shop', Key: { pk: S('u1'), sk: S('o1') } }));
  const before = await db.send(new DescribeTableCommand({ TableName: 'Shop' }));
  const itemsBefore = await scanAll(db, 'Shop');
  await server.stop();

  server = await startServer(['--quiet', '--data-dir', dir]);
  db = client(server);
  const after = await db.send(new DescribeTableCommand({ TableName: 'Shop' }));
  assert.deepEqual(after.Table, before.Table);
  assert.equal(itemsBefore.length, 19);
  assert.deepEqual(byKey(await scanAll(db, 'Shop')), byKey(itemsBefore));
  const u0 = await db.send(new GetItemCommand({ TableName: 'Shop', Key: { pk: S('u0'), sk: S('o0') } }));
  assert.equal(u0.Item.n.N, '100');
  const g1 = await db.send(new QueryCommand({
    TableName: 'Shop', IndexName: 'byG', KeyConditionExpression: 'g = :g',
    ExpressionAttributeValues: { ':g': S('g1') },
  }));
  assert.equal(g1.Count, [1, 4, 7, 10, 13, 16, 19].filter((i) => i !== 1).length);
  const ttl = await db.send(new DescribeTimeToLiveCommand({ TableName: 'Shop' }));
  assert.equal(ttl.TimeToLiveDescription.AttributeName, 'expires');
  const tags = await db.send(new ListTagsOfResourceCommand({ ResourceArn: after.Table.TableArn }));
  assert.deepEqual(tags.Tags, [{ Key: 'team', Value: 'orders' }]);
  await server.stop();
});

// Writers that keep writing until the server dies, remembering what was acknowledged.
async function loadUntilCrash(server, { writers, batch, killAfter }) {
  const db = client(server);
  const acked = new Map();
  let count = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    process.kill(server.pid, 'SIGKILL');
  };
  const work = [];
  for (let w = 0; w < writers; w++) {
    work.push((async () => {
      for (let i = 0; !killed; i++) {
        try {
          if (batch && i % 2 === 1) {
            const items = [];
            for (let k = 0; k < 10; k++) {
              items.push({ pk: S(`w${w}`), sk: S(`b${i}-${k}`), g: S('batch'), v: N(i * 100 + k) });
            }
            await db.send(new BatchWriteItemCommand({
              RequestItems: { Load: items.map((Item) => ({ PutRequest: { Item } })) },
            }));
            for (const it of items) acked.set(`${it.pk.S}|${it.sk.S}`, it.v.N);
          } else {
            const Item = { pk: S(`w${w}`), sk: S(`p${i}`), g: S('put'), v: N(i) };
            await db.send(new PutItemCommand({ TableName: 'Load', Item }));
            acked.set(`w${w}|p${i}`, String(i));
          }
          if (++count >= killAfter) kill();
        } catch {
          if (!killed) throw new Error('a write failed before the server was killed');
          return;
        }
      }
    })());
  }
  await Promise.all(work);
  db.destroy();
  await server.exited;
  return acked;
}

for (const fsync of ['batch', 'always']) {
  test(`kill -9 during a load of PutItems and BatchWriteItems (--fsync ${fsync}): every acknowledged write is there`, async () => {
    const dir = dataDir();
    let server = await startServer(['--quiet', '--data-dir', dir, '--fsync', fsync]);
    const setup = client(server);
    await setup.send(new CreateTableCommand({ ...keyed('Load') }));
    setup.destroy();
    const acked = await loadUntilCrash(server, { writers: 12, batch: true, killAfter: 400 });
    assert.ok(acked.size >= 400, `only ${acked.size} writes acknowledged`);

    server = await startServer(['--quiet', '--data-dir', dir, '--fsync', fsync]);
    const db = client(server);
    const found = byKey(await scanAll(db, 'Load'));
    let missing = 0;
    for (const [key, v] of acked) {
      if (found.get(key)?.v.N !== v) missing++;
    }
    assert.equal(missing, 0, `${missing} of ${acked.size} acknowledged writes lost`);
    // A BatchWriteItem is one record: its ten items are all there or none is.
    const batches = new Map();
    for (const [key] of found) {
      const m = key.match(/^(w\d+)\|b(\d+)-\d$/);
      if (m) batches.set(`${m[1]}-${m[2]}`, (batches.get(`${m[1]}-${m[2]}`) ?? 0) + 1);
    }
    for (const [b, n] of batches) assert.equal(n, 10, `batch ${b} has ${n} of its 10 items`);
    await server.stop();
  });
}

test('kill -9 during TransactWriteItems: no transaction is half applied, every acknowledged one is there', async () => {
  const dir = dataDir();
  let server = await startServer(['--quiet', '--data-dir', dir]);
  let db = client(server);
  await db.send(new CreateTableCommand(keyed('Bank')));
  const accounts = 6;
  for (let a = 0; a < accounts; a++) {
    await db.send(new PutItemCommand({
      TableName: 'Bank', Item: { pk: S(`acct${a}`), sk: S('balance'), g: S('acct'), n: N(1000) },
    }));
  }
  db.destroy();
  // Each transfer moves 1 between two accounts and writes a receipt, in one transaction.
  const acked = new Set();
  let killed = false;
  let count = 0;
  const tx = client(server);
  const workers = [];
  for (let w = 0; w < 10; w++) {
    workers.push((async () => {
      for (let i = 0; !killed; i++) {
        const from = (w + i) % accounts;
        const to = (from + 1 + (i % (accounts - 1))) % accounts;
        const id = `t${w}-${i}`;
        try {
          await tx.send(new TransactWriteItemsCommand({
            TransactItems: [
              { Update: { TableName: 'Bank', Key: { pk: S(`acct${from}`), sk: S('balance') },
                UpdateExpression: 'SET n = n - :one', ExpressionAttributeValues: { ':one': N(1) } } },
              { Update: { TableName: 'Bank', Key: { pk: S(`acct${to}`), sk: S('balance') },
                UpdateExpression: 'SET n = n + :one', ExpressionAttributeValues: { ':one': N(1) } } },
              { Put: { TableName: 'Bank', Item: { pk: S(`receipt`), sk: S(id), g: S('receipt') } } },
            ],
          }));
          acked.add(id);
          if (++count === 300) {
            killed = true;
            process.kill(server.pid, 'SIGKILL');
          }
        } catch (e) {
          if (e.name === 'TransactionCanceledException' && !killed) continue;  // a conflict
          if (!killed) throw e;
          return;
        }
      }
    })());
  }
  await Promise.all(workers);
  tx.destroy();
  await server.exited;

  server = await startServer(['--quiet', '--data-dir', dir]);
  db = client(server);
  const items = await scanAll(db, 'Bank');
  const receipts = items.filter((i) => i.pk.S === 'receipt').map((i) => i.sk.S);
  const total = items.filter((i) => i.sk.S === 'balance').reduce((s, i) => s + Number(i.n.N), 0);
  assert.equal(total, accounts * 1000, 'money appeared or vanished: a transaction was half applied');
  for (const id of acked) assert.ok(receipts.includes(id), `acknowledged transaction ${id} lost`);
  await server.stop();
});

// The log file of the directory's current generation.
function logFile(dir) {
  const name = readdirSync(dir).filter((f) => f.startsWith('log-')).sort().pop();
  return path.join(dir, name);
}

async function seeded(count, extra = []) {
  const dir = dataDir();
  const server = await startServer(['--quiet', '--data-dir', dir, ...extra]);
  const db = client(server);
  await db.send(new CreateTableCommand(keyed('Logged')));
  for (let i = 0; i < count; i++) {
    await db.send(new PutItemCommand({
      TableName: 'Logged', Item: { pk: S('p'), sk: S(`s${String(i).padStart(3, '0')}`), g: S('x'), v: N(i) },
    }));
  }
  await server.stop();
  return dir;
}

test('a damaged record in the middle of the log is a clear error, and the directory is left alone', async () => {
  const dir = await seeded(20);
  const file = logFile(dir);
  const bytes = readFileSync(file);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] ^= 0xff;
  bytes[middle + 1] ^= 0x55;
  writeFileSync(file, bytes);
  const result = await failingServer(['--data-dir', dir]);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /log-000001: record \d+ at byte \d+ is damaged \((checksum mismatch|impossible length \d+)\)/);
  assert.equal(result.stdout, '', 'it must not start listening');
  assert.deepEqual(readFileSync(file), bytes, 'the damaged log must not be rewritten');
});

test('a torn last record (a crash in the middle of an append) is cut off and the rest is served', async () => {
  const dir = await seeded(10);
  const file = logFile(dir);
  const size = statSync(file).size;
  truncateSync(file, size - 7);
  const server = await startServer(['--quiet', '--data-dir', dir]);
  assert.match(server.stderr(), /the last record \(\d+ bytes at byte \d+\) is incomplete/);
  const db = client(server);
  const items = await scanAll(db, 'Logged');
  assert.equal(items.length, 9, 'the nine complete puts are there, the torn tenth is not');
  await db.send(new PutItemCommand({ TableName: 'Logged', Item: { pk: S('p'), sk: S('after'), g: S('x') } }));
  await server.stop();
  // The cut log goes on being appended to and read.
  const again = await startServer(['--quiet', '--data-dir', dir]);
  assert.equal((await scanAll(client(again), 'Logged')).length, 10);
  await again.stop();
});

test('two servers cannot share a directory: the second exits with a clear message', async () => {
  const dir = dataDir();
  const first = await startServer(['--quiet', '--data-dir', dir]);
  const second = await failingServer(['--data-dir', dir]);
  assert.equal(second.code, 1);
  assert.match(second.stderr, new RegExp(`${dir} is in use by another monotable serve \\(pid ${first.pid}\\)`));
  await first.stop();
  const third = await startServer(['--quiet', '--data-dir', dir]);  // free again once stopped
  await third.stop();
});

test('a directory written by a newer format, or not a data directory, is refused', async () => {
  const dir = await seeded(1);
  const current = path.join(dir, 'CURRENT');
  writeFileSync(current, readFileSync(current, 'utf8').replace('monotable-data 1', 'monotable-data 2'));
  const newer = await failingServer(['--data-dir', dir]);
  assert.equal(newer.code, 1);
  assert.match(newer.stderr, /was written by a newer monotable \(data format 2; this monotable reads format 1\)/);

  const foreign = dataDir();
  writeFileSync(path.join(foreign, 'notes.txt'), 'mine');
  const refused = await failingServer(['--data-dir', foreign]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /is not a monotable data directory \(it holds notes\.txt but no CURRENT file\)/);
});

test('compaction: a small --compact-bytes rewrites the snapshot, and restarts and crashes keep everything', async () => {
  const dir = dataDir();
  let server = await startServer(['--data-dir', dir, '--compact-bytes', '4096']);
  let db = client(server);
  await db.send(new CreateTableCommand(keyed('Big')));
  for (let i = 0; i < 120; i++) {
    await db.send(new PutItemCommand({
      TableName: 'Big', Item: { pk: S(`p${i % 7}`), sk: S(`s${i}`), g: S('x'), pad: S('y'.repeat(100)) },
    }));
  }
  assert.match(server.stderr(), /compacted the data directory/);
  const files = readdirSync(dir).sort();
  assert.ok(files.some((f) => /^snapshot-\d{6}\.json$/.test(f)), files.join(' '));
  assert.equal(files.filter((f) => f.startsWith('log-')).length, 1, 'old logs are deleted');
  assert.ok(statSync(logFile(dir)).size < 4096 + 1024);
  await crash(server);
  server = await startServer(['--quiet', '--data-dir', dir]);
  db = client(server);
  assert.equal((await scanAll(db, 'Big')).length, 120);
  await server.stop();
});

test('a backup and PITR survive a restart past --compact-bytes: the log is kept instead of compacted', async () => {
  const dir = dataDir();
  let server = await startServer(['--data-dir', dir, '--compact-bytes', '4096']);
  let db = client(server);
  await db.send(new CreateTableCommand(keyed('Kept')));
  await db.send(new PutItemCommand({ TableName: 'Kept', Item: { pk: S('a'), sk: S('1') } }));
  const backup = await db.send(new CreateBackupCommand({ TableName: 'Kept', BackupName: 'nightly' }));
  await db.send(new UpdateContinuousBackupsCommand({
    TableName: 'Kept', PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
  }));
  for (let i = 0; i < 80; i++) {
    await db.send(new PutItemCommand({
      TableName: 'Kept', Item: { pk: S(`p${i}`), sk: S('x'), pad: S('y'.repeat(100)) },
    }));
  }
  assert.match(server.stderr(), /not compacting the data directory .*: a snapshot cannot hold on-demand backups/);
  assert.doesNotMatch(server.stderr(), /compacted the data directory/);
  await crash(server);
  server = await startServer(['--quiet', '--data-dir', dir]);
  db = client(server);
  const backups = await db.send(new ListBackupsCommand({}));
  assert.deepEqual(backups.BackupSummaries.map((b) => b.BackupArn), [backup.BackupDetails.BackupArn]);
  const pitr = await db.send(new DescribeContinuousBackupsCommand({ TableName: 'Kept' }));
  assert.equal(pitr.ContinuousBackupsDescription.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus, 'ENABLED');
  assert.equal((await scanAll(db, 'Kept')).length, 81);
  await server.stop();
});

test('--model loads into a new directory only; later starts keep the data as it was changed', async () => {
  const dir = dataDir();
  let server = await startServer(['--quiet', '--data-dir', dir, '--model', 'orders']);
  let db = client(server);
  const count = (await scanAll(db, 'Orders')).length;
  await db.send(new DeleteItemCommand({ TableName: 'Orders', Key: { PK: S('C#c001'), SK: S('PROFILE') } }));
  await crash(server);
  server = await startServer(['--data-dir', dir, '--model', 'orders']);
  assert.match(server.stderr(), /already holds data; --model orders not loaded/);
  db = client(server);
  assert.equal((await scanAll(db, 'Orders')).length, count - 1);
  await server.stop();
});

test('dump then restore into a fresh server reproduces the tables and items', async (t) => {
  const source = await startServer(['--quiet']);
  const target = await startServer(['--quiet']);
  t.after(() => Promise.all([source.stop(), target.stop()]));
  const db = client(source);
  const created = await db.send(new CreateTableCommand(keyed('Dumped')));
  await db.send(new UpdateTimeToLiveCommand({
    TableName: 'Dumped', TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' },
  }));
  await db.send(new TagResourceCommand({
    ResourceArn: created.TableDescription.TableArn, Tags: [{ Key: 'k', Value: 'v' }],
  }));
  await db.send(new CreateTableCommand({
    TableName: 'Prov', KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'N' }],
    BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 2 },
  }));
  for (let i = 0; i < 60; i++) {
    await db.send(new PutItemCommand({
      TableName: 'Dumped',
      Item: { pk: S(`p${i % 5}`), sk: S(`s${i}`), g: S(`g${i % 2}`), bin: { B: Buffer.from([i, 0, 255]) },
        set: { SS: ['a', `b${i}`] }, m: { M: { l: { L: [N(i), { NULL: true }, { BOOL: true }] } } } },
    }));
  }
  await db.send(new PutItemCommand({ TableName: 'Prov', Item: { id: N('12.5') } }));
  const out = spawnSync(monotableBinary(), ['dump', '--endpoint', source.endpoint], { encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const file = path.join(dataDir(), 'model.json');
  writeFileSync(file, out.stdout);

  const restored = spawnSync(monotableBinary(), ['restore', '--endpoint', target.endpoint, file], { encoding: 'utf8' });
  assert.equal(restored.status, 0, restored.stderr);
  assert.match(restored.stderr, /restored 2 tables, 61 items/);
  const tdb = client(target);
  assert.deepEqual((await tdb.send(new ListTablesCommand({}))).TableNames, ['Dumped', 'Prov']);
  for (const name of ['Dumped', 'Prov']) {
    const a = (await db.send(new DescribeTableCommand({ TableName: name }))).Table;
    const b = (await tdb.send(new DescribeTableCommand({ TableName: name }))).Table;
    for (const t of [a, b]) {
      delete t.CreationDateTime;
      delete t.TableArn;
      delete t.TableId;
      delete t.BillingModeSummary?.LastUpdateToPayPerRequestDateTime;
      for (const i of t.GlobalSecondaryIndexes ?? []) delete i.IndexArn;
    }
    assert.deepEqual(b, a, name);
  }
  assert.deepEqual(byKey(await scanAll(tdb, 'Dumped')), byKey(await scanAll(db, 'Dumped')));
  assert.equal((await tdb.send(new DescribeTimeToLiveCommand({ TableName: 'Dumped' })))
    .TimeToLiveDescription.AttributeName, 'ttl');
  const arn = (await tdb.send(new DescribeTableCommand({ TableName: 'Dumped' }))).Table.TableArn;
  assert.deepEqual((await tdb.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags,
    [{ Key: 'k', Value: 'v' }]);
  // A second restore finds the tables there and says so.
  const again = spawnSync(monotableBinary(), ['restore', '--endpoint', target.endpoint, file], { encoding: 'utf8' });
  assert.equal(again.status, 1);
  assert.match(again.stderr, /CreateTable Dumped: ResourceInUseException/);
});

test('a write that cannot be logged (the file size limit) is answered 500, the server stops with status 1, and a restart serves what was acknowledged', async () => {
  const dir = dataDir();
  // ulimit -f 8: the log may not grow past 4 KB, so an append fails part way (EFBIG).
  const child = spawn('bash', ['-c', `ulimit -f 8; exec "$0" serve --port 0 --quiet --data-dir "$1"`,
    monotableBinary(), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((done) => child.on('exit', (code, signal) => done({ code, signal })));
  const endpoint = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) resolve(m[1]);
    });
    exited.then(() => reject(new Error(`serve exited: ${stderr}`)));
  });
  const server = { endpoint, clients: [] };
  const db = client(server);
  await db.send(new CreateTableCommand(keyed('Full')));
  const acked = [];
  let failure;
  for (let i = 0; i < 100 && !failure; i++) {
    try {
      await db.send(new PutItemCommand({
        TableName: 'Full', Item: { pk: S('p'), sk: S(`s${i}`), g: S('x'), pad: S('z'.repeat(200)) },
      }));
      acked.push(`s${i}`);
    } catch (e) {
      failure = e;
    }
  }
  db.destroy();
  assert.equal(failure?.name, 'InternalServerError', String(failure));
  assert.equal(failure.$metadata.httpStatusCode, 500);
  const { code } = await exited;
  assert.equal(code, 1);
  assert.match(stderr, /cannot append to .*log-000001 \(File too large\); stopping/);
  assert.ok(acked.length > 5 && acked.length < 30, `${acked.length} writes fitted in 4 KB`);

  const again = await startServer(['--quiet', '--data-dir', dir]);
  const items = await scanAll(client(again), 'Full');
  assert.deepEqual(items.map((i) => i.sk.S).sort(), [...acked].sort(),
    'exactly the acknowledged writes, not the one answered 500');
  await again.stop();
});

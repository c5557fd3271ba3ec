// Concurrency on the endpoint (issue 8), through the real AWS SDK: parallel clients on the same
// items lose no updates (ADD and SET n = n + 1 counters add up exactly), a conditional create
// race has exactly one winner, transactions are atomic and isolated (a TransactGetItems never sees
// half of a TransactWriteItems), and a read never sees half of a write. Each client has its own
// connection pool, so the requests really arrive at the same time on different connections.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { Agent } from 'node:http';
import {
  CreateTableCommand, UpdateItemCommand, GetItemCommand, PutItemCommand, TransactWriteItemsCommand,
  TransactGetItemsCommand, ScanCommand, DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { startServer, S, N } from './helpers.mjs';

let server;
const clients = [];
before(async () => {
  server = await startServer(['--quiet']);
  for (let i = 0; i < 8; i++) {
    const c = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDMONOTABLE', secretAccessKey: 'monotable-secret' },
      maxAttempts: 1,
      requestHandler: new NodeHttpHandler({ httpAgent: new Agent({ keepAlive: true, maxSockets: 16 }) }),
    });
    server.clients.push(c);
    clients.push(c);
  }
  await clients[0].send(new CreateTableCommand({
    TableName: 'Conc',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' },
                           { AttributeName: 'sk', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
  }));
});
after(async () => { await server?.stop(); });

// Runs `perClient(client, clientIndex, i)` `count` times on every client, all at once.
async function parallel(count, perClient) {
  await Promise.all(clients.map(async (c, k) => {
    const inFlight = [];
    for (let i = 0; i < count; i++) inFlight.push(perClient(c, k, i));
    await Promise.all(inFlight);
  }));
}

test('ADD counters from 8 clients add up exactly', async () => {
  const key = { pk: S('counter'), sk: S('add') };
  await parallel(250, (c) => c.send(new UpdateItemCommand({
    TableName: 'Conc', Key: key, UpdateExpression: 'ADD n :one, tags :tag',
    ExpressionAttributeValues: { ':one': N(1), ':tag': { SS: ['t'] } },
  })));
  const out = await clients[0].send(new GetItemCommand({ TableName: 'Conc', Key: key }));
  assert.equal(out.Item.n.N, String(8 * 250));
  assert.deepEqual(out.Item.tags.SS, ['t']);
});

test('SET n = n + :one with a version condition: no lost update, conflicts are refused', async () => {
  const key = { pk: S('counter'), sk: S('set') };
  await clients[0].send(new PutItemCommand({ TableName: 'Conc', Item: { ...key, n: N(0), v: N(0) } }));
  let won = 0;
  let refused = 0;
  // Optimistic locking: read the version, write if unchanged. Every success adds exactly one.
  // Each client increments 40 times in a row, all 8 clients at once.
  await Promise.all(clients.map(async (c) => {
    for (let i = 0; i < 40; i++) await increment(c);
  }));
  async function increment(c) {
    for (;;) {
      const got = await c.send(new GetItemCommand({ TableName: 'Conc', Key: key, ConsistentRead: true }));
      try {
        await c.send(new UpdateItemCommand({
          TableName: 'Conc', Key: key, UpdateExpression: 'SET n = n + :one, v = :next',
          ConditionExpression: 'v = :seen',
          ExpressionAttributeValues: { ':one': N(1), ':seen': got.Item.v, ':next': N(Number(got.Item.v.N) + 1) },
        }));
        won++;
        return;
      } catch (err) {
        assert.equal(err.name, 'ConditionalCheckFailedException');
        refused++;
      }
    }
  }
  const out = await clients[0].send(new GetItemCommand({ TableName: 'Conc', Key: key }));
  assert.equal(won, 8 * 40);
  assert.equal(out.Item.n.N, String(8 * 40));
  assert.equal(out.Item.v.N, String(8 * 40));
  assert.ok(refused >= 0);
});

test('a conditional create raced by 8 clients has exactly one winner', async () => {
  for (let round = 0; round < 20; round++) {
    const key = { pk: S('race'), sk: S(String(round)) };
    const results = await Promise.allSettled(clients.flatMap((c, k) => [0, 1, 2].map((j) =>
      c.send(new PutItemCommand({
        TableName: 'Conc', Item: { ...key, owner: S(`${k}.${j}`) },
        ConditionExpression: 'attribute_not_exists(pk)',
      })))));
    const winners = results.filter((r) => r.status === 'fulfilled');
    assert.equal(winners.length, 1, `round ${round}`);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      assert.equal(r.reason.name, 'ConditionalCheckFailedException');
    }
  }
});

test('transactions are atomic and isolated: the total across accounts never changes', async () => {
  const accounts = ['a', 'b', 'c', 'd'];
  for (const a of accounts) {
    await clients[0].send(new PutItemCommand({ TableName: 'Conc', Item: { pk: S('bank'), sk: S(a), balance: N(1000) } }));
  }
  let transfers = 0;
  let cancelled = 0;
  let reads = 0;
  const transfer = async (c, k, i) => {
    const from = accounts[(k + i) % 4];
    const to = accounts[(k + i + 1 + (i % 3)) % 4];
    try {
      await c.send(new TransactWriteItemsCommand({ TransactItems: [
        { Update: { TableName: 'Conc', Key: { pk: S('bank'), sk: S(from) },
                    UpdateExpression: 'SET balance = balance - :amt', ConditionExpression: 'balance >= :amt',
                    ExpressionAttributeValues: { ':amt': N(7) } } },
        { Update: { TableName: 'Conc', Key: { pk: S('bank'), sk: S(to) },
                    UpdateExpression: 'SET balance = balance + :amt',
                    ExpressionAttributeValues: { ':amt': N(7) } } },
      ] }));
      transfers++;
    } catch (err) {
      assert.equal(err.name, 'TransactionCanceledException');
      cancelled++;
    }
  };
  const audit = async (c) => {
    const out = await c.send(new TransactGetItemsCommand({ TransactItems: accounts.map((a) => (
      { Get: { TableName: 'Conc', Key: { pk: S('bank'), sk: S(a) } } })) }));
    const total = out.Responses.reduce((sum, r) => sum + Number(r.Item.balance.N), 0);
    assert.equal(total, 4000);
    reads++;
  };
  // Half the clients move money, the other half audit, all at the same time.
  await Promise.all(clients.map(async (c, k) => {
    const work = [];
    for (let i = 0; i < 150; i++) work.push(k % 2 ? audit(c) : transfer(c, k, i));
    await Promise.all(work);
  }));
  assert.equal(transfers + cancelled, 4 * 150);
  assert.equal(reads, 4 * 150);
  const out = await clients[0].send(new TransactGetItemsCommand({ TransactItems: accounts.map((a) => (
    { Get: { TableName: 'Conc', Key: { pk: S('bank'), sk: S(a) } } })) }));
  assert.equal(out.Responses.reduce((sum, r) => sum + Number(r.Item.balance.N), 0), 4000);
});

test('a read never sees half of a write', async () => {
  const key = { pk: S('torn'), sk: S('1') };
  const item = (v) => {
    const out = { ...key, v: N(v) };
    for (let i = 0; i < 50; i++) out[`a${i}`] = S(`${v}:${'x'.repeat(200)}`);
    return out;
  };
  await clients[0].send(new PutItemCommand({ TableName: 'Conc', Item: item(0) }));
  let checked = 0;
  await Promise.all(clients.map(async (c, k) => {
    for (let i = 0; i < 60; i++) {
      if (k % 2) {
        await c.send(new PutItemCommand({ TableName: 'Conc', Item: item(k * 1000 + i) }));
      } else {
        const got = await c.send(new GetItemCommand({ TableName: 'Conc', Key: key }));
        const v = got.Item.v.N;
        for (let a = 0; a < 50; a++) assert.equal(got.Item[`a${a}`].S.split(':')[0], v);
        checked++;
      }
    }
  }));
  assert.equal(checked, 4 * 60);
});

test('parallel writers of distinct items: every item is there', async () => {
  await parallel(100, (c, k, i) => c.send(new PutItemCommand({
    TableName: 'Conc', Item: { pk: S(`w${k}`), sk: S(String(i).padStart(3, '0')), k: N(k), i: N(i) },
  })));
  let count = 0;
  let start;
  do {
    const page = await clients[0].send(new ScanCommand({
      TableName: 'Conc', FilterExpression: 'begins_with(pk, :w)',
      ExpressionAttributeValues: { ':w': S('w') }, ExclusiveStartKey: start,
    }));
    count += page.Count;
    start = page.LastEvaluatedKey;
  } while (start);
  assert.equal(count, 8 * 100);
});

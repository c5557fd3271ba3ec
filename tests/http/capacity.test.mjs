// ReturnConsumedCapacity through the real AWS SDK v3, on items sized to the byte around DynamoDB's
// 1 KB (write) and 4 KB (read) boundaries (dynamodb-rules.md §1.5-1.7). Item size: per attribute,
// UTF-8 bytes of the name plus the value; a string value counts its UTF-8 bytes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchGetItemCommand, BatchWriteItemCommand, CreateTableCommand, DeleteItemCommand,
  GetItemCommand, PutItemCommand, QueryCommand, TransactGetItemsCommand,
  TransactWriteItemsCommand, UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { startServer, client, units, S } from './helpers.mjs';

let server;
let db;

// An item of exactly `bytes` bytes in table Sizes (hash key PK): "PK" + id + "data" + padding.
function sized(id, bytes) {
  const fixed = 'PK'.length + id.length + 'data'.length;
  return { PK: S(id), data: S('x'.repeat(bytes - fixed)) };
}

before(async () => {
  server = await startServer(['--quiet']);
  db = client(server);
  await db.send(new CreateTableCommand({
    TableName: 'Sizes', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
  }));
  await db.send(new CreateTableCommand({
    TableName: 'Collection', BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' },
                           { AttributeName: 'SK', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
  }));
});
after(async () => { await server?.stop(); });

const put = async (Item) => (await db.send(new PutItemCommand({
  TableName: 'Sizes', Item, ReturnConsumedCapacity: 'TOTAL' }))).ConsumedCapacity;
const get = async (id, ConsistentRead, ReturnConsumedCapacity = 'TOTAL') => (await db.send(
  new GetItemCommand({ TableName: 'Sizes', Key: { PK: S(id) }, ConsistentRead,
                       ReturnConsumedCapacity }))).ConsumedCapacity;

test('PutItem: 1024 bytes is 1 WCU, 1025 bytes is 2', async () => {
  assert.deepEqual(units(await put(sized('w1024', 1024))), { TableName: 'Sizes', CapacityUnits: 1 });
  assert.equal((await put(sized('w1025', 1025))).CapacityUnits, 2);
});

test('PutItem over a bigger item bills the bigger one', async () => {
  await put(sized('shrink', 2100));
  assert.equal((await put({ PK: S('shrink') })).CapacityUnits, 3);
});

test('GetItem: 4096 bytes is 0.5 RCU eventually consistent, 1 strongly', async () => {
  await put(sized('r4096', 4096));
  assert.deepEqual(units(await get('r4096', false)), { TableName: 'Sizes', CapacityUnits: 0.5 });
  assert.equal((await get('r4096', true)).CapacityUnits, 1);
});

test('GetItem: 4097 bytes is 1.0 RCU eventually consistent, 2 strongly', async () => {
  await put(sized('r4097', 4097));
  assert.equal((await get('r4097', false)).CapacityUnits, 1);
  assert.equal((await get('r4097', true)).CapacityUnits, 2);
});

test('GetItem of a missing item still costs 0.5 / 1', async () => {
  assert.equal((await get('nothing-here', false)).CapacityUnits, 0.5);
  assert.equal((await get('nothing-here', true)).CapacityUnits, 1);
});

test('GetItem with INDEXES adds the Table breakdown', async () => {
  const cc = await get('r4096', false, 'INDEXES');
  assert.equal(cc.TableName, 'Sizes');
  assert.equal(cc.CapacityUnits, 0.5);
  assert.equal(cc.Table.CapacityUnits, 0.5);
});

test('no ConsumedCapacity unless asked', async () => {
  const out = await db.send(new GetItemCommand({ TableName: 'Sizes', Key: { PK: S('r4096') } }));
  assert.equal(out.ConsumedCapacity, undefined);
});

test('UpdateItem bills the larger of before and after; a missing item costs 1', async () => {
  await put(sized('big', 2000));
  const out = await db.send(new UpdateItemCommand({
    TableName: 'Sizes', Key: { PK: S('big') }, UpdateExpression: 'SET flag = :t',
    ExpressionAttributeValues: { ':t': { BOOL: true } }, ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(out.ConsumedCapacity.CapacityUnits, 2);
  const upsert = await db.send(new UpdateItemCommand({
    TableName: 'Sizes', Key: { PK: S('fresh') }, UpdateExpression: 'SET flag = :t',
    ExpressionAttributeValues: { ':t': { BOOL: true } }, ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(upsert.ConsumedCapacity.CapacityUnits, 1);
});

test('DeleteItem of a missing item still costs 1 WCU', async () => {
  const out = await db.send(new DeleteItemCommand({
    TableName: 'Sizes', Key: { PK: S('never') }, ReturnConsumedCapacity: 'TOTAL' }));
  assert.equal(out.ConsumedCapacity.CapacityUnits, 1);
});

test('Query rounds once per page; BatchGetItem rounds every item', async () => {
  // Ten 400-byte items in one item collection: 4,000 bytes.
  const tenItems = Array.from({ length: 10 }, (_, i) => {
    const SK = `i0${i}`;
    return { PK: S('Q'), SK: S(SK), data: S('x'.repeat(400 - 'PKQSK'.length - SK.length - 4)) };
  });
  const write = await db.send(new BatchWriteItemCommand({
    RequestItems: { Collection: tenItems.map((Item) => ({ PutRequest: { Item } })) },
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.deepEqual(units(write.ConsumedCapacity), [{ TableName: 'Collection', CapacityUnits: 10 }]);
  const query = await db.send(new QueryCommand({
    TableName: 'Collection', KeyConditionExpression: 'PK = :q',
    ExpressionAttributeValues: { ':q': S('Q') }, ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(query.Count, 10);
  assert.equal(query.ConsumedCapacity.CapacityUnits, 0.5);
  const batch = await db.send(new BatchGetItemCommand({
    RequestItems: { Collection: { Keys: tenItems.map((i) => ({ PK: i.PK, SK: i.SK })) } },
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(batch.Responses.Collection.length, 10);
  assert.deepEqual(units(batch.ConsumedCapacity), [{ TableName: 'Collection', CapacityUnits: 5 }]);
});

test('BatchWriteItem: each request rounded to 1 KB, then summed per table', async () => {
  const out = await db.send(new BatchWriteItemCommand({
    RequestItems: { Sizes: [
      { PutRequest: { Item: { PK: S('t1') } } }, { PutRequest: { Item: { PK: S('t2') } } },
      { PutRequest: { Item: { PK: S('t3') } } }, { PutRequest: { Item: sized('t4', 1025) } },
    ] },
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.deepEqual(units(out.ConsumedCapacity), [{ TableName: 'Sizes', CapacityUnits: 5 }]);
});

test('transactions cost double', async () => {
  const reads = await db.send(new TransactGetItemsCommand({
    TransactItems: [{ Get: { TableName: 'Sizes', Key: { PK: S('r4096') } } },
                    { Get: { TableName: 'Sizes', Key: { PK: S('r4097') } } }],
    ReturnConsumedCapacity: 'TOTAL',
  }));
  // 2 x 1 + 2 x 2 read units.
  assert.equal(reads.ConsumedCapacity.length, 1);
  assert.equal(reads.ConsumedCapacity[0].TableName, 'Sizes');
  assert.equal(reads.ConsumedCapacity[0].CapacityUnits, 6);
  const writes = await db.send(new TransactWriteItemsCommand({
    TransactItems: [{ Put: { TableName: 'Sizes', Item: { PK: S('tx1') } } },
                    { Put: { TableName: 'Sizes', Item: sized('tx2', 1025) } }],
    ReturnConsumedCapacity: 'TOTAL',
  }));
  // 2 x 1 + 2 x 2 write units.
  assert.equal(writes.ConsumedCapacity[0].CapacityUnits, 6);
});

// The Orders single-table design (DESIGN.md, after "Using DynamoDB Well") through the real AWS SDK
// v3: customer partitions, order partitions with line items, GSI1 for order by id, and the sparse
// GSI2 that holds only open orders (shipping an order takes it out). Expected values are
// DynamoDB's behaviour, including index write costs reported with ReturnConsumedCapacity INDEXES.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchWriteItemCommand, CreateTableCommand, GetItemCommand, PutItemCommand, QueryCommand,
  ScanCommand, UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { startServer, client, rejection, plain, S, N } from './helpers.mjs';

const Table = 'Orders';
let server;
let db;

const customer = (id, name) => ({ PK: S(`C#${id}`), SK: S('PROFILE'), name: S(name) });
const order = (c, date, id, status, total) => ({
  PK: S(`C#${c}`), SK: S(`O#${date}#${id}`), orderId: S(id), status: S(status), total: N(total),
  createdAt: S(date), GSI1PK: S(`O#${id}`),
  // Sparse GSI2: only placed or packed orders carry its keys.
  ...(status === 'PLACED' || status === 'PACKED' ? { GSI2PK: S('OPEN'), GSI2SK: S(date) } : {}),
});
const line = (id, n, sku, qty) => ({
  PK: S(`O#${id}`), SK: S(`L#${n}`), sku: S(sku), qty: N(qty) });

const items = [
  customer('c1', 'Grace Hopper'), customer('c2', 'Edsger Dijkstra'),
  order('c1', '2024-05-01T10:00', 'o1', 'PLACED', 20),
  order('c1', '2024-05-03T09:30', 'o2', 'PACKED', 42.5),
  order('c2', '2024-04-28T16:45', 'o3', 'SHIPPED', 7),
  line('o1', 1, 'sku-1', 2), line('o1', 2, 'sku-2', 1), line('o2', 1, 'sku-3', 5),
];

before(async () => {
  server = await startServer(['--quiet']);
  db = client(server);
  await db.send(new CreateTableCommand({
    TableName: Table,
    AttributeDefinitions: [
      { AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' },
      { AttributeName: 'GSI1PK', AttributeType: 'S' },
      { AttributeName: 'GSI2PK', AttributeType: 'S' }, { AttributeName: 'GSI2SK', AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    GlobalSecondaryIndexes: [
      { IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'GSI2',
        KeySchema: [{ AttributeName: 'GSI2PK', KeyType: 'HASH' },
                    { AttributeName: 'GSI2SK', KeyType: 'RANGE' }],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['total'] } },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  }));
  const out = await db.send(new BatchWriteItemCommand({
    RequestItems: { [Table]: items.map((Item) => ({ PutRequest: { Item } })) },
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.deepEqual(plain(out.UnprocessedItems), {});
});
after(async () => { await server?.stop(); });

const openOrders = async () => (await db.send(new QueryCommand({
  TableName: Table, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :open',
  ExpressionAttributeValues: { ':open': S('OPEN') },
}))).Items;

test('customer orders, newest first', async () => {
  const out = await db.send(new QueryCommand({
    TableName: Table, KeyConditionExpression: 'PK = :c AND begins_with(SK, :o)',
    ExpressionAttributeValues: { ':c': S('C#c1'), ':o': S('O#') }, ScanIndexForward: false,
  }));
  assert.deepEqual(out.Items.map((i) => i.orderId.S), ['o2', 'o1']);
});

test('order by id through GSI1 (hash-only index)', async () => {
  const out = await db.send(new QueryCommand({
    TableName: Table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :o',
    ExpressionAttributeValues: { ':o': S('O#o3') }, ReturnConsumedCapacity: 'INDEXES',
  }));
  assert.equal(out.Count, 1);
  assert.deepEqual(plain(out.Items[0]), items[4]);
  // A GSI query reads the index, always eventually consistent: 0.5 RCU for up to 4 KB, billed
  // to the index, nothing to the table.
  const cc = out.ConsumedCapacity;
  assert.equal(cc.TableName, Table);
  assert.equal(cc.CapacityUnits, 0.5);
  assert.equal(cc.Table?.CapacityUnits, 0);
  assert.equal(cc.GlobalSecondaryIndexes?.GSI1?.CapacityUnits, 0.5);
});

test('line items of an order', async () => {
  const out = await db.send(new QueryCommand({
    TableName: Table, KeyConditionExpression: 'PK = :o AND begins_with(SK, :l)',
    ExpressionAttributeValues: { ':o': S('O#o1'), ':l': S('L#') },
  }));
  assert.deepEqual(out.Items.map((i) => i.sku.S), ['sku-1', 'sku-2']);
});

test('open orders: the sparse GSI2 holds only placed and packed orders', async () => {
  const open = await openOrders();
  assert.deepEqual(open.map((i) => i.SK.S), ['O#2024-05-01T10:00#o1', 'O#2024-05-03T09:30#o2']);
  // INCLUDE projection: table keys, index keys and the included attribute, nothing else.
  assert.deepEqual(Object.keys(open[0]).sort(), ['GSI2PK', 'GSI2SK', 'PK', 'SK', 'total']);
  const scan = await db.send(new ScanCommand({ TableName: Table, IndexName: 'GSI2' }));
  assert.equal(scan.Count, 2);
});

test('shipping an order removes it from GSI2: one index delete, billed to GSI2', async () => {
  const out = await db.send(new UpdateItemCommand({
    TableName: Table, Key: { PK: S('C#c1'), SK: S('O#2024-05-01T10:00#o1') },
    UpdateExpression: 'SET #s = :shipped REMOVE GSI2PK, GSI2SK',
    ConditionExpression: '#s IN (:placed, :packed)',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':shipped': S('SHIPPED'), ':placed': S('PLACED'),
                                 ':packed': S('PACKED') },
    ReturnConsumedCapacity: 'INDEXES',
  }));
  const cc = out.ConsumedCapacity;
  assert.equal(cc.TableName, Table);
  assert.equal(cc.Table.CapacityUnits, 1);
  assert.equal(cc.GlobalSecondaryIndexes.GSI2.CapacityUnits, 1);  // the entry left the index
  // GSI1 projects ALL, so its entry is rewritten with the new status: one write.
  assert.equal(cc.GlobalSecondaryIndexes.GSI1.CapacityUnits, 1);
  assert.equal(cc.CapacityUnits, 3);
  assert.deepEqual((await openOrders()).map((i) => i.orderId?.S ?? i.SK.S),
                   ['O#2024-05-03T09:30#o2']);
});

test('shipping it twice fails the condition', async () => {
  const err = await rejection(db.send(new UpdateItemCommand({
    TableName: Table, Key: { PK: S('C#c1'), SK: S('O#2024-05-01T10:00#o1') },
    UpdateExpression: 'SET #s = :shipped REMOVE GSI2PK, GSI2SK',
    ConditionExpression: '#s IN (:placed, :packed)', ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':shipped': S('SHIPPED'), ':placed': S('PLACED'),
                                 ':packed': S('PACKED') },
  })));
  assert.equal(err.name, 'ConditionalCheckFailedException');
});

test('a new open order enters GSI2 in time order', async () => {
  await db.send(new PutItemCommand({
    TableName: Table, Item: order('c2', '2024-05-02T08:00', 'o5', 'PLACED', 3),
    ConditionExpression: 'attribute_not_exists(PK)',
  }));
  assert.deepEqual((await openOrders()).map((i) => i.SK.S),
                   ['O#2024-05-02T08:00#o5', 'O#2024-05-03T09:30#o2']);
});

test('a GSI key of the wrong type is a ValidationException', async () => {
  const err = await rejection(db.send(new PutItemCommand({
    TableName: Table, Item: { PK: S('C#c9'), SK: S('PROFILE'), GSI2PK: N(1), GSI2SK: S('x') },
  })));
  assert.equal(err.name, 'ValidationException');
  assert.match(err.message, /^One or more parameter values were invalid: Type mismatch for Index Key GSI2PK Expected: S Actual: N IndexName: GSI2$/);
});

test('profile lookup', async () => {
  const out = await db.send(new GetItemCommand({
    TableName: Table, Key: { PK: S('C#c2'), SK: S('PROFILE') }, ConsistentRead: true,
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(out.Item.name.S, 'Edsger Dijkstra');
  assert.equal(out.ConsumedCapacity.CapacityUnits, 1);
});

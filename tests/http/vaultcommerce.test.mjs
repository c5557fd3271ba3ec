// The VaultCommerce single-table design (DESIGN.md) driven through the real AWS SDK v3, as an
// application would: create the table with its overloaded GSI1, load it with BatchWriteItem, then
// every access pattern, conditional writes, the denormalised-name rename as a transaction, and the
// errors the SDK surfaces as named exceptions. Expected values are DynamoDB's behaviour.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  BatchGetItemCommand, BatchWriteItemCommand, CreateTableCommand, DeleteItemCommand,
  DescribeTableCommand, GetItemCommand, ListTablesCommand, PutItemCommand, QueryCommand,
  ScanCommand, TransactGetItemsCommand, TransactWriteItemsCommand, UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { startServer, client, rejection, plain, S, N } from './helpers.mjs';

const Table = 'VaultCommerce';
let server;
let db;

const users = [
  { PK: S('USER#u1'), SK: S('PROFILE'), name: S('Ada Lovelace'), email: S('ada@example.com'),
    GSI1PK: S('EMAIL#ada@example.com'), GSI1SK: S('PROFILE'), createdAt: S('2024-01-01') },
  { PK: S('USER#u2'), SK: S('PROFILE'), name: S('Alan Turing'), email: S('alan@example.com'),
    GSI1PK: S('EMAIL#alan@example.com'), GSI1SK: S('PROFILE'), createdAt: S('2024-01-02') },
];
const order = (user, date, id, status, total, customerName) => ({
  PK: S(`USER#${user}`), SK: S(`ORDER#${date}#${id}`), orderId: S(id), status: S(status),
  total: N(total), customerName: S(customerName), createdAt: S(date),
  GSI1PK: S(`STATUS#${status}`), GSI1SK: S(date),
});
const orders = [
  order('u1', '2024-02-01', 'o1', 'SHIPPED', 120, 'Ada Lovelace'),
  order('u1', '2024-03-15', 'o2', 'PLACED', 35.5, 'Ada Lovelace'),
  order('u1', '2024-04-20', 'o3', 'PLACED', 99.99, 'Ada Lovelace'),
  order('u2', '2024-03-01', 'o4', 'PLACED', 10, 'Alan Turing'),
];
const wishlist = [
  { PK: S('USER#u1'), SK: S('WISHLIST#sku-9'), sku: S('sku-9'), addedAt: S('2024-02-10') },
];
const products = [
  { PK: S('PRODUCT#sku-9'), SK: S('METADATA'), title: S('Analytical Engine'), price: N('1843'),
    tags: { SS: ['math', 'vintage'] } },
  { PK: S('PRODUCT#sku-7'), SK: S('METADATA'), title: S('Bombe'), price: N('1939') },
];
const allItems = [...users, ...orders, ...wishlist, ...products];

before(async () => {
  server = await startServer(['--quiet']);
  db = client(server);
});
after(async () => { await server?.stop(); });

const key = (item) => ({ PK: item.PK, SK: item.SK });
const sortKeys = (items) => items.map((i) => i.SK.S);

test('CreateTable with an overloaded GSI1', async () => {
  const out = await db.send(new CreateTableCommand({
    TableName: Table,
    AttributeDefinitions: [
      { AttributeName: 'PK', AttributeType: 'S' }, { AttributeName: 'SK', AttributeType: 'S' },
      { AttributeName: 'GSI1PK', AttributeType: 'S' }, { AttributeName: 'GSI1SK', AttributeType: 'S' },
    ],
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
    GlobalSecondaryIndexes: [{
      IndexName: 'GSI1',
      KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' },
                  { AttributeName: 'GSI1SK', KeyType: 'RANGE' }],
      Projection: { ProjectionType: 'ALL' },
    }],
    BillingMode: 'PAY_PER_REQUEST',
  }));
  const t = out.TableDescription;
  assert.equal(t.TableName, Table);
  assert.ok(['CREATING', 'ACTIVE'].includes(t.TableStatus), t.TableStatus);
  assert.match(t.TableArn, /^arn:aws:dynamodb:us-east-1:\d{12}:table\/VaultCommerce$/);
  assert.deepEqual(t.KeySchema, [{ AttributeName: 'PK', KeyType: 'HASH' },
                                 { AttributeName: 'SK', KeyType: 'RANGE' }]);
  assert.equal(t.GlobalSecondaryIndexes.length, 1);
  assert.equal(t.GlobalSecondaryIndexes[0].IndexName, 'GSI1');
  assert.equal(t.BillingModeSummary?.BillingMode, 'PAY_PER_REQUEST');

  const tables = await db.send(new ListTablesCommand({}));
  assert.deepEqual(tables.TableNames, [Table]);
  const described = await db.send(new DescribeTableCommand({ TableName: Table }));
  assert.equal(described.Table.TableName, Table);
  assert.equal(described.Table.TableStatus, 'ACTIVE');
});

test('CreateTable of an existing table is a ResourceInUseException', async () => {
  const err = await rejection(db.send(new CreateTableCommand({
    TableName: Table,
    AttributeDefinitions: [{ AttributeName: 'PK', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  })));
  assert.equal(err.name, 'ResourceInUseException');
  assert.equal(err.$metadata.httpStatusCode, 400);
});

test('BatchWriteItem loads the items in chunks of 25', async () => {
  for (let i = 0; i < allItems.length; i += 25) {
    const out = await db.send(new BatchWriteItemCommand({
      RequestItems: { [Table]: allItems.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
    }));
    assert.deepEqual(plain(out.UnprocessedItems), {});
  }
  const scan = await db.send(new ScanCommand({ TableName: Table }));
  assert.equal(scan.Count, allItems.length);
  assert.equal(scan.ScannedCount, allItems.length);
});

test('BatchWriteItem with more than 25 requests is a ValidationException', async () => {
  const many = Array.from({ length: 26 }, (_, i) => ({
    PutRequest: { Item: { PK: S(`X#${i}`), SK: S('X') } } }));
  const err = await rejection(db.send(new BatchWriteItemCommand({ RequestItems: { [Table]: many } })));
  assert.equal(err.name, 'ValidationException');
});

test('GetItem: user profile, and a missing item has no Item', async () => {
  const out = await db.send(new GetItemCommand({ TableName: Table, Key: key(users[0]) }));
  assert.deepEqual(plain(out.Item), users[0]);
  const missing = await db.send(new GetItemCommand({
    TableName: Table, Key: { PK: S('USER#nobody'), SK: S('PROFILE') } }));
  assert.equal(missing.Item, undefined);
});

test('GetItem with a ProjectionExpression returns only those attributes', async () => {
  const out = await db.send(new GetItemCommand({
    TableName: Table, Key: key(users[0]), ProjectionExpression: '#n, email',
    ExpressionAttributeNames: { '#n': 'name' },
  }));
  assert.deepEqual(plain(out.Item), { name: users[0].name, email: users[0].email });
});

test('Query: user orders with begins_with, in both directions', async () => {
  const request = {
    TableName: Table,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': S('USER#u1'), ':prefix': S('ORDER#') },
  };
  const forward = await db.send(new QueryCommand(request));
  assert.deepEqual(sortKeys(forward.Items),
                   ['ORDER#2024-02-01#o1', 'ORDER#2024-03-15#o2', 'ORDER#2024-04-20#o3']);
  assert.equal(forward.Count, 3);
  assert.equal(forward.ScannedCount, 3);
  assert.equal(forward.LastEvaluatedKey, undefined);
  const backward = await db.send(new QueryCommand({ ...request, ScanIndexForward: false }));
  assert.deepEqual(sortKeys(backward.Items),
                   ['ORDER#2024-04-20#o3', 'ORDER#2024-03-15#o2', 'ORDER#2024-02-01#o1']);
});

test('Query: Limit pages with LastEvaluatedKey / ExclusiveStartKey', async () => {
  const request = {
    TableName: Table, Limit: 2, ScanIndexForward: false,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': S('USER#u1'), ':prefix': S('ORDER#') },
  };
  const page1 = await db.send(new QueryCommand(request));
  assert.deepEqual(sortKeys(page1.Items), ['ORDER#2024-04-20#o3', 'ORDER#2024-03-15#o2']);
  assert.deepEqual(plain(page1.LastEvaluatedKey), { PK: S('USER#u1'), SK: S('ORDER#2024-03-15#o2') });
  const page2 = await db.send(new QueryCommand({ ...request, ExclusiveStartKey: page1.LastEvaluatedKey }));
  assert.deepEqual(sortKeys(page2.Items), ['ORDER#2024-02-01#o1']);
  assert.equal(page2.LastEvaluatedKey, undefined);
});

test('Query: the account dashboard in one request (item collection)', async () => {
  const out = await db.send(new QueryCommand({
    TableName: Table, KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': S('USER#u1') },
  }));
  // Sorted by sort key as bytes: ORDER# < PROFILE < WISHLIST#.
  assert.deepEqual(sortKeys(out.Items), ['ORDER#2024-02-01#o1', 'ORDER#2024-03-15#o2',
                                          'ORDER#2024-04-20#o3', 'PROFILE', 'WISHLIST#sku-9']);
});

test('Query: a FilterExpression reduces Count, not ScannedCount', async () => {
  const out = await db.send(new QueryCommand({
    TableName: Table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :o)',
    FilterExpression: '#s = :placed', ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':pk': S('USER#u1'), ':o': S('ORDER#'), ':placed': S('PLACED') },
  }));
  assert.equal(out.Count, 2);
  assert.equal(out.ScannedCount, 3);
});

test('Query GSI1: login by email', async () => {
  const out = await db.send(new QueryCommand({
    TableName: Table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :e',
    ExpressionAttributeValues: { ':e': S('EMAIL#alan@example.com') },
  }));
  assert.equal(out.Count, 1);
  assert.deepEqual(plain(out.Items[0]), users[1]);
});

test('Query GSI1: orders by status, newest first, paged', async () => {
  const request = {
    TableName: Table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: { ':s': S('STATUS#PLACED') }, ScanIndexForward: false, Limit: 2,
  };
  const page1 = await db.send(new QueryCommand(request));
  assert.deepEqual(page1.Items.map((i) => i.orderId.S), ['o3', 'o2']);
  // An index's LastEvaluatedKey holds the index key and the table key.
  assert.deepEqual(plain(page1.LastEvaluatedKey), {
    GSI1PK: S('STATUS#PLACED'), GSI1SK: S('2024-03-15'), PK: S('USER#u1'),
    SK: S('ORDER#2024-03-15#o2'),
  });
  const page2 = await db.send(new QueryCommand({ ...request, ExclusiveStartKey: page1.LastEvaluatedKey }));
  assert.deepEqual(page2.Items.map((i) => i.orderId.S), ['o4']);
});

test('ConsistentRead on a GSI is a ValidationException', async () => {
  const err = await rejection(db.send(new QueryCommand({
    TableName: Table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: { ':s': S('STATUS#PLACED') }, ConsistentRead: true,
  })));
  assert.equal(err.name, 'ValidationException');
  assert.equal(err.message, 'Consistent reads are not supported on global secondary indexes');
});

test('UpdateItem with a condition: success returns ALL_NEW', async () => {
  const out = await db.send(new UpdateItemCommand({
    TableName: Table, Key: key(orders[1]),
    // TOTAL (like STATUS) is a reserved word: expressions name it through a placeholder.
    UpdateExpression: 'SET #s = :shipped, GSI1PK = :gsi, #t = #t + :fee',
    ConditionExpression: '#s = :placed',
    ExpressionAttributeNames: { '#s': 'status', '#t': 'total' },
    ExpressionAttributeValues: { ':shipped': S('SHIPPED'), ':gsi': S('STATUS#SHIPPED'),
                                 ':placed': S('PLACED'), ':fee': N('4.5') },
    ReturnValues: 'ALL_NEW',
  }));
  assert.equal(out.Attributes.status.S, 'SHIPPED');
  assert.equal(out.Attributes.total.N, '40');
  // The order moved from STATUS#PLACED to STATUS#SHIPPED in GSI1.
  const placed = await db.send(new QueryCommand({
    TableName: Table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :s',
    ExpressionAttributeValues: { ':s': S('STATUS#PLACED') },
  }));
  assert.deepEqual(placed.Items.map((i) => i.orderId.S).sort(), ['o3', 'o4']);
});

test('UpdateItem whose condition fails: ConditionalCheckFailedException, item unchanged', async () => {
  const err = await rejection(db.send(new UpdateItemCommand({
    TableName: Table, Key: key(orders[1]), UpdateExpression: 'SET #s = :cancelled',
    ConditionExpression: '#s = :placed', ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':cancelled': S('CANCELLED'), ':placed': S('PLACED') },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  })));
  assert.equal(err.name, 'ConditionalCheckFailedException');
  assert.equal(err.$metadata.httpStatusCode, 400);
  assert.equal(err.message, 'The conditional request failed');
  assert.equal(err.Item?.status?.S, 'SHIPPED');  // the item as it was, when asked for
  const now = await db.send(new GetItemCommand({ TableName: Table, Key: key(orders[1]) }));
  assert.equal(now.Item.status.S, 'SHIPPED');
});

test('PutItem with attribute_not_exists refuses to overwrite', async () => {
  const err = await rejection(db.send(new PutItemCommand({
    TableName: Table, Item: { ...users[0], name: S('Impostor') },
    ConditionExpression: 'attribute_not_exists(PK)',
  })));
  assert.equal(err.name, 'ConditionalCheckFailedException');
});

test('TransactWriteItems: rename a user and the name copied onto their orders', async () => {
  const newName = S('Augusta Ada King');
  const setName = (item) => ({
    Update: {
      TableName: Table, Key: key(item), UpdateExpression: 'SET customerName = :n',
      ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':n': newName },
    },
  });
  const out = await db.send(new TransactWriteItemsCommand({
    TransactItems: [
      { Update: { TableName: Table, Key: key(users[0]), UpdateExpression: 'SET #n = :n',
                  ExpressionAttributeNames: { '#n': 'name' },
                  ExpressionAttributeValues: { ':n': newName } } },
      ...orders.slice(0, 3).map(setName),
    ],
    ReturnConsumedCapacity: 'TOTAL',
  }));
  assert.equal(out.$metadata.httpStatusCode, 200);
  // Transactional writes cost 2 WCU per item of up to 1 KB: 4 items -> 8 (GSI writes aside).
  assert.equal(out.ConsumedCapacity.length, 1);
  assert.equal(out.ConsumedCapacity[0].TableName, Table);
  const dashboard = await db.send(new QueryCommand({
    TableName: Table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :o)',
    ExpressionAttributeValues: { ':pk': S('USER#u1'), ':o': S('ORDER#') },
  }));
  for (const o of dashboard.Items) assert.equal(o.customerName.S, 'Augusta Ada King');
});

test('TransactWriteItems cancelled: CancellationReasons in request order, nothing written', async () => {
  const err = await rejection(db.send(new TransactWriteItemsCommand({
    TransactItems: [
      { Put: { TableName: Table, Item: { PK: S('USER#u3'), SK: S('PROFILE'), name: S('Grace') } } },
      { ConditionCheck: { TableName: Table, Key: key(users[1]),
                          ConditionExpression: 'attribute_not_exists(PK)' } },
      { Update: { TableName: Table, Key: key(orders[3]), UpdateExpression: 'SET #t = :t',
                  ExpressionAttributeNames: { '#t': 'total' },
                  ExpressionAttributeValues: { ':t': N(0) } } },
    ],
  })));
  assert.equal(err.name, 'TransactionCanceledException');
  assert.equal(err.$metadata.httpStatusCode, 400);
  assert.match(err.message, /^Transaction cancelled, please refer cancellation reasons for specific reasons \[None, ConditionalCheckFailed, None\]$/);
  assert.deepEqual(plain(err.CancellationReasons), [
    { Code: 'None' },
    { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
    { Code: 'None' },
  ]);
  const grace = await db.send(new GetItemCommand({
    TableName: Table, Key: { PK: S('USER#u3'), SK: S('PROFILE') } }));
  assert.equal(grace.Item, undefined);
  const o4 = await db.send(new GetItemCommand({ TableName: Table, Key: key(orders[3]) }));
  assert.equal(o4.Item.total.N, '10');
});

test('TransactWriteItems touching one item twice is a ValidationException', async () => {
  const err = await rejection(db.send(new TransactWriteItemsCommand({
    TransactItems: [
      { Put: { TableName: Table, Item: { ...products[1], price: N(1) } } },
      { Delete: { TableName: Table, Key: key(products[1]) } },
    ],
  })));
  assert.equal(err.name, 'ValidationException');
  assert.equal(err.message, 'Transaction request cannot include multiple operations on one item');
});

test('TransactGetItems returns items in request order, {} for a missing one', async () => {
  const out = await db.send(new TransactGetItemsCommand({
    TransactItems: [
      { Get: { TableName: Table, Key: key(products[0]) } },
      { Get: { TableName: Table, Key: { PK: S('PRODUCT#none'), SK: S('METADATA') } } },
      { Get: { TableName: Table, Key: key(users[1]), ProjectionExpression: 'email' } },
    ],
  }));
  assert.equal(out.Responses.length, 3);
  assert.deepEqual(plain(out.Responses[0].Item), products[0]);
  assert.equal(out.Responses[1].Item, undefined);
  assert.deepEqual(plain(out.Responses[2].Item), { email: users[1].email });
});

test('BatchGetItem returns every found item under its table', async () => {
  const out = await db.send(new BatchGetItemCommand({
    RequestItems: { [Table]: { Keys: [key(users[0]), key(products[1]), { PK: S('X'), SK: S('Y') }] } },
  }));
  assert.deepEqual(plain(out.UnprocessedKeys), {});
  const got = out.Responses[Table].map((i) => i.PK.S).sort();
  assert.deepEqual(got, ['PRODUCT#sku-7', 'USER#u1']);
});

test('BatchGetItem with duplicate keys is a ValidationException', async () => {
  const err = await rejection(db.send(new BatchGetItemCommand({
    RequestItems: { [Table]: { Keys: [key(users[0]), key(users[0])] } },
  })));
  assert.equal(err.name, 'ValidationException');
  assert.equal(err.message, 'Provided list of item keys contains duplicates');
});

test('Scan with a filter and Select COUNT', async () => {
  const out = await db.send(new ScanCommand({
    TableName: Table, FilterExpression: 'begins_with(PK, :p)',
    ExpressionAttributeValues: { ':p': S('PRODUCT#') }, Select: 'COUNT',
  }));
  assert.equal(out.Count, 2);
  assert.equal(out.ScannedCount, allItems.length);
  assert.equal(out.Items, undefined);
});

test('DeleteItem returns ALL_OLD and the item is gone', async () => {
  const out = await db.send(new DeleteItemCommand({
    TableName: Table, Key: key(wishlist[0]), ReturnValues: 'ALL_OLD' }));
  assert.deepEqual(plain(out.Attributes), wishlist[0]);
  const gone = await db.send(new GetItemCommand({ TableName: Table, Key: key(wishlist[0]) }));
  assert.equal(gone.Item, undefined);
  // Deleting a missing item succeeds and returns nothing.
  const again = await db.send(new DeleteItemCommand({
    TableName: Table, Key: key(wishlist[0]), ReturnValues: 'ALL_OLD' }));
  assert.equal(again.Attributes, undefined);
});

test('errors surface as the SDK\'s named exceptions with DynamoDB\'s messages', async () => {
  const reserved = await rejection(db.send(new UpdateItemCommand({
    TableName: Table, Key: key(orders[0]), UpdateExpression: 'SET total = :t',
    ExpressionAttributeValues: { ':t': N(1) },
  })));
  assert.equal(reserved.name, 'ValidationException');
  // The default cohort (2026-09) envelopes UpdateExpression errors (docs/compatibility.md).
  assert.equal(reserved.message,
               '1 validation error detected: Invalid UpdateExpression: Attribute name is a ' +
               'reserved keyword; reserved keyword: total');

  const noTable = await rejection(db.send(new GetItemCommand({
    TableName: 'NoSuchTable', Key: { PK: S('a'), SK: S('b') } })));
  assert.equal(noTable.name, 'ResourceNotFoundException');
  assert.equal(noTable.message, 'Requested resource not found');

  const badKey = await rejection(db.send(new GetItemCommand({
    TableName: Table, Key: { PK: S('USER#u1') } })));
  assert.equal(badKey.name, 'ValidationException');
  assert.equal(badKey.message, 'The provided key element does not match the schema');

  const missingKey = await rejection(db.send(new PutItemCommand({
    TableName: Table, Item: { PK: S('USER#u9') } })));
  assert.equal(missingKey.name, 'ValidationException');
  assert.equal(missingKey.message,
               'One or more parameter values were invalid: Missing the key SK in the item');

  const noPartitionKey = await rejection(db.send(new QueryCommand({
    TableName: Table, KeyConditionExpression: 'SK = :s', ExpressionAttributeValues: { ':s': S('x') },
  })));
  assert.equal(noPartitionKey.name, 'ValidationException');
  assert.equal(noPartitionKey.message, 'Query condition missed key schema element: PK');

  const unknownIndex = await rejection(db.send(new QueryCommand({
    TableName: Table, IndexName: 'GSI9', KeyConditionExpression: 'PK = :p',
    ExpressionAttributeValues: { ':p': S('x') },
  })));
  assert.equal(unknownIndex.name, 'ValidationException');
  assert.equal(unknownIndex.message, 'The table does not have the specified index: GSI9');

  const describe = await rejection(db.send(new DescribeTableCommand({ TableName: 'Nope' })));
  assert.equal(describe.name, 'ResourceNotFoundException');
  assert.equal(describe.message, 'Requested resource not found: Table: Nope not found');
});

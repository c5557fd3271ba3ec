// Accounts and regions (cli/accounts.h), --shared-db and --delay-transient-statuses of
// `monotable serve`, through the AWS SDK v3 as an application uses them: tables live per (account
// of the access key, region of the credential scope), ARNs carry both, a transaction or batch
// naming another namespace's table finds none; --shared-db is DynamoDB Local's single namespace;
// --data-dir keeps each namespace across a restart; the table lifecycle runs SDK waiters. Each
// test starts its own servers (port 0) and stops them by their pids.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DynamoDBClient,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ListTablesCommand,
  PutItemCommand,
  GetItemCommand,
  QueryCommand,
  UpdateTableCommand,
  TransactWriteItemsCommand,
  TransactGetItemsCommand,
  BatchWriteItemCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb';
import { startServer, rawRequest, rejection } from './helpers.mjs';

const dirs = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function as(server, accessKeyId, region) {
  const c = new DynamoDBClient({
    endpoint: server.endpoint,
    region,
    credentials: { accessKeyId, secretAccessKey: 'secret' },
    maxAttempts: 1,
  });
  server.clients.push(c);
  return c;
}

const S = (s) => ({ S: s });
const table = (name) => ({
  TableName: name,
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
  KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
});
const names = async (c) => (await c.send(new ListTablesCommand({}))).TableNames;

test('tables are kept per account and region; ARNs carry both', async () => {
  const server = await startServer(['--quiet']);
  try {
    const west = as(server, 'test', 'us-west-1');
    const eu = as(server, 'test', 'eu-west-1');
    const other = as(server, '111122223333', 'us-west-1');
    const d = (await west.send(new CreateTableCommand(table('Orders')))).TableDescription;
    assert.equal(d.TableArn, 'arn:aws:dynamodb:us-west-1:000000000000:table/Orders');
    assert.deepEqual(await names(west), ['Orders']);
    assert.deepEqual(await names(eu), [], 'another region sees no table');
    assert.deepEqual(await names(other), [], 'another account sees no table');
    const err = await rejection(eu.send(new DescribeTableCommand({ TableName: 'Orders' })));
    assert.equal(err.name, 'ResourceNotFoundException');
    // The same name in another account is another table, with that account in its ARN.
    const o = (await other.send(new CreateTableCommand(table('Orders')))).TableDescription;
    assert.equal(o.TableArn, 'arn:aws:dynamodb:us-west-1:111122223333:table/Orders');
    await west.send(new PutItemCommand({ TableName: 'Orders', Item: { pk: S('a'), who: S('west') } }));
    const got = await other.send(new GetItemCommand({ TableName: 'Orders', Key: { pk: S('a') } }));
    assert.equal(got.Item, undefined, "the other account's table does not hold west's item");
    // Any non-numeric access key is account 000000000000: another such key shares the namespace.
    assert.deepEqual(await names(as(server, 'AKIAIOSFODNN7EXAMPLE', 'us-west-1')), ['Orders']);
  } finally {
    await server.stop();
  }
});

test('a transaction or batch naming another namespace\'s table finds no such table', async () => {
  const server = await startServer(['--quiet']);
  try {
    const west = as(server, 'test', 'us-west-1');
    const eu = as(server, 'test', 'eu-west-1');
    await west.send(new CreateTableCommand(table('Ledger')));
    await eu.send(new CreateTableCommand(table('Local')));
    const tx = await rejection(eu.send(new TransactWriteItemsCommand({
      TransactItems: [
        { Put: { TableName: 'Local', Item: { pk: S('x') } } },
        { Put: { TableName: 'Ledger', Item: { pk: S('x') } } },
      ],
    })));
    assert.equal(tx.name, 'ResourceNotFoundException');
    const local = await eu.send(new GetItemCommand({ TableName: 'Local', Key: { pk: S('x') } }));
    assert.equal(local.Item, undefined, 'the failed transaction wrote nothing');
    const batch = await rejection(eu.send(new BatchWriteItemCommand({
      RequestItems: { Ledger: [{ PutRequest: { Item: { pk: S('y') } } }] },
    })));
    assert.equal(batch.name, 'ResourceNotFoundException');
    const get = await rejection(eu.send(new TransactGetItemsCommand({
      TransactItems: [{ Get: { TableName: 'Ledger', Key: { pk: S('x') } } }],
    })));
    assert.equal(get.name, 'ResourceNotFoundException');
    const ledger = await west.send(new GetItemCommand({ TableName: 'Ledger', Key: { pk: S('y') } }));
    assert.equal(ledger.Item, undefined);
  } finally {
    await server.stop();
  }
});

test('unsigned requests and --model reach the default namespace (account 000000000000, --region)', async () => {
  const server = await startServer(['--quiet', '--anonymous', '--region', 'eu-central-1',
    '--model', 'orders']);
  try {
    const unsigned = await rawRequest(server, 'ListTables', {}, { Authorization: '' });
    assert.equal(unsigned.status, 200);
    const modelTables = unsigned.json.TableNames;
    assert.ok(modelTables.length > 0);
    assert.deepEqual(await names(as(server, 'test', 'eu-central-1')), modelTables);
    assert.deepEqual(await names(as(server, 'test', 'us-east-1')), []);
    const d = await as(server, 'test', 'eu-central-1').send(
      new DescribeTableCommand({ TableName: modelTables[0] }));
    assert.match(d.Table.TableArn, /^arn:aws:dynamodb:eu-central-1:000000000000:table\//);
  } finally {
    await server.stop();
  }
});

test('a credential scope with a region we cannot name is InvalidSignatureException', async () => {
  const server = await startServer(['--quiet']);
  try {
    const r = await rawRequest(server, 'ListTables', {}, {
      Authorization: 'AWS4-HMAC-SHA256 Credential=test/20240101/../dynamodb/aws4_request, ' +
        'SignedHeaders=host, Signature=00',
    });
    assert.equal(r.status, 400);
    assert.equal(r.json.__type, 'com.amazon.coral.service#InvalidSignatureException');
  } finally {
    await server.stop();
  }
});

test('--shared-db: one namespace for every access key and region', async () => {
  const server = await startServer(['--quiet', '--shared-db', '--region', 'us-east-2']);
  try {
    const a = as(server, '111122223333', 'us-west-1');
    const b = as(server, 'test', 'eu-west-1');
    const d = (await a.send(new CreateTableCommand(table('Shared')))).TableDescription;
    assert.equal(d.TableArn, 'arn:aws:dynamodb:us-east-2:000000000000:table/Shared');
    assert.deepEqual(await names(b), ['Shared']);
    await b.send(new TransactWriteItemsCommand({
      TransactItems: [{ Put: { TableName: 'Shared', Item: { pk: S('t') } } }],
    }));
    assert.ok((await a.send(new GetItemCommand({ TableName: 'Shared', Key: { pk: S('t') } }))).Item);
  } finally {
    await server.stop();
  }
});

test('--data-dir keeps every namespace across a restart, each in its own folder', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'monotable-accounts-'));
  dirs.push(dir);
  let server = await startServer(['--quiet', '--data-dir', dir]);
  try {
    await as(server, 'test', 'us-east-1').send(new CreateTableCommand(table('Home')));
    const other = as(server, '111122223333', 'ap-south-1');
    await other.send(new CreateTableCommand(table('Away')));
    await other.send(new PutItemCommand({ TableName: 'Away', Item: { pk: S('k'), v: S('kept') } }));
  } finally {
    await server.stop();
  }
  assert.deepEqual(readdirSync(path.join(dir, 'namespaces')), ['111122223333_ap-south-1']);
  assert.ok(readdirSync(dir).includes('CURRENT'), 'the default namespace stays at the top level');
  server = await startServer(['--quiet', '--data-dir', dir]);
  try {
    assert.deepEqual(await names(as(server, 'test', 'us-east-1')), ['Home']);
    const other = as(server, '111122223333', 'ap-south-1');
    assert.deepEqual(await names(other), ['Away']);
    const got = await other.send(new GetItemCommand({ TableName: 'Away', Key: { pk: S('k') } }));
    assert.equal(got.Item.v.S, 'kept');
    const d = await other.send(new DescribeTableCommand({ TableName: 'Away' }));
    assert.equal(d.Table.TableArn, 'arn:aws:dynamodb:ap-south-1:111122223333:table/Away');
  } finally {
    await server.stop();
  }
  // Started with another --region, the top level would be that region's: a folder holding the
  // same namespace makes that a clear error, not a silent mix.
  server = await startServer(['--quiet', '--data-dir', dir]);
  try {
    await as(server, 'test', 'eu-west-3').send(new CreateTableCommand(table('Paris')));
  } finally {
    await server.stop();
  }
  const refused = await rejection(startServer(['--quiet', '--data-dir', dir, '--region', 'eu-west-3']));
  assert.match(refused.message, /start with the --region the directory was created with/);
});

test('--delay-transient-statuses: CREATING, UPDATING with a backfilling index, DELETING; SDK waiters wait', async () => {
  const server = await startServer(['--quiet', '--delay-transient-statuses', '1500']);
  try {
    const c = as(server, 'test', 'us-east-1');
    const created = await c.send(new CreateTableCommand(table('Slow')));
    assert.equal(created.TableDescription.TableStatus, 'CREATING');
    const early = await rejection(c.send(new PutItemCommand({ TableName: 'Slow', Item: { pk: S('a') } })));
    assert.equal(early.name, 'ResourceNotFoundException');
    const started = Date.now();
    const waited = await waitUntilTableExists({ client: c, maxWaitTime: 30, minDelay: 1, maxDelay: 1 },
      { TableName: 'Slow' });
    assert.equal(waited.state, 'SUCCESS');
    assert.ok(Date.now() - started >= 900, 'the waiter had to wait');
    await c.send(new PutItemCommand({ TableName: 'Slow', Item: { pk: S('a'), g: S('x') } }));

    const updated = await c.send(new UpdateTableCommand({
      TableName: 'Slow',
      AttributeDefinitions: [{ AttributeName: 'g', AttributeType: 'S' }],
      GlobalSecondaryIndexUpdates: [{ Create: {
        IndexName: 'ByG', KeySchema: [{ AttributeName: 'g', KeyType: 'HASH' }],
        Projection: { ProjectionType: 'ALL' },
      } }],
    }));
    assert.equal(updated.TableDescription.TableStatus, 'UPDATING');
    const gsi = updated.TableDescription.GlobalSecondaryIndexes[0];
    assert.equal(gsi.IndexStatus, 'CREATING');
    assert.equal(gsi.Backfilling, true);
    const query = new QueryCommand({ TableName: 'Slow', IndexName: 'ByG',
      KeyConditionExpression: 'g = :g', ExpressionAttributeValues: { ':g': S('x') } });
    const backfilling = await rejection(c.send(query));
    assert.equal(backfilling.name, 'ValidationException');
    assert.equal(backfilling.message, 'Cannot read from backfilling global secondary index: ByG');
    const busy = await rejection(c.send(new UpdateTableCommand({ TableName: 'Slow',
      BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } })));
    assert.equal(busy.name, 'ResourceInUseException');
    // The table/index remains available for data operations while UPDATING.
    await c.send(new PutItemCommand({ TableName: 'Slow', Item: { pk: S('b'), g: S('x') } }));
    await waitUntilTableExists({ client: c, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: 'Slow' });
    for (let i = 0; i < 40; i++) {
      const t = (await c.send(new DescribeTableCommand({ TableName: 'Slow' }))).Table;
      if (t.GlobalSecondaryIndexes[0].IndexStatus === 'ACTIVE') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal((await c.send(query)).Count, 2);

    const deleted = await c.send(new DeleteTableCommand({ TableName: 'Slow' }));
    assert.equal(deleted.TableDescription.TableStatus, 'DELETING');
    assert.equal((await c.send(new DescribeTableCommand({ TableName: 'Slow' }))).Table.TableStatus, 'DELETING');
    const gone = await waitUntilTableNotExists({ client: c, maxWaitTime: 30, minDelay: 1, maxDelay: 1 },
      { TableName: 'Slow' });
    assert.equal(gone.state, 'SUCCESS');
    assert.deepEqual(await names(c), []);
  } finally {
    await server.stop();
  }
});

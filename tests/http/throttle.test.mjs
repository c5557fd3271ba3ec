// `monotable serve --throttle`: core/plan's partition model over live traffic (monotable/throttle.h,
// docs/cli.md "serve --throttle"). The server runs with --throttle-tick-ms 10, so every request
// moves the model's clock 10 ms on: 100 requests are one second, whatever the machine's speed.
//
// DynamoDB's rules pinned here:
// - a partition serves at most 1,000 WCU a second (DG bp-partition-key-design.html), in on-demand
//   mode too, and a key over it is throttled with reason TableWriteKeyRangeThroughputExceeded
//   naming the table's ARN (API ThrottlingReason; DG throttling-key-range-limit-exceeded-mitigation);
// - an on-demand table answers ThrottlingException ("Throughput exceeds the current capacity of
//   your table or index..."), a provisioned one ProvisionedThroughputExceededException with
//   TableWriteProvisionedThroughputExceeded;
// - a base-table write whose GSI partition is over is throttled with the index's reason and ARN
//   (DG gsi-throttling.html);
// - a throttled write is not applied; the SDKs retry throttling errors (API
//   ProvisionedThroughputExceededException: "The Amazon Web Services SDKs for DynamoDB
//   automatically retry requests that receive this exception");
// - BatchWriteItem returns throttled members in UnprocessedItems (API BatchWriteItem).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { DynamoDBClient, PutItemCommand, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { ConfiguredRetryStrategy } from '@smithy/util-retry';
import { startServer, rawRequest, S } from './helpers.mjs';

let server;
const big = 'x'.repeat(20 * 1024 - 100); // an item of about 20 KB: 20 WCU a write

async function createTable(name, { AttributeDefinitions = [], ...extra } = {}) {
  const r = await rawRequest(server, 'CreateTable', {
    TableName: name,
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      ...AttributeDefinitions,
    ],
    BillingMode: 'PAY_PER_REQUEST',
    ...extra,
  });
  assert.equal(r.status, 200, r.text);
  return r.json.TableDescription;
}

const put = (table, pk, sk, more = {}) =>
  rawRequest(server, 'PutItem', { TableName: table, Item: { pk: S(pk), sk: S(sk), data: S(big), ...more } });

before(async () => {
  server = await startServer(['--quiet', '--throttle', '--throttle-tick-ms', '10']);
});
after(async () => { await server?.stop(); });

test('a hot key over 1,000 WCU a second is throttled with ThrottlingException and the reason; the throttled write is not applied', async () => {
  const desc = await createTable('Hot');
  // 20 WCU a write, 100 writes a second: 2,000 WCU a second on one partition key.
  let refused;
  let n = 0;
  for (; n < 400 && !refused; n++) {
    const r = await put('Hot', 'HOT', `s${n}`);
    if (r.status !== 200) refused = r;
  }
  assert.ok(refused, 'a hot key at twice the partition limit was never throttled');
  // The partition's one second of capacity (1,000 WCU) lasts about 50 writes before it is in debt.
  assert.ok(n > 40 && n < 120, `throttled after ${n} writes`);
  assert.equal(refused.status, 400);
  assert.equal(refused.json.__type, 'com.amazon.coral.availability#ThrottlingException');
  assert.match(refused.json.message, /^Throughput exceeds the current capacity of your table or index\./);
  assert.deepEqual(refused.json.ThrottlingReasons, [
    { reason: 'TableWriteKeyRangeThroughputExceeded', resource: desc.TableArn },
  ]);
  // The refused write changed nothing.
  const got = await rawRequest(server, 'GetItem', {
    TableName: 'Hot', Key: { pk: S('HOT'), sk: S(`s${n - 1}`) }, ConsistentRead: true,
  });
  assert.equal(got.status, 200, got.text);
  assert.equal(got.json.Item, undefined);
  // The written ones are there.
  const first = await rawRequest(server, 'GetItem', { TableName: 'Hot', Key: { pk: S('HOT'), sk: S('s0') } });
  assert.equal(first.json.Item.sk.S, 's0');
});

test('the AWS SDK v3 retries a throttled write until the partition has capacity again, or reports the error', async () => {
  await createTable('Retry');
  const client = (maxAttempts) => {
    const c = new DynamoDBClient({
      endpoint: server.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDMONOTABLE', secretAccessKey: 'monotable-secret' },
      // The SDK's own retry loop, with short waits (the model's clock moves per request).
      retryStrategy: new ConfiguredRetryStrategy(maxAttempts, () => 1),
    });
    server.clients.push(c);
    return c;
  };
  const patient = client(10);
  let retried = 0;
  let written = 0;
  for (let n = 0; n < 200; n++) {
    const out = await patient.send(new PutItemCommand({
      TableName: 'Retry', Item: { pk: S('HOT'), sk: S(`s${n}`), data: S(big) },
    }));
    written++;
    retried += out.$metadata.attempts - 1;
  }
  // Every write succeeded in the end, and the partition's limit made the SDK retry.
  assert.equal(written, 200);
  assert.ok(retried > 50, `only ${retried} retries for 200 writes at twice the limit`);
  // One attempt only: the SDK reports the throttling error with its reasons.
  const impatient = client(1);
  let error;
  for (let n = 0; n < 200 && !error; n++) {
    try {
      await impatient.send(new PutItemCommand({
        TableName: 'Retry', Item: { pk: S('HOT'), sk: S(`t${n}`), data: S(big) },
      }));
    } catch (e) {
      error = e;
    }
  }
  assert.ok(error, 'never throttled');
  assert.equal(error.name, 'ThrottlingException');
  assert.equal(error.$metadata.httpStatusCode, 400);
  assert.equal(error.ThrottlingReasons?.[0]?.reason, 'TableWriteKeyRangeThroughputExceeded');
  const sdkGet = await patient.send(new GetItemCommand({ TableName: 'Retry', Key: { pk: S('HOT'), sk: S('s199') } }));
  assert.equal(sdkGet.Item.sk.S, 's199');
});

test('the same load spread over many keys is never throttled', async () => {
  await createTable('Uniform');
  // 2,000 WCU a second again, over 200 partition keys on the table's 4 partitions: about 500 WCU
  // a second each, under the 1,000 limit.
  for (let n = 0; n < 600; n++) {
    const r = await put('Uniform', `u${n % 200}`, `s${n}`);
    assert.equal(r.status, 200, `write ${n} was refused: ${r.text}`);
  }
});

test('a provisioned table throttles past its write capacity with ProvisionedThroughputExceededException', async () => {
  const desc = await createTable('Prov', {
    BillingMode: 'PROVISIONED',
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
  });
  // 1 WCU writes at 100 a second against 5 WCU provisioned (one second of it to start with).
  let refused;
  let n = 0;
  for (; n < 50 && !refused; n++) {
    const r = await rawRequest(server, 'PutItem', { TableName: 'Prov', Item: { pk: S(`k${n}`), sk: S('a') } });
    if (r.status !== 200) refused = r;
  }
  assert.ok(refused);
  assert.equal(n, 7, 'five units and one into debt, then refused');
  assert.equal(refused.json.__type, 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException');
  assert.equal(refused.json.message,
    'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.');
  assert.deepEqual(refused.json.ThrottlingReasons, [
    { reason: 'TableWriteProvisionedThroughputExceeded', resource: desc.TableArn },
  ]);
});

test('a GSI partition over its limit throttles the base-table write with the index reason (back-pressure)', async () => {
  const desc = await createTable('Orders', {
    AttributeDefinitions: [{ AttributeName: 'status', AttributeType: 'S' }],
    GlobalSecondaryIndexes: [{
      IndexName: 'ByStatus',
      KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'ALL' },
    }],
  });
  const indexArn = desc.GlobalSecondaryIndexes[0].IndexArn;
  // Every order has its own partition key (spread on the table) but the same status: the index
  // partition of OPEN takes 2,000 WCU a second.
  let refused;
  let n = 0;
  for (; n < 400 && !refused; n++) {
    const r = await put('Orders', `order${n}`, 'o', { status: S('OPEN') });
    if (r.status !== 200) refused = r;
  }
  assert.ok(refused, 'the hot index partition never throttled the table');
  assert.equal(refused.json.__type, 'com.amazon.coral.availability#ThrottlingException');
  assert.match(refused.json.message, /global secondary indexes/);
  assert.deepEqual(refused.json.ThrottlingReasons, [
    { reason: 'IndexWriteKeyRangeThroughputExceeded', resource: indexArn },
  ]);
  const got = await rawRequest(server, 'GetItem', { TableName: 'Orders', Key: { pk: S(`order${n - 1}`), sk: S('o') } });
  assert.equal(got.json.Item, undefined, 'the throttled base-table write was applied');
  // A write that leaves the hot index partition alone goes through.
  const other = await put('Orders', 'order-x', 'o', { status: S('SHIPPED') });
  assert.equal(other.status, 200, other.text);
});

test('BatchWriteItem returns the throttled members in UnprocessedItems and writes the rest', async () => {
  await createTable('Batch');
  // Drive the partition of HOT deep into debt: 300 KB items (300 WCU each) until one is refused;
  // the last admitted one leaves it about 200 units short, 20 requests' refill.
  const huge = 'y'.repeat(300 * 1024);
  let refused = false;
  for (let n = 0; n < 10 && !refused; n++) {
    const r = await put('Batch', 'HOT', `h${n}`, { data: S(huge) });
    refused = r.status !== 200;
  }
  assert.ok(refused);
  const hot = { PutRequest: { Item: { pk: S('HOT'), sk: S('batch') } } };
  const cool = { PutRequest: { Item: { pk: S('COOL'), sk: S('batch') } } };
  const r = await rawRequest(server, 'BatchWriteItem', { RequestItems: { Batch: [hot, cool] } });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.json.UnprocessedItems, { Batch: [hot] });
  // Every member throttled: the batch fails with the throttling error.
  const all = await rawRequest(server, 'BatchWriteItem', { RequestItems: { Batch: [hot] } });
  assert.equal(all.status, 400);
  assert.equal(all.json.__type, 'com.amazon.coral.availability#ThrottlingException');
  const got = await rawRequest(server, 'GetItem', { TableName: 'Batch', Key: { pk: S('COOL'), sk: S('batch') } });
  assert.equal(got.json.Item.pk.S, 'COOL');
  const notGot = await rawRequest(server, 'GetItem', { TableName: 'Batch', Key: { pk: S('HOT'), sk: S('batch') } });
  assert.equal(notGot.json.Item, undefined);
});

// DynamoDB's JSON protocol as `monotable serve` speaks it: the answers real DynamoDB gives to
// requests that are not API calls or are malformed (observed on AWS, see cli/http_protocol.h),
// the headers every response carries, the body limit, concurrency and a clean shutdown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startServer, client, rawRequest, crc32 } from './helpers.mjs';

let server;
before(async () => { server = await startServer(); });
after(async () => { await server?.stop(); });

const requestIdPattern = /^[0-9A-Z]{52}$/;

function assertDynamoHeaders(res, contentType = 'application/x-amz-json-1.0') {
  assert.match(res.headers.get('x-amzn-requestid'), requestIdPattern);
  assert.equal(res.headers.get('x-amz-crc32'), String(crc32(Buffer.from(res.text, 'utf8'))));
  if (contentType) assert.equal(res.headers.get('content-type'), contentType);
}

test('GET / answers the health check with the region', async () => {
  const res = await fetch(server.endpoint + '/');
  assert.equal(res.status, 200);
  assert.equal(await res.text(), 'healthy: dynamodb.us-east-1.amazonaws.com');
});

test('the SDK lists tables through the endpoint', async () => {
  const out = await client(server).send(new ListTablesCommand({}));
  assert.equal(out.$metadata.httpStatusCode, 200);
  assert.ok(Array.isArray(out.TableNames));
  assert.match(out.$metadata.requestId, requestIdPattern);
});

test('responses carry x-amzn-RequestId and the CRC32 of the body', async () => {
  const res = await rawRequest(server, 'ListTables', {});
  assert.equal(res.status, 200);
  assertDynamoHeaders(res);
  assert.deepEqual(Object.keys(res.json), ['TableNames']);
});

test('a body that is not JSON is a SerializationException (DynamoDB sends no message)', async () => {
  const res = await rawRequest(server, 'ListTables', 'hi');
  assert.equal(res.status, 400);
  assertDynamoHeaders(res);
  assert.deepEqual(res.json, { __type: 'com.amazon.coral.service#SerializationException' });
  // CRC32 of exactly this body, as recorded from DynamoDB.
  assert.equal(res.headers.get('x-amz-crc32'), '3948637019');
});

test('an unknown operation is an UnknownOperationException', async () => {
  for (const target of ['DynamoDB_20120810.ListTable', 'whatever', 'DynamoDB_20111205.Nope']) {
    const res = await rawRequest(server, 'X', {}, { 'X-Amz-Target': target });
    assert.equal(res.status, 400, target);
    assertDynamoHeaders(res);
    assert.deepEqual(res.json, { __type: 'com.amazon.coral.service#UnknownOperationException' });
  }
  const res = await rawRequest(server, 'X', {}, { 'X-Amz-Target': '' });
  assert.equal(res.json.__type, 'com.amazon.coral.service#UnknownOperationException');
});

test('the SDK surfaces an unknown operation as UnknownOperationException', async () => {
  // Send a real SDK command under a target the server does not know by rewriting the header.
  const c = client(server);
  c.middlewareStack.add((next) => (args) => {
    args.request.headers['x-amz-target'] = 'DynamoDB_20120810.NoSuchOperation';
    return next(args);
  }, { step: 'build', name: 'rewriteTarget' });
  await assert.rejects(c.send(new ListTablesCommand({})), { name: 'UnknownOperationException' });
});

test('an unsigned request is a MissingAuthenticationTokenException', async () => {
  const res = await rawRequest(server, 'ListTables', {}, { Authorization: '' });
  assert.equal(res.status, 400);
  assertDynamoHeaders(res);
  assert.deepEqual(res.json, {
    __type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
    message: 'Request is missing Authentication Token',
  });
  assert.equal(res.headers.get('x-amz-crc32'), '2088342776');  // as recorded from DynamoDB
  const incomplete = await rawRequest(server, 'ListTables', {}, { Authorization: 'AWS4' });
  assert.equal(incomplete.json.__type,
               'com.amazon.coral.service#MissingAuthenticationTokenException');
});

test('application/json is accepted and echoed back as the response type', async () => {
  const res = await rawRequest(server, 'ListTables', {}, { 'Content-Type': 'application/json' });
  assert.equal(res.status, 200);
  assertDynamoHeaders(res, 'application/json');
  const charset = await rawRequest(server, 'ListTables', {},
                                   { 'Content-Type': 'application/x-amz-json-1.0; charset=UTF-8' });
  assert.equal(charset.status, 200);
});

test('other content types and methods get DynamoDB\'s 404', async () => {
  for (const contentType of ['application/x-amz-json-1.1', 'text/plain', 'whatever']) {
    const res = await rawRequest(server, 'ListTables', {}, { 'Content-Type': contentType });
    assert.equal(res.status, 404, contentType);
    assert.equal(res.text, '<UnknownOperationException/>\n');
    assert.equal(res.headers.get('x-amz-crc32'), '3552371480');
    assert.match(res.headers.get('x-amzn-requestid'), requestIdPattern);
  }
  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    const res = await fetch(server.endpoint + '/', { method });
    assert.equal(res.status, 404, method);
    assert.equal(await res.text(), '<UnknownOperationException/>\n');
  }
});

test('responses are not compressed, even when the client accepts gzip', async () => {
  for (const contentType of ['application/x-amz-json-1.0', 'application/json']) {
    const res = await rawRequest(server, 'ListTables', {},
                                 { 'Content-Type': contentType, 'Accept-Encoding': 'gzip, br' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-encoding'), null, contentType);
    assertDynamoHeaders(res, contentType);
  }
});

test('CORS: a browser origin may call the endpoint', async () => {
  const preflight = await fetch(server.endpoint + '/', {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-amz-target,authorization',
    },
  });
  assert.equal(preflight.status, 200);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.equal(preflight.headers.get('access-control-allow-headers'),
               'content-type,x-amz-target,authorization');
  const res = await rawRequest(server, 'ListTables', {}, { Origin: 'http://localhost:5173' });
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
});

test('a body over 16 MB is refused with 413, and the server keeps serving', async () => {
  const big = '{"x":"' + 'a'.repeat(16 * 1024 * 1024) + '"}';
  const res = await rawRequest(server, 'ListTables', big);
  assert.equal(res.status, 413);
  const after = await rawRequest(server, 'ListTables', {});
  assert.equal(after.status, 200);
});

test('concurrent clients are all served', async () => {
  const c = client(server);
  const results = await Promise.all(
    Array.from({ length: 64 }, () => c.send(new ListTablesCommand({}))));
  assert.equal(results.length, 64);
  for (const r of results) assert.equal(r.$metadata.httpStatusCode, 200);
});

test('unsigned requests are accepted with --anonymous', async () => {
  const anon = await startServer(['--anonymous', '--quiet']);
  try {
    const res = await rawRequest(anon, 'ListTables', {}, { Authorization: '' });
    assert.equal(res.status, 200);
  } finally {
    await anon.stop();
  }
});

test('SIGTERM stops the server cleanly (exit code 0)', async () => {
  const s = await startServer(['--quiet']);
  const result = await s.stop();
  assert.deepEqual(result, { code: 0, signal: null });
  assert.match(s.stderr(), /stopped/);
});

test('a port in use is reported, not a crash', async () => {
  const { spawnSync } = await import('node:child_process');
  const { monotableBinary } = await import('./helpers.mjs');
  const r = spawnSync(monotableBinary(), ['serve', '--port', String(server.port)], {
    encoding: 'utf8', timeout: 10000,
  });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /cannot listen on 127\.0\.0\.1:\d+/);
});


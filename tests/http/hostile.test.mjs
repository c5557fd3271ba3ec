// Hostile input on the endpoint (issue 8): malformed JSON, wrong content types, unknown targets,
// bodies over the limit, deep nesting, invalid UTF-8, enormous numbers, malformed HTTP, slow
// clients that never finish a request, clients that never read their answers, and hundreds of
// connections. Each gets DynamoDB's answer (or HTTP's, below the protocol); the server never
// crashes or hangs, its memory stays bounded (VmRSS from /proc), and the data written before the
// barrage is intact after it. Raw sockets (node:net) so that nothing is tidied up by a client.
// docs/reliability.md records what this file tries.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { startServer, rawRequest, fakeAuth, crc32 } from './helpers.mjs';

let server;
let rssAtStart = 0;
// Short timeouts so that slow clients are dropped within the test's time.
const kRequestTimeoutMs = 1500;
before(async () => {
  server = await startServer(['--quiet', '--request-timeout-ms', String(kRequestTimeoutMs),
                              '--idle-timeout-ms', '5000']);
  await rawRequest(server, 'CreateTable', {
    TableName: 'Hostile',
    KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' },
                           { AttributeName: 'sk', AttributeType: 'N' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  for (let i = 0; i < 20; i++) {
    const res = await rawRequest(server, 'PutItem', {
      TableName: 'Hostile',
      Item: { pk: { S: 'keep' }, sk: { N: String(i) }, text: { S: `kept ${i} ✓` } },
    });
    assert.equal(res.status, 200);
  }
  rssAtStart = rssKb();
});
after(async () => {
  await server?.stop();
  // The server's own account of the barrage (connections, refusals, timeouts).
  console.log(server?.stderr().trim().split('\n').pop());
});

// Resident memory of the server in KB.
function rssKb() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]);
}

// Parses every complete HTTP response at the start of `buf`; returns { responses, rest }.
function parseResponses(buf) {
  const responses = [];
  let offset = 0;
  while (true) {
    const end = buf.indexOf('\r\n\r\n', offset);
    if (end < 0) break;
    const head = buf.subarray(offset, end).toString('latin1').split('\r\n');
    const status = Number(head[0].split(' ')[1]);
    const headers = {};
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = status === 100 ? 0 : Number(headers['content-length'] ?? 0);
    if (buf.length < end + 4 + length) break;
    const body = buf.subarray(end + 4, end + 4 + length).toString('utf8');
    responses.push({ status, headers, body });
    offset = end + 4 + length;
  }
  return { responses, rest: buf.subarray(offset) };
}

// Opens a socket to the server; resolves once connected.
function connect(port = server.port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

// Sends `chunks` (strings or Buffers) on a fresh connection and collects the responses until
// `count` have arrived or the server closes; resolves to { responses, closed }.
async function exchange(chunks, { count = 1, timeoutMs = 10000, end = false, port } = {}) {
  const socket = await connect(port);
  return new Promise((resolve, reject) => {
    let buf = Buffer.alloc(0);
    let responses = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in ${timeoutMs} ms (got ${responses.length})`));
    }, timeoutMs);
    const finish = (closed) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, closed });
    };
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const parsed = parseResponses(buf);
      responses = responses.concat(parsed.responses.filter((r) => r.status !== 100));
      buf = parsed.rest;
      if (responses.length >= count) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    for (const c of chunks) socket.write(c);
    if (end) socket.end();
  });
}

// A raw POST request's bytes.
function post(operation, body, extraHeaders = {}) {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const headers = {
    Host: `127.0.0.1:${server.port}`,
    'Content-Type': 'application/x-amz-json-1.0',
    'X-Amz-Target': `DynamoDB_20120810.${operation}`,
    Authorization: fakeAuth,
    'Content-Length': String(bytes.length),
    ...extraHeaders,
  };
  let head = 'POST / HTTP/1.1\r\n';
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) head += `${k}: ${v}\r\n`;
  return Buffer.concat([Buffer.from(head + '\r\n'), bytes]);
}

const errorType = (res) => JSON.parse(res.body).__type.split('#')[1];

test('malformed JSON bodies are SerializationException', async () => {
  const bodies = ['{', '{"TableName":', '{"a":}', 'nul', '{"a":1}}', '\u0000', '[1,2', '{"a":"\\x"}',
                  '{"a":01}', '{"a":1e}', ' '.repeat(1000)];
  for (const body of bodies) {
    const res = await rawRequest(server, 'GetItem', body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.deepEqual(res.json, { __type: 'com.amazon.coral.service#SerializationException' });
    assert.equal(res.headers.get('x-amz-crc32'), String(crc32(Buffer.from(res.text))));
  }
  // JSON that is not an object.
  for (const body of ['[]', '1', '"x"', 'null', 'true']) {
    const res = await rawRequest(server, 'GetItem', body);
    assert.equal(res.status, 400, body);
    assert.equal(res.json.__type, 'com.amazon.coral.service#SerializationException');
  }
});

test('a body that is not JSON wins over an unknown target and a missing signature', async () => {
  const res = await rawRequest(server, 'Nope', '{', { Authorization: '' });
  assert.equal(res.json.__type, 'com.amazon.coral.service#SerializationException');
});

test('invalid UTF-8 in the body is a SerializationException', async () => {
  const bad = [Buffer.from([0xff]), Buffer.from([0xc3, 0x28]), Buffer.from([0xed, 0xa0, 0x80]),
               Buffer.from([0xf4, 0x90, 0x80, 0x80]), Buffer.from([0xe2, 0x82])];
  for (const bytes of bad) {
    const body = Buffer.concat([
      Buffer.from('{"TableName":"Hostile","Item":{"pk":{"S":"'), bytes,
      Buffer.from('"},"sk":{"N":"1"}}}')]);
    const { responses } = await exchange([post('PutItem', body)]);
    assert.equal(responses[0].status, 400);
    assert.equal(errorType(responses[0]), 'SerializationException', bytes.toString('hex'));
  }
  // An unpaired surrogate escape is not UTF-8 either.
  const res = await rawRequest(server, 'PutItem',
    '{"TableName":"Hostile","Item":{"pk":{"S":"\\ud800"},"sk":{"N":"1"}}}');
  assert.equal(res.status, 400);
  assert.equal(res.json.__type, 'com.amazon.coral.service#SerializationException');
});

test('wrong content types and methods get DynamoDB\'s 404', async () => {
  for (const type of ['text/html', 'application/xml', 'multipart/form-data; boundary=x',
                      'application/x-www-form-urlencoded', '', '\t']) {
    const { responses } = await exchange([post('ListTables', '{}', { 'Content-Type': type })]);
    assert.equal(responses[0].status, 404, JSON.stringify(type));
    assert.equal(responses[0].body, '<UnknownOperationException/>\n');
  }
  for (const method of ['PUT', 'DELETE', 'PATCH', 'TRACE', 'CONNECT', 'BREW']) {
    const req = `${method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`;
    const { responses } = await exchange([req]);
    assert.equal(responses[0].status, 404, method);
  }
});

test('unknown targets and operations are UnknownOperationException', async () => {
  const targets = ['DynamoDB_20120810.', 'DynamoDB_20120810.getitem', 'DynamoDB_20120810.Get Item',
                   'dynamodb_20120810.GetItem', 'DynamoDB_20120810.GetItem.GetItem', 'x'.repeat(8000),
                   'DynamoDB_20120810.\u00e9', 'DynamoDBStreams_20120810.PutItem2'];
  for (const target of targets) {
    const { responses } = await exchange([post('X', '{}', { 'X-Amz-Target': target })]);
    assert.equal(responses[0].status, 400, target.slice(0, 40));
    assert.equal(errorType(responses[0]), 'UnknownOperationException');
  }
  const { responses } = await exchange([post('X', '{}', { 'X-Amz-Target': undefined })]);
  assert.equal(errorType(responses[0]), 'UnknownOperationException');
});

test('bodies over 16 MB: 413 after the body is read, or at once for Expect: 100-continue', async () => {
  const size = 16 * 1024 * 1024 + 1;
  const head = post('PutItem', '').toString().replace('Content-Length: 0', `Content-Length: ${size}`);
  // The whole body sent: answered 413 and the connection stays usable for the next request.
  const { responses } = await exchange(
    [head, Buffer.alloc(size, 0x61), post('ListTables', '{}')], { count: 2, timeoutMs: 20000 });
  assert.equal(responses[0].status, 413);
  assert.match(responses[0].headers['x-amzn-requestid'], /^[0-9A-Z]{52}$/);
  assert.equal(responses[1].status, 200);
  // A client waiting for 100-continue is refused without sending anything.
  const expect = head.replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n');
  const refused = await exchange([expect]);
  assert.equal(refused.responses[0].status, 413);
  // A declared length far beyond anything: refused the same way, no memory taken for it.
  const huge = head.replace(`Content-Length: ${size}`, 'Content-Length: 999999999999999999')
                   .replace('\r\n\r\n', '\r\nExpect: 100-continue\r\n\r\n');
  assert.equal((await exchange([huge])).responses[0].status, 413);
  // Chunked bodies over the limit are refused once they pass it.
  const chunk = Buffer.alloc(1024 * 1024, 0x61);
  const chunks = [post('PutItem', '').toString()
    .replace('Content-Length: 0', 'Transfer-Encoding: chunked')];
  for (let i = 0; i < 17; i++) chunks.push(`${chunk.length.toString(16)}\r\n`, chunk, '\r\n');
  const chunked = await exchange(chunks, { timeoutMs: 20000 });
  assert.equal(chunked.responses[0].status, 413);
});

test('a body just under the limit is read and answered by the engine', async () => {
  const item = '{"TableName":"Hostile","Item":{"pk":{"S":"big"},"sk":{"N":"1"},"v":{"S":"' +
      'a'.repeat(16 * 1024 * 1024 - 100) + '"}}}';
  assert.ok(item.length <= 16 * 1024 * 1024);
  const res = await rawRequest(server, 'PutItem', item);
  assert.equal(res.status, 400);
  assert.equal(res.json.message, 'Item size has exceeded the maximum allowed size');
});

test('nesting past 32 levels is DynamoDB\'s ValidationException; deeper JSON never crashes', async () => {
  let value = { S: 'deep' };
  for (let i = 0; i < 40; i++) value = { M: { a: value } };
  const res = await rawRequest(server, 'PutItem',
                               { TableName: 'Hostile', Item: { pk: { S: 'n' }, sk: { N: '1' }, v: value } });
  assert.equal(res.status, 400);
  assert.equal(res.json.__type, 'com.amazon.coral.validate#ValidationException');
  assert.match(res.json.message, /Nesting Levels have exceeded supported limits/);
  for (const [open, close] of [['[', ']'], ['{"a":', '}']]) {
    const depth = 200000;
    const body = '{"TableName":"Hostile","Item":{"pk":{"S":"n"},"sk":{"N":"1"},"v":' +
        open.repeat(depth) + '1' + close.repeat(depth) + '}}';
    const deep = await rawRequest(server, 'PutItem', body);
    assert.equal(deep.status, 400, open);
  }
  // Unbalanced and deep: not JSON.
  const unbalanced = await rawRequest(server, 'PutItem', '['.repeat(1000000));
  assert.equal(unbalanced.json.__type, 'com.amazon.coral.service#SerializationException');
});

test('enormous numbers are refused with DynamoDB\'s messages', async () => {
  const put = (n) => rawRequest(server, 'PutItem',
                                `{"TableName":"Hostile","Item":{"pk":{"S":"num"},"sk":{"N":"1"},"v":{"N":"${n}"}}}`);
  const cases = [
    ['1e126', /Number overflow/], ['1e-131', /Number underflow/],
    ['9'.repeat(39), /Attempting to store more than 38 significant digits in a Number/],
    ['1'.repeat(1000000), /./], ['1e99999999999999999999', /Number overflow/],
    ['-1e-99999999999999999999', /Number underflow/], ['NaN', /./], ['Infinity', /./], ['0x10', /./],
  ];
  for (const [n, message] of cases) {
    const res = await put(n);
    assert.equal(res.status, 400, n.slice(0, 30));
    assert.equal(res.json.__type, 'com.amazon.coral.validate#ValidationException', n.slice(0, 30));
    assert.match(res.json.message, message, n.slice(0, 30));
  }
  // A JSON number (not a string) where DynamoDB wants {"N": "..."}: a SerializationException.
  const raw = await rawRequest(server, 'PutItem',
    `{"TableName":"Hostile","Item":{"pk":{"S":"num"},"sk":{"N":${'9'.repeat(5000)}}}}`);
  assert.equal(raw.json.__type, 'com.amazon.coral.service#SerializationException');
});

test('malformed HTTP gets 400, 431, 501 or 505 and the connection is closed', async () => {
  const cases = [
    ['GARBAGE\r\n\r\n', 400],
    ['POST /\r\n\r\n', 400],
    ['POST / HTTP/1.1 extra\r\n\r\n', 400],
    ['POST / HTTP/9.9\r\nHost: x\r\n\r\n', 505],
    ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 505],
    ['POST / HTTP/1.1\r\nHost x\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\n folded: yes\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n', 501],
    ['POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400],
    ['POST / HTTP/1.1\r\nBad\u0001Header: x\r\n\r\n', 400],
    ['POST / HTTP/1.1\r\nX: a\u0000b\r\n\r\n', 400],
    [`POST /${'a'.repeat(20000)} HTTP/1.1\r\n\r\n`, 431],
    [`POST / HTTP/1.1\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`, 431],
    ['POST / HTTP/1.1\r\n' + 'X-Many: 1\r\n'.repeat(101) + '\r\n', 431],
  ];
  for (const [bytes, status] of cases) {
    const { responses, closed } = await exchange([Buffer.from(bytes, 'latin1')]);
    assert.equal(responses[0]?.status, status, JSON.stringify(bytes.slice(0, 60)));
    assert.equal(responses[0].headers.connection, 'close');
    assert.match(responses[0].headers['x-amzn-requestid'], /^[0-9A-Z]{52}$/);
    assert.ok(closed !== undefined);
  }
  // Random bytes never crash it.
  for (let i = 0; i < 200; i++) {
    const junk = Buffer.from(Array.from({ length: 1 + (i * 37) % 3000 },
                                        (_, k) => (k * 131 + i * 17) % 256));
    await exchange([junk], { end: true }).catch(() => {});
  }
  assert.equal((await rawRequest(server, 'ListTables', {})).status, 200);
});

test('chunked bodies, pipelining, HTTP/1.0 and HEAD are served', async () => {
  const body = '{"TableName":"Hostile","Key":{"pk":{"S":"keep"},"sk":{"N":"3"}}}';
  const chunkedHead = post('GetItem', '').toString()
    .replace('Content-Length: 0', 'Transfer-Encoding: chunked');
  const chunked = [chunkedHead, `5;ext=1\r\n${body.slice(0, 5)}\r\n`,
                   `${(body.length - 5).toString(16)}\r\n${body.slice(5)}\r\n`, '0\r\nX-T: 1\r\n\r\n'];
  const one = await exchange(chunked);
  assert.equal(one.responses[0].status, 200);
  assert.equal(JSON.parse(one.responses[0].body).Item.text.S, 'kept 3 ✓');
  // 100 pipelined requests in one write: 100 answers, in order.
  const many = [];
  for (let i = 0; i < 100; i++) {
    many.push(post('GetItem', `{"TableName":"Hostile","Key":{"pk":{"S":"keep"},"sk":{"N":"${i % 20}"}}}`));
  }
  const piped = await exchange([Buffer.concat(many)], { count: 100 });
  assert.equal(piped.responses.length, 100);
  piped.responses.forEach((r, i) => assert.equal(JSON.parse(r.body).Item.sk.N, String(i % 20)));
  // The same, one byte at a time (within the request timeout).
  const trickle = post('ListTables', '{}');
  const bytes = [];
  for (const b of trickle) bytes.push(Buffer.from([b]));
  assert.equal((await exchange(bytes)).responses[0].status, 200);
  // HTTP/1.0 closes after the answer; HEAD gets the headers only.
  const old = await exchange(['GET / HTTP/1.0\r\n\r\n'], { count: 2 });
  assert.equal(old.responses[0].body, 'healthy: dynamodb.us-east-1.amazonaws.com');
  assert.equal(old.closed, true);
  const headOnly = await exchange(['HEAD / HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/1.1\r\n\r\n'],
                                  { count: 1 });
  assert.equal(headOnly.responses[0].status, 200);
  assert.equal(Number(headOnly.responses[0].headers['content-length']),
               'healthy: dynamodb.us-east-1.amazonaws.com'.length);
});

test('a client that half-closes after pipelining gets every answer, then the end', async () => {
  const put = await rawRequest(server, 'PutItem', {
    TableName: 'Hostile', Item: { pk: { S: 'mid' }, sk: { N: '1' }, v: { S: 'm'.repeat(20000) } },
  });
  assert.equal(put.status, 200);
  // 200 answers of 20 KB: more than the server queues for one client before it waits for it to
  // read, so most of the requests are still unanswered when the client shuts down its side.
  const get = post('GetItem', '{"TableName":"Hostile","Key":{"pk":{"S":"mid"},"sk":{"N":"1"}}}');
  const socket = await connect();
  socket.on('error', () => {});
  socket.pause();
  socket.end(Buffer.concat(Array.from({ length: 200 }, () => get)));
  await new Promise((r) => setTimeout(r, 300));
  let buf = Buffer.alloc(0);
  socket.on('data', (d) => { buf = Buffer.concat([buf, d]); });
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.resume();
  await closed;
  const { responses } = parseResponses(buf);
  assert.equal(responses.length, 200);
  for (const r of responses) assert.equal(r.status, 200);
});

test('slow clients that never finish a request are answered 408 and dropped', async () => {
  const started = Date.now();
  const slow = [];
  for (let i = 0; i < 100; i++) {
    const socket = await connect();
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.on('close', resolve));
    let got = '';
    socket.on('data', (d) => { got += d; });
    // Slowloris: a header line now and then, never the end of the head (or of the body).
    // Half send the head a line at a time; half send the head and stall 10 bytes short of the body.
    socket.write(i % 2 ? 'POST / HTTP/1.1\r\nX-A: 1\r\n' : post('ListTables', ' '.repeat(100)).subarray(0, -10));
    const timer = setInterval(() => socket.write('X-B: 2\r\n'), 200);
    if (i % 2 === 0) clearInterval(timer);
    slow.push({ socket, closed, timer, got: () => got });
  }
  // Meanwhile, everyone else is served at once.
  const t0 = Date.now();
  for (let i = 0; i < 20; i++) assert.equal((await rawRequest(server, 'ListTables', {})).status, 200);
  assert.ok(Date.now() - t0 < 2000, `served in ${Date.now() - t0} ms`);
  await Promise.all(slow.map((s) => s.closed));
  for (const s of slow) clearInterval(s.timer);
  const elapsed = Date.now() - started;
  assert.ok(elapsed < kRequestTimeoutMs + 3000, `all dropped within ${elapsed} ms`);
  for (const s of slow) assert.match(s.got(), /^HTTP\/1\.1 408 /);
});

test('a client that never reads its answers does not grow the server', async (t) => {
  const before = rssKb();
  // A 300 KB item, asked for 2,000 times in one pipelined stream that is never read: 600 MB of
  // answers if the server queued them all.
  const put = await rawRequest(server, 'PutItem', {
    TableName: 'Hostile', Item: { pk: { S: 'fat' }, sk: { N: '1' }, v: { S: 'x'.repeat(300000) } },
  });
  assert.equal(put.status, 200);
  const socket = await connect();
  socket.on('error', () => {});
  socket.pause();
  const get = post('GetItem', '{"TableName":"Hostile","Key":{"pk":{"S":"fat"},"sk":{"N":"1"}}}');
  const closed = new Promise((resolve) => socket.on('close', resolve));
  for (let i = 0; i < 2000; i++) socket.write(get);
  await new Promise((r) => setTimeout(r, 1000));
  const during = rssKb();
  // Others are still served while that connection is stuck.
  assert.equal((await rawRequest(server, 'ListTables', {})).status, 200);
  // The stuck connection is dropped once its answers made no progress for the request timeout:
  // reading now gets what was sent before, then the end, far short of 2,000 answers.
  await new Promise((r) => setTimeout(r, kRequestTimeoutMs + 1000));
  let received = 0;
  socket.on('data', (d) => { received += d.length; });
  socket.resume();
  await closed;
  assert.ok(received < 100 * 300000, `received ${received} bytes`);
  t.diagnostic(`never-reading client: ${received} bytes delivered of 600 MB asked; RSS ${before} KB before, ${during} KB while stuck`);
  assert.ok(during - before < 64 * 1024, `RSS grew ${during - before} KB`);
});

test('hundreds of concurrent connections are all served, and idle ones do not lock others out', async () => {
  const sockets = [];
  for (let i = 0; i < 600; i++) {
    const s = await connect();
    s.on('error', () => {});
    sockets.push(s);
  }
  // Every one of them asks at once.
  const answers = await Promise.all(sockets.slice(0, 300).map((s, i) => new Promise((resolve) => {
    let buf = Buffer.alloc(0);
    s.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const { responses } = parseResponses(buf);
      if (responses.length) resolve(responses[0]);
    });
    s.write(post('GetItem', `{"TableName":"Hostile","Key":{"pk":{"S":"keep"},"sk":{"N":"${i % 20}"}}}`));
  })));
  answers.forEach((r, i) => assert.equal(JSON.parse(r.body).Item.sk.N, String(i % 20)));
  // With 600 connections open (half idle), new clients are still served.
  assert.equal((await rawRequest(server, 'ListTables', {})).status, 200);
  for (const s of sockets) s.destroy();
});

test('past --max-connections the longest-idle connection makes room', async () => {
  const capped = await startServer(['--quiet', '--max-connections', '20']);
  try {
    const sockets = [];
    for (let i = 0; i < 20; i++) {
      const s = await new Promise((resolve) => {
        const sock = net.connect(capped.port, '127.0.0.1', () => resolve(sock));
        sock.on('error', () => {});
      });
      sockets.push(s);
    }
    const closedOne = Promise.race(sockets.map((s) => new Promise((r) => s.on('close', r))));
    const res = await rawRequest(capped, 'ListTables', {});
    assert.equal(res.status, 200);
    await closedOne;
    for (const s of sockets) s.destroy();
  } finally {
    await capped.stop();
  }
});

test('memory stays bounded under 40 concurrent 15 MB bodies', async (t) => {
  // Its own server with the default timeouts: on a loaded machine 40 such requests take seconds.
  const own = await startServer(['--quiet']);
  const rss = () => Number(readFileSync(`/proc/${own.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]);
  const before = rss();
  const body = Buffer.from('{"TableName":"Hostile","Key":{"pk":{"S":"' + 'a'.repeat(15 * 1024 * 1024) +
                           '"},"sk":{"N":"1"}}}');
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 20);
  const results = await Promise.all(Array.from({ length: 40 }, () =>
    exchange([post('GetItem', body)], { timeoutMs: 120000, port: own.port })));
  clearInterval(sampler);
  await own.stop();
  // Each one read whole and answered by the engine (this server has no table).
  for (const { responses } of results) {
    assert.equal(responses[0].status, 400);
    assert.equal(errorType(responses[0]), 'ResourceNotFoundException');
  }
  // 40 x 15 MB is 600 MB; the body budget (256 MB) bounds what is held at once.
  t.diagnostic(`40 x 15 MB bodies: RSS ${before} KB before, peak ${peak} KB`);
  assert.ok(peak - before < 400 * 1024, `RSS peak +${peak - before} KB`);
});

test('after all of it the server is healthy and the data intact', async (t) => {
  const res = await rawRequest(server, 'Query', {
    TableName: 'Hostile', KeyConditionExpression: 'pk = :k',
    ExpressionAttributeValues: { ':k': { S: 'keep' } },
  });
  assert.equal(res.status, 200);
  assert.equal(res.json.Count, 20);
  res.json.Items.forEach((item, i) => {
    assert.equal(item.sk.N, String(i));
    assert.equal(item.text.S, `kept ${i} ✓`);
  });
  const tables = await rawRequest(server, 'ListTables', {});
  assert.deepEqual(tables.json.TableNames, ['Hostile']);
  t.diagnostic(`RSS at the end: ${rssKb()} KB (${rssAtStart} KB after setup)`);
  assert.ok(rssKb() < 512 * 1024, `RSS ${rssKb()} KB at the end`);
});
